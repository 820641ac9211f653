"""Backward induction over a game's column states: the expected rest-of-game score."""

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from scoring.advisor.layout import Layout
from scoring.advisor.turn import best_boxes, play

# States per batch: large enough for numpy to work (and release the GIL) on big arrays,
# small enough for a batch's arrays to stay in cache.
CHUNK = 1024


def terminal_values(layout: Layout, values: np.ndarray) -> None:
    """Write the full columns' values: just the upper bonus if it was reached."""
    states = layout.level(len(layout.rules.boxes))
    bonus = layout.rules.upper_bonus
    values[layout.flat(*states)] = np.where(states[1] >= bonus.at_least, bonus.points, 0)


def solve_chunk(layout: Layout, values: np.ndarray, states: tuple[np.ndarray, ...]) -> None:
    """Write the value of ``states``, whose following states are already solved."""
    before = play(best_boxes(layout, values, states))
    values[layout.flat(*states)] = before[1][0][0]


def solve(layout: Layout, workers: int | None = None) -> np.ndarray:
    """Expected points still to come (boxes, bonuses) from every reachable state; NaN elsewhere.

    States with the same number of filled boxes are solved in parallel batches.
    """
    values = np.full(layout.size, np.nan)
    terminal_values(layout, values)
    with ThreadPoolExecutor(workers or len(os.sched_getaffinity(0))) as pool:
        for filled in range(len(layout.rules.boxes) - 1, -1, -1):
            states = layout.level(filled)
            chunks = [
                tuple(part[start : start + CHUNK] for part in states)
                for start in range(0, len(states[0]), CHUNK)
            ]
            # Consuming the results waits for the level and raises any batch's error.
            list(pool.map(lambda chunk: solve_chunk(layout, values, chunk), chunks))
    return values
