"""The players' statistics as CSV text: one row per player, figures unrounded, an empty
field where a figure does not exist (a win rate without a game against others)."""

import csv
import io
from collections.abc import Iterable

from player_stats.lines import PlayerLine
from scoring import text_cell

CSV_COLUMNS = (
    "game",
    "player",
    "games",
    "wins",
    "win_rate",
    "average",
    "median",
    "best",
    "bonus_rate",
    "five_of_a_kinds",
    "reviewed_games",
    "games_without_rolls",
    "choices",
    "given_up_per_choice",
    "given_up_low",
    "given_up_high",
    "given_up_per_game",
    "luck_per_game",
)


def lines_csv(kind: str, lines: Iterable[PlayerLine]) -> str:
    """The lines of the game kind `kind` as CSV, with a header row of CSV_COLUMNS."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for line in lines:
        skill = line.skill
        writer.writerow(
            [
                kind,
                text_cell(line.shown),
                line.games,
                line.wins,
                _number(line.win_rate),
                repr(line.average),
                repr(line.median),
                line.best,
                repr(line.bonus_rate),
                line.fives,
                line.reviewed,
                line.unrolled,
                skill.choices if skill else 0,
                _number(skill.per_choice if skill else None),
                _number(skill.low if skill else None),
                _number(skill.high if skill else None),
                _number(skill.per_game if skill else None),
                _number(line.luck),
            ]
        )
    return out.getvalue()


def _number(value: float | None) -> str:
    return "" if value is None else repr(value)
