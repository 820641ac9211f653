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


def sheet_rows(
    game: Game,
    language: str,
    names: Mapping[str, str] | None = None,
    write_signed: Callable[[float], str] = signed,
) -> list[SheetRow]:
    """The sheet in the game's order, in `language` (falling back to English); `names`
    gives labels by row key in place of the game's (a page's own translation), and
    `write_signed` writes the results against the average (a page's own decimals).

    A 0 in a box that cannot go negative is a scratch and shows as "—"; in the
    catalan school a 0 is a real score (exactly three dice) and shows as 0.
    """
    names = names or {}
    rules = game.rules
    columns = {p: game.column(p) for p in game.players}
    totals = game.totals()

    def box_cell(player: str, box_id: str) -> str:
        if box_id not in columns[player]:
            return ""
        points = columns[player][box_id]
        return SCRATCH if is_scratch(rules, box_id, points) else str(points)

    def total_row(key: str) -> SheetRow:
        values = [getattr(totals[p], key) for p in game.players]
        cells = tuple(write_signed(v) if key == "vs_average" else str(v) for v in values)
        label = names.get(key) or rules.label(key, language)
        return SheetRow(key, label, cells, is_box=False)

    def box_row(box: Box) -> SheetRow:
        cells = tuple(box_cell(p, box.id) for p in game.players)
        return SheetRow(box.id, names.get(box.id) or box.name(language), cells, is_box=True)

    rows = [box_row(b) for b in rules.upper_boxes]
    rows += [total_row("upper"), total_row("upper_bonus")]
    rows += [box_row(b) for b in rules.lower_boxes]
    rows.append(total_row("lower"))
    if rules.joker is not None:
        rows.append(total_row("extra_bonus"))
    rows.append(total_row("total"))
    if rules.settles_against_average:
        rows.append(total_row("vs_average"))
    return rows


def sheet_csv(game: Game, language: str, names: Mapping[str, str] | None = None) -> str:
    """The sheet as CSV text: a header of player names, then one line per row (labels as
    `sheet_rows` gives them). A scratched box is 0 there, and text a spreadsheet would run
    as a formula (a name starting with `=`, `+`, `-`, `@`, a tab or a carriage return) is
    written as text, behind an apostrophe; numbers stay numbers."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["", *map(text_cell, game.players)])
    for row in sheet_rows(game, language, names):
        cells = ["0" if cell == SCRATCH else cell for cell in row.cells]
        writer.writerow([text_cell(row.label), *map(text_cell, cells)])
    return out.getvalue()


def text_cell(text: str) -> str:
    """A cell that no spreadsheet runs as a formula."""
    if NUMBER.fullmatch(text) or not text.startswith(FORMULA_STARTS):
        return text
    return "'" + text
