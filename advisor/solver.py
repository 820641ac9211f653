"""Backward induction over a game's column states: the expected rest-of-game score.

Each level (count of filled boxes) is split into batches that worker threads solve
at once: numpy lets go of the interpreter lock while it works on whole arrays.
"""

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from advisor.layout import Layout
from advisor.turn import turn_values
from advisor.workspace import Workspace

# States per batch: large enough for numpy to work on big arrays, small enough for a
# batch's arrays to stay in cache.
CHUNK = 256


class SolveAbandonedError(RuntimeError):
    """A solve stopped part way because it was asked to or the program is ending."""


_exiting = threading.Event()
# Set before the interpreter joins its threads at exit, so that a solve running in a
# background thread (a server's) gives up instead of holding the exit back.
threading._register_atexit(_exiting.set)


def terminal_values(layout: Layout, values: np.ndarray) -> None:
    """Write the full columns' values: just the upper bonus if it was reached."""
    start, stop = layout.level(len(layout.rules.boxes))
    u = layout.states(start, stop)[1]
    bonus = layout.rules.upper_bonus
    values[start:stop] = np.where(u >= bonus.at_least, bonus.points, 0)


def solve(layout: Layout, stop: threading.Event | None = None) -> np.ndarray:
    """Expected points still to come (boxes, bonuses) from every state that can occur.

    Raises ``SolveAbandonedError`` soon after ``stop`` is set or the program starts to exit.
    """
    values = np.empty(layout.count)
    terminal_values(layout, values)

    local = threading.local()

    def go_on() -> None:
        if _exiting.is_set() or (stop is not None and stop.is_set()):
            raise SolveAbandonedError(f"solving {layout.rules.id} was abandoned")

    def solve_batch(bounds: tuple[int, int]) -> None:
        go_on()
        if not hasattr(local, "work"):
            local.work = Workspace()
        states = layout.states(*bounds)
        values[slice(*bounds)] = turn_values(layout, values, states, local.work)

    with ThreadPoolExecutor(os.cpu_count() or 1, thread_name_prefix="advisor-solve") as pool:
        for filled in range(len(layout.rules.boxes) - 1, -1, -1):
            go_on()
            for _ in pool.map(solve_batch, batches(*layout.level(filled))):
                pass
    return values


def batches(start: int, stop: int) -> list[tuple[int, int]]:
    """``start`` to ``stop`` in near-equal batches of at most ``CHUNK`` states."""
    cuts = np.linspace(start, stop, -(-(stop - start) // CHUNK) + 1).round().astype(int)
    return list(zip(cuts[:-1].tolist(), cuts[1:].tolist(), strict=True))
