"""The scoresheet as a table of text: boxes as rows, players as columns.

Shared by the page and the CSV export so both show the same sheet.
"""

import csv
import io
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scoring.game import Game
from scoring.rules import Box, GameRules
from scoring.scorer import box_range
from scoring.totals import Totals

SCRATCH = "—"
# What a spreadsheet reads as the start of a formula, and what it reads as a number.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet: its label, one cell per player, and whether it is a box."""

    key: str
    label: str
    cells: tuple[str, ...]
    is_box: bool


def is_scratch(rules: GameRules, box_id: str, points: int) -> bool:
    """A 0 is a scratch ("—") unless the box can go negative, as the catalan school can."""
    return points == 0 and box_range(rules.box(box_id), rules.dice)[0] >= 0


def signed(value: float) -> str:
    """A result against the table average: always signed, at most one decimal."""
    return f"{round(value, 1):+g}"


def sheet_header(game: Game, labels: Mapping[str, str] | None = None) -> list[str]:
    """One heading per cell of a sheet row: each player's name (or their label in
    `labels`), with the column's multiplier ("Ann ×2") where each keeps several."""
    names = [labels[player] if labels else player for player in game.players]
    times = game.rules.columns
    if len(times) == 1:
        return names
    return [f"{name} ×{each}" for name in names for each in times]


def sheet_rows(
    game: Game,
    language: str,
    names: Mapping[str, str] | None = None,
    write_signed: Callable[[float], str] = signed,
) -> list[SheetRow]:
    """The sheet in the game's order, in `language` (falling back to English), one cell
    per player and column (see `sheet_header`); `names` gives labels by row key in place
    of the game's (a page's own translation), and `write_signed` writes the results
    against the average (a page's own decimals).

    A 0 in a box that cannot go negative is a scratch and shows as "—"; in the
    catalan school a 0 is a real score (exactly three dice) and shows as 0. On a sheet
    of several columns each column has its own totals, then the rows `multiplied` (each
    column's total times its multiplier) and `grand_total` (the player's total, in their
    first cell).
    """
    names = names or {}
    rules = game.rules
    several = len(rules.columns) > 1
    cells = [(p, n) for p in game.players for n in range(len(rules.columns))]
    columns = {p: game.columns(p) for p in game.players}
    each = {p: game.column_totals(p) for p in game.players}
    totals = game.totals()

    def label(key: str) -> str:
        return names.get(key) or rules.label(key, language)

    def box_cell(player: str, column: int, box_id: str) -> str:
        filled = columns[player][column]
        if box_id not in filled:
            return ""
        points = filled[box_id]
        return SCRATCH if is_scratch(rules, box_id, points) else str(points)

    def total_row(key: str) -> SheetRow:
        values = [getattr(each[p][n], key) for p, n in cells]
        return SheetRow(key, label(key), tuple(map(str, values)), is_box=False)

    def player_row(key: str, write: Callable[[Totals], str]) -> SheetRow:
        """A row of one value per player, in the player's first cell."""
        values = tuple(write(totals[p]) if n == 0 else "" for p, n in cells)
        return SheetRow(key, label(key), values, is_box=False)

    def box_row(box: Box) -> SheetRow:
        values = tuple(box_cell(p, n, box.id) for p, n in cells)
        return SheetRow(box.id, names.get(box.id) or box.name(language), values, is_box=True)

    rows = [box_row(b) for b in rules.upper_boxes]
    rows += [total_row("upper"), total_row("upper_bonus")]
    rows += [box_row(b) for b in rules.lower_boxes]
    rows.append(total_row("lower"))
    if rules.joker is not None:
        rows.append(total_row("extra_bonus"))
    rows.append(total_row("total"))
    if several:
        times = tuple(str(each[p][n].total * rules.columns[n]) for p, n in cells)
        rows.append(SheetRow("multiplied", label("multiplied"), times, is_box=False))
        rows.append(player_row("grand_total", lambda t: str(t.total)))
    if rules.settles_against_average:
        rows.append(player_row("vs_average", lambda t: write_signed(t.vs_average or 0.0)))
    return rows


def sheet_csv(game: Game, language: str, names: Mapping[str, str] | None = None) -> str:
    """The sheet as CSV text: a header of player names (`sheet_header`), then one line per
    row (labels as `sheet_rows` gives them). A scratched box is 0 there, and text a
    spreadsheet would run as a formula (a name starting with `=`, `+`, `-`, `@`, a tab or
    a carriage return) is written as text, behind an apostrophe; numbers stay numbers."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["", *map(text_cell, sheet_header(game))])
    for row in sheet_rows(game, language, names):
        cells = ["0" if cell == SCRATCH else cell for cell in row.cells]
        writer.writerow([text_cell(row.label), *map(text_cell, cells)])
    return out.getvalue()


def text_cell(text: str) -> str:
    """A cell that no spreadsheet runs as a formula."""
    if NUMBER.fullmatch(text) or not text.startswith(FORMULA_STARTS):
        return text
    return "'" + text
