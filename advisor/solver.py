"""Backward induction over a game's column states: the expected rest-of-game score.

Each level (count of filled boxes) is cut into batches, shared out between this
process and one forked worker per further core. Threads would not do: numpy's many
short calls would keep them waiting on each other for the interpreter lock. The
values live in memory mapped as shared, where each process writes its batches.
"""

import mmap
import os
import threading

import numpy as np

from advisor.boxes import candidates
from advisor.layout import Layout
from advisor.turn import turn_values
from advisor.workers import Workers
from advisor.workspace import Workspace

# States per batch: enough to spread numpy's cost per call over many states, few
# enough for a batch's arrays to stay in cache and each process's memory to stay small.
CHUNK = 128


class SolveAbandonedError(RuntimeError):
    """A solve stopped part way because it was asked to or the program is ending."""


def _ending() -> bool:
    """Whether the program is ending: its main thread has finished, and the interpreter
    waits for the other threads (a page's script thread among them) before it exits."""
    return not threading.main_thread().is_alive()


def terminal_values(layout: Layout, tables: np.ndarray) -> None:
    """Write the full columns' values (and their powers): the upper bonus if it was reached."""
    start, stop = layout.level(len(layout.rules.boxes))
    u = layout.states(start, stop)[1]
    bonus = layout.rules.upper_bonus
    points = np.where(u >= bonus.at_least, bonus.points, 0)
    tables[:, start:stop] = [points**power for power in range(1, len(tables) + 1)]


def solve(layout: Layout, channels: int = 1, stop: threading.Event | None = None) -> np.ndarray:
    """Expected points still to come (boxes, bonuses) from every state that can occur, and
    with ``channels`` = ``advisor.moments.CHANNELS`` their expected squares and cubes under
    the same play: ``channels`` rows of ``layout.count``. Every choice is made on the first
    row, so that row is the same whatever ``channels``.

    Raises ``SolveAbandonedError`` soon after ``stop`` is set or the main thread has
    finished (a solve in another thread then gives up rather than hold the exit back;
    one in a ``concurrent.futures`` pool's thread is waited for, as the pool joins its
    threads first: stop it through ``stop``).
    """
    shared = mmap.mmap(-1, channels * 8 * layout.count)
    tables = np.frombuffer(shared, dtype=np.float64).reshape(channels, layout.count)
    terminal_values(layout, tables)
    work = Workspace()

    def solve_share(filled: int, share: int, shares: int) -> None:
        for bounds in batches(*layout.level(filled))[share::shares]:
            if (stop is not None and stop.is_set()) or _ending():
                raise SolveAbandonedError(f"solving {layout.rules.id} was abandoned")
            states = layout.states(*bounds)
            tables[:, slice(*bounds)] = turn_values(layout, tables, states, work)

    levels = range(len(layout.rules.boxes) - 1, -1, -1)
    # The first level here, before forking, so that every table and cache the workers
    # read is made once and shared.
    solve_share(levels[0], 0, 1)
    for roll in {group[0] for group in layout.roll_groups}:
        candidates(layout, roll, True)
    with Workers((os.cpu_count() or 1) - 1, solve_share) as workers:
        for filled in levels[1:]:
            workers.start(filled)
            solve_share(filled, 0, workers.shares)
            workers.join()
    return tables


def batches(start: int, stop: int) -> list[tuple[int, int]]:
    """``start`` to ``stop`` in near-equal batches of at most ``CHUNK`` states."""
    cuts = np.linspace(start, stop, -(-(stop - start) // CHUNK) + 1).round().astype(int)
    return list(zip(cuts[:-1].tolist(), cuts[1:].tolist(), strict=True))
