"""Solving in batches on worker threads: every state once, and a solve that can be abandoned."""

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from advisor.layout import Layout
from advisor.solver import CHUNK, SolveAbandonedError, batches, solve
from advisor.tables import build
from tests.advisor.games import SIXES_AND_POKER

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("size", [0, 1, CHUNK, CHUNK + 1, 5 * CHUNK - 3])
def test_batches_cover_a_level_once_in_near_equal_parts(size: int) -> None:
    parts = batches(100, 100 + size)
    assert [i for start, stop in parts for i in range(start, stop)] == list(range(100, 100 + size))
    lengths = [stop - start for start, stop in parts]
    assert all(length <= CHUNK for length in lengths)
    assert max(lengths, default=0) - min(lengths, default=0) <= 1


def test_a_set_stop_abandons_the_solve(advisor_cache: Path) -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(SolveAbandonedError):
        solve(Layout(SIXES_AND_POKER), stop=stop)
    with pytest.raises(SolveAbandonedError):
        build(SIXES_AND_POKER, force=True, stop=stop)


def test_a_background_solve_gives_up_when_the_program_ends(tmp_path: Path) -> None:
    # The page solves in a pool thread, which the interpreter joins at exit: the solve
    # must notice and stop rather than hold the exit back until it is done.
    script = """
import time
from concurrent.futures import ThreadPoolExecutor
from advisor.layout import Layout
from advisor.solver import solve
from scoring.games import GAMES

pool = ThreadPoolExecutor(1)
future = pool.submit(solve, Layout(GAMES["greek"]))
future.add_done_callback(lambda done: print(type(done.exception()).__name__, flush=True))
time.sleep(0.5)
"""
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "SolveAbandonedError"
