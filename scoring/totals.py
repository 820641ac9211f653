"""Subtotals, bonuses and totals of one column, and of a player's multiplied columns."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.rules import GameRules, Section
from scoring.scorer import box_range


@dataclass(frozen=True)
class Totals:
    """A column's summary rows; `vs_average` only for games settled against the table."""

    upper: int
    upper_bonus: int
    lower: int
    extra_bonus: int
    total: int
    vs_average: float | None = None


def upper_sum(rules: GameRules, column: Mapping[str, int]) -> int:
    """Sum of the filled upper boxes."""
    return sum(column.get(b.id, 0) for b in rules.upper_boxes)


def upper_bonus(rules: GameRules, column: Mapping[str, int]) -> int:
    """The upper bonus once it is certain: reached, and no later box can take it away."""
    reached = upper_sum(rules, column) >= rules.upper_bonus.at_least
    empty = [b for b in rules.upper_boxes if b.id not in column]
    certain = not empty or all(box_range(b, rules.dice)[0] >= 0 for b in empty)
    return rules.upper_bonus.points if reached and certain else 0


def column_totals(rules: GameRules, column: Mapping[str, int], extra_bonus: int) -> Totals:
    """Totals of a column whose extra five-of-a-kind bonuses add up to `extra_bonus`."""
    upper = upper_sum(rules, column)
    bonus = upper_bonus(rules, column)
    lower = sum(column.get(b.id, 0) for b in rules.boxes if b.section is Section.LOWER)
    return Totals(upper, bonus, lower, extra_bonus, upper + bonus + lower + extra_bonus)


def multiplied(columns: Sequence[Totals], multipliers: Sequence[int]) -> Totals:
    """A player's totals over their columns, each column's counted `multipliers` times
    (one column of multiplier 1: its own totals)."""
    return Totals(
        *(
            sum(
                getattr(totals, row) * times
                for totals, times in zip(columns, multipliers, strict=True)
            )
            for row in ("upper", "upper_bonus", "lower", "extra_bonus", "total")
        )
    )
