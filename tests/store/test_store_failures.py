"""The game file on a disk that is full, on one mounted read-only, and locked by another
program: every saved game still shows, and a write that cannot be made says why.

The disks are real (`tests.conftest.disk`).
"""

import sqlite3
import subprocess
import time

import pytest

from store import BusyError, DiskFullError, ReadOnlyError, SqliteStore
from tests.conftest import fill


def test_a_full_disk_still_shows_every_game_and_says_a_save_cannot_be_made(disk, record):
    store = SqliteStore(disk / "games.sqlite3")
    table = store.issue_table()
    saved = store.create(record, table=table)
    fill(disk)
    assert store.load(saved.id, table=table).record == record
    assert [s.id for s in store.list_games(table=table)] == [saved.id]
    longer = {**record, "turns": record["turns"] * 2000}
    with pytest.raises(DiskFullError, match="full"):
        store.save(saved.id, longer, saved.revision, table=table)
    assert store.load(saved.id, table=table).record == record, "nothing was lost"
    assert store.revision(saved.id, table=table) == saved.revision


def test_a_read_only_folder_still_shows_every_game_and_says_a_save_cannot_be_made(disk, record):
    store = SqliteStore(disk / "games.sqlite3")
    table = store.issue_table()
    saved = store.create(record, table=table)
    subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
    assert store.load(saved.id, table=table).record == record
    assert [s.id for s in store.list_games(table=table)] == [saved.id]
    with pytest.raises(ReadOnlyError):
        store.save(saved.id, record, saved.revision, table=table)
    with pytest.raises(ReadOnlyError):
        store.create(record, table=table)


def test_a_lock_held_by_another_program_is_told_within_the_busy_timeout(store, record, capsys):
    table = store.issue_table()
    saved = store.create(record, table=table)
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert store.load(saved.id, table=table).record == record, (
            "reading does not wait for the writer"
        )
        started = time.monotonic()
        with pytest.raises(BusyError):
            store.save(saved.id, record, saved.revision, table=table)
        waited = time.monotonic() - started
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with capsys.disabled():
        print(f"\nlock held elsewhere: told after {waited:.1f} s")
    assert store.save(saved.id, record, saved.revision, table=table).revision == saved.revision + 1
