"""Skill apart from luck: the expected points a player gives up per choice against the
advisor, over every graded choice of their reviewed games, with a 95 % confidence
interval, so that a handful of choices does not read as a verdict."""

import math
from collections.abc import Iterable
from dataclasses import dataclass

from player_stats.seats import SeatReview

# The normal distribution's two-sided 95 % quantile.
Z_95 = 1.959963984540054


@dataclass(frozen=True)
class Skill:
    """Points given up per choice (0 for a player who always chose as the advisor would),
    the choices it rests on, the games, and the interval's ends (None below two choices)."""

    per_choice: float
    choices: int
    games: int
    per_game: float
    low: float | None
    high: float | None


def skill_of(reviews: Iterable[SeatReview]) -> Skill | None:
    """The skill figure of a player's reviewed games; None without a graded choice."""
    found = list(reviews)
    choices = sum(r.choices for r in found)
    if not choices:
        return None
    loss = sum(r.loss for r in found)
    mean = loss / choices
    low = high = None
    if choices > 1:
        spread = max(0.0, sum(r.squares for r in found) - choices * mean * mean)
        half = Z_95 * math.sqrt(spread / (choices - 1) / choices)
        low, high = max(0.0, mean - half), mean + half
    return Skill(mean, choices, len(found), loss / len(found), low, high)
