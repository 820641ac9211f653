"""The game file on a disk that is full, on one mounted read-only, and locked by another
program: every saved game still shows, and a write that cannot be made says why.

The disks are real (`tests.conftest.disk`).
"""

import sqlite3
import subprocess
import time

import pytest

from store import BusyError, DiskFullError, GameStore, ReadOnlyError
from tests.conftest import fill


def test_a_full_disk_still_shows_every_game_and_says_a_save_cannot_be_made(disk, record):
    store = GameStore(disk / "games.sqlite3")
    saved = store.create(record)
    fill(disk)
    assert store.load(saved.id).record == record
    assert [s.id for s in store.list_games()] == [saved.id]
    longer = {**record, "turns": record["turns"] * 2000}
    with pytest.raises(DiskFullError, match="full"):
        store.save(saved.id, longer, saved.revision)
    assert store.load(saved.id).record == record, "nothing was lost"
    assert store.revision(saved.id) == saved.revision


def test_a_read_only_folder_still_shows_every_game_and_says_a_save_cannot_be_made(disk, record):
    store = GameStore(disk / "games.sqlite3")
    saved = store.create(record)
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    assert store.load(saved.id).record == record
    assert [s.id for s in store.list_games()] == [saved.id]
    with pytest.raises(ReadOnlyError):
        store.save(saved.id, record, saved.revision)
    with pytest.raises(ReadOnlyError):
        store.create(record)


def test_a_lock_held_by_another_program_is_told_within_the_busy_timeout(store, record, capsys):
    saved = store.create(record)
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert store.load(saved.id).record == record, "reading does not wait for the writer"
        started = time.monotonic()
        with pytest.raises(BusyError):
            store.save(saved.id, record, saved.revision)
        waited = time.monotonic() - started
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with capsys.disabled():
        print(f"\nlock held elsewhere: told after {waited:.1f} s")
    assert store.save(saved.id, record, saved.revision).revision == saved.revision + 1
