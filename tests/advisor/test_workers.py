"""Forked workers: each takes its share of a level, failures come back, none outlives a solve."""

import mmap
import os
import threading
from pathlib import Path

import numpy as np
import pytest

from advisor.layout import Layout
from advisor.solver import solve
from advisor.workers import WorkerError, Workers
from tests.advisor.games import SIXES_AND_POKER


def _children() -> list[int]:
    tasks = Path(f"/proc/{os.getpid()}/task")
    return [int(pid) for file in tasks.glob("*/children") for pid in file.read_text().split()]


pytestmark = pytest.mark.skipif(
    not hasattr(os, "fork") or not Path("/proc/self/task").exists(),
    reason="workers are forked; their count is read from /proc",
)


def test_each_worker_takes_its_share_of_every_level() -> None:
    seen = np.frombuffer(mmap.mmap(-1, 8 * 3 * 4), dtype=np.int64).reshape(3, 4)

    def task(level: int, share: int, shares: int) -> None:
        seen[level, share] = shares

    with Workers(3, task) as workers:
        for level in range(3):
            workers.start(level)
            task(level, 0, workers.shares)
            workers.join()
    assert (seen == 4).all()
    assert _children() == []


def test_a_failing_worker_is_reported_and_every_worker_ends() -> None:
    def task(level: int, share: int, shares: int) -> None:
        if share == 2:
            raise ValueError("no table for this level")

    with pytest.raises(WorkerError, match="no table for this level"), Workers(2, task) as workers:
        workers.start(0)
        workers.join()
    assert _children() == []


def test_a_solve_from_another_thread_matches_one_from_this_one(advisor_cache: Path) -> None:
    layout = Layout(SIXES_AND_POKER)
    found = {}
    thread = threading.Thread(target=lambda: found.update(values=solve(layout)))
    thread.start()
    thread.join()
    np.testing.assert_array_equal(found["values"], solve(layout))
    assert _children() == []
