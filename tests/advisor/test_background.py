"""Tables solved ahead in a low-priority child process, one game at a time."""

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from advisor import TableCache, background


@pytest.fixture
def cache(tmp_path) -> TableCache:
    """A cache of an empty folder: no table stored, none in memory."""
    return TableCache(tmp_path / "advisor")


def _children(game: str) -> list[int]:
    """Process ids of the `advisor build GAME` commands (with or without moments) that this
    test process started, at any depth: never those of tests running beside it."""
    parents, commands = {}, {}
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
            commands[int(entry.name)] = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError):
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    ours, grown = {os.getpid()}, True
    while grown:
        found = {pid for pid, parent in parents.items() if parent in ours} - ours
        ours |= found
        grown = bool(found)
    return [
        pid
        for pid in ours
        if b"advisor" in (command := commands.get(pid, []))
        and command[command.index(b"build") + 1 :][:1] == [game.encode()]
    ]


def _wait(condition, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.05)


def test_a_table_asked_for_is_solved_stored_and_loaded(cache):
    cache.solve_ahead([])
    assert not cache.ready("catalan")
    _wait(lambda: cache.ready("catalan"))
    assert cache.path("catalan").exists()
    assert cache.loaded("catalan")
    cache.stop()


def test_a_solve_killed_part_way_is_started_again_on_the_next_ask(cache, caplog):
    cache.solve_ahead(["kniffel"])
    _wait(lambda: _children("kniffel"))
    for pid in _children("kniffel"):
        os.kill(pid, signal.SIGKILL)
    _wait(lambda: "solving kniffel ahead failed" in caplog.text)
    assert not cache.loaded("kniffel")
    # The solve runs at the lowest priority: on a busy machine it waits its turn.
    _wait(lambda: cache.ready("kniffel"), seconds=600)
    cache.stop()


def test_every_mean_table_comes_before_any_moments_table(cache):
    cache.solve_ahead(["catalan", "yacht"])
    # Watching the folder, not asking (a table asked for would jump the queue).
    _wait(lambda: all(cache.stored(game, moments=True) for game in ("catalan", "yacht")))
    _wait(lambda: cache.loaded("yacht", moments=True))
    cache.stop()
    means = [cache.path(game).stat().st_mtime_ns for game in ("catalan", "yacht")]
    moments = [cache.path(game, moments=True).stat().st_mtime_ns for game in ("catalan", "yacht")]
    assert max(means) <= min(moments)
    assert cache.loaded("catalan", moments=True)
    assert cache.with_moments("yacht").tables.shape[0] == 3


def test_chances_asked_for_wait_for_every_mean_table_still_to_solve(cache):
    cache.build("yacht", moments=False)
    cache.folder.mkdir(parents=True, exist_ok=True)
    with (cache.folder / background.LOCK_FILE).open("a") as lock:
        background.fcntl.flock(lock, background.fcntl.LOCK_EX)
        cache.solve_ahead(["catalan", "kniffel"])
        assert not cache.ready("yacht", moments=True)
    _wait(lambda: cache.stored("kniffel") and cache.stored("yacht", moments=True))
    kniffel = cache.path("kniffel").stat().st_mtime_ns
    assert kniffel <= cache.path("yacht", moments=True).stat().st_mtime_ns
    cache.stop()


def test_asking_for_the_moments_first_still_solves_the_mean_table_first(cache):
    cache.solve_ahead([])
    assert not cache.ready("catalan", moments=True)
    _wait(lambda: cache.stored("catalan"))
    assert not cache.stored("catalan", moments=True) or (
        cache.path("catalan").stat().st_mtime_ns
        <= cache.path("catalan", moments=True).stat().st_mtime_ns
    )
    _wait(lambda: cache.ready("catalan", moments=True))
    assert cache.loaded("catalan")
    cache.stop()


def test_stopping_interrupts_the_solve_and_nothing_is_stored(cache):
    cache.solve_ahead(["greek"])
    _wait(lambda: _children("greek"))
    cache.stop()
    # The solve's forked worker ends with it, as soon as the kernel tells it and runs it:
    # at the lowest priority on a busy machine that can take long, so the bound is only
    # there to end a test that would hang.
    _wait(lambda: not _children("greek"), seconds=600)
    assert not list(cache.folder.glob("greek-*"))
    assert not cache.ready("greek")


def test_pages_asking_from_many_threads_share_one_solve_at_a_time(cache):
    cache.solve_ahead(["catalan", "yahtzee"])
    most = 0
    answers: list[bool] = []

    def ask() -> None:
        while not (cache.ready("yahtzee") and cache.ready("catalan")):
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
    cache.stop()


def test_another_server_solving_in_the_same_folder_is_waited_for(cache):
    cache.folder.mkdir(parents=True)
    with (cache.folder / background.LOCK_FILE).open("a") as lock:
        background.fcntl.flock(lock, background.fcntl.LOCK_EX)
        cache.solve_ahead(["catalan"])
        time.sleep(1.0)
        assert not _children("catalan"), "waits for the folder's lock"
        assert not cache.ready("catalan")
    _wait(lambda: cache.ready("catalan"))
    cache.stop()
