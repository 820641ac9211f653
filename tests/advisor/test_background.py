"""Tables solved ahead in a low-priority child process, one game at a time."""

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from advisor import background, tables
from advisor.background import BackgroundSolver
from advisor.layout import Layout
from advisor.tables import CACHE_ENV, table_path
from scoring import GAMES


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    """An empty cache folder, and no table in memory."""
    folder = tmp_path / "advisor"
    monkeypatch.setenv(CACHE_ENV, str(folder))
    monkeypatch.setattr(tables, "_by_key", {})
    monkeypatch.setattr(tables, "_by_rules", {})
    return folder


def _children(game: str) -> list[int]:
    """Process ids of the running `advisor build GAME` commands."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if command[-3:] == [b"build", game.encode(), b""] and b"advisor" in command:
            found.append(int(entry.name))
    return found


def _wait(condition, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.05)


def test_a_table_asked_for_is_solved_stored_and_loaded(cache):
    solver = BackgroundSolver([])
    solver.start()
    assert not solver.ready("catalan")
    _wait(lambda: solver.ready("catalan"))
    assert table_path(Layout(GAMES["catalan"])).exists()
    assert tables.loaded("catalan")
    solver.stop()


def test_a_solve_killed_part_way_is_started_again_on_the_next_ask(cache, caplog):
    solver = BackgroundSolver(["yahtzee"])
    solver.start()
    _wait(lambda: _children("yahtzee"))
    for pid in _children("yahtzee"):
        os.kill(pid, signal.SIGKILL)
    _wait(lambda: "solving yahtzee ahead failed" in caplog.text)
    assert not tables.loaded("yahtzee")
    # The solve runs at the lowest priority: on a busy machine it waits its turn.
    _wait(lambda: solver.ready("yahtzee"), seconds=600)
    solver.stop()


def test_stopping_interrupts_the_solve_and_nothing_is_stored(cache):
    solver = BackgroundSolver(["greek"])
    solver.start()
    _wait(lambda: _children("greek"))
    solver.stop()
    # The solve's forked worker ends with it, as soon as the kernel tells it.
    _wait(lambda: not _children("greek"), seconds=30)
    assert not list(cache.glob("greek-*"))
    assert not solver.ready("greek")


def test_pages_asking_from_many_threads_share_one_solve_at_a_time(cache):
    solver = BackgroundSolver(["catalan", "yahtzee"])
    solver.start()
    most = 0
    answers: list[bool] = []

    def ask() -> None:
        while not (solver.ready("yahtzee") and solver.ready("catalan")):
            time.sleep(0.01)
        answers.append(True)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        # A solve's own forked workers run the same command: count games, not processes.
        most = max(most, bool(_children("catalan")) + bool(_children("yahtzee")))
        time.sleep(0.02)
    assert answers == [True] * 8
    assert most == 1, "one game at a time"
    solver.stop()


def test_another_server_solving_in_the_same_folder_is_waited_for(cache):
    cache.mkdir(parents=True)
    with (cache / background.LOCK_FILE).open("a") as lock:
        background.fcntl.flock(lock, background.fcntl.LOCK_EX)
        solver = BackgroundSolver(["catalan"])
        solver.start()
        time.sleep(1.0)
        assert not _children("catalan"), "waits for the folder's lock"
        assert not solver.ready("catalan")
    _wait(lambda: solver.ready("catalan"))
    solver.stop()
