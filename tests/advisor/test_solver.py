"""Solving in batches on worker threads: every state once, and a solve that can be abandoned."""

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from advisor import SolveAbandonedError, TableCache
from advisor.layout import Layout
from advisor.solver import CHUNK, batches, solve
from tests.advisor.games import SIXES_AND_POKER

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("size", [0, 1, CHUNK, CHUNK + 1, 5 * CHUNK - 3])
def test_batches_cover_a_level_once_in_near_equal_parts(size: int) -> None:
    parts = batches(100, 100 + size)
    assert [i for start, stop in parts for i in range(start, stop)] == list(range(100, 100 + size))
    lengths = [stop - start for start, stop in parts]
    assert all(length <= CHUNK for length in lengths)
    assert max(lengths, default=0) - min(lengths, default=0) <= 1


def test_a_set_stop_abandons_the_solve(tmp_path: Path) -> None:
    stop = threading.Event()
    stop.set()
    with pytest.raises(SolveAbandonedError):
        solve(Layout(SIXES_AND_POKER), stop=stop)
    cache = TableCache(tmp_path)
    cache.stop()
    with pytest.raises(SolveAbandonedError):
        cache.build(SIXES_AND_POKER, force=True)


def test_a_background_solve_gives_up_when_the_program_ends(tmp_path: Path) -> None:
    # A page solves in its script thread, which the interpreter joins at exit: the solve
    # must notice and stop rather than hold the exit back until it is done.
    script = """
import threading
import time
from advisor.layout import Layout
from advisor.solver import solve
from scoring.games import GAMES

def page():
    try:
        solve(Layout(GAMES["greek"]))
        print("finished", flush=True)
    except Exception as error:
        print(type(error).__name__, flush=True)

threading.Thread(target=page).start()
time.sleep(0.5)
"""
    run = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "SolveAbandonedError"
