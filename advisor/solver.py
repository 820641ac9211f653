"""Backward induction over a game's column states: the expected rest-of-game score."""

import numpy as np

from advisor.layout import Layout
from advisor.turn import best_boxes, play

# States per batch: large enough for numpy to work on big arrays, small enough for a
# batch's arrays to stay in cache.
CHUNK = 1024


def terminal_values(layout: Layout, values: np.ndarray) -> None:
    """Write the full columns' values: just the upper bonus if it was reached."""
    states = layout.level(len(layout.rules.boxes))
    bonus = layout.rules.upper_bonus
    values[layout.flat(*states)] = np.where(states[1] >= bonus.at_least, bonus.points, 0)


def solve_states(layout: Layout, values: np.ndarray, states: tuple[np.ndarray, ...]) -> None:
    """Write the value of ``states``, whose following states are already solved."""
    for start in range(0, len(states[0]), CHUNK):
        chunk = tuple(part[start : start + CHUNK] for part in states)
        before = play(best_boxes(layout, values, chunk))
        values[layout.flat(*chunk)] = before[1][0][0]


def solve(layout: Layout) -> np.ndarray:
    """Expected points still to come (boxes, bonuses) from every reachable state; NaN elsewhere."""
    values = np.full(layout.size, np.nan)
    terminal_values(layout, values)
    for filled in range(len(layout.rules.boxes) - 1, -1, -1):
        solve_states(layout, values, layout.level(filled))
    return values
