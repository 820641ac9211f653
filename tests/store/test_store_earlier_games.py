"""A game file saved before games belonged to tables is brought up to date once: its games
all go to one new table, each with its summary, and nothing else changes."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from scoring import Game
from store import SqliteStore

REPO_ROOT = Path(__file__).resolve().parents[2]
# The layout that version 1 of the game file had.
_VERSION_1 = (
    "CREATE TABLE games (id TEXT PRIMARY KEY NOT NULL, record TEXT NOT NULL, revision INTEGER"
    " NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL, sequence INTEGER NOT NULL)",
    "CREATE INDEX games_by_change ON games (sequence)",
    "PRAGMA user_version = 1",
)
_WHEN = "2026-11-30T20:00:00+00:00"


def _earlier_file(path: Path, records: dict[str, dict[str, object] | str]) -> None:
    conn = sqlite3.connect(path)
    for statement in _VERSION_1:
        conn.execute(statement)
    for sequence, (game_id, record) in enumerate(records.items(), start=1):
        text = record if isinstance(record, str) else json.dumps(record)
        conn.execute(
            "INSERT INTO games VALUES (?, ?, 3, ?, ?, ?)", (game_id, text, _WHEN, _WHEN, sequence)
        )
    conn.commit()
    conn.close()


def _finished_yatzy() -> Game:
    game = Game("yatzy", ["Ann"])
    for box in game.rules.boxes:
        game.record(box.id, [2, 2, 2, 5, 5])
    return game


def test_games_saved_before_tables_go_to_one_table_with_their_summaries(db_path: Path) -> None:
    finished = _finished_yatzy()
    playing = Game("greek", ["Bob", "Cy"])
    _earlier_file(
        db_path,
        {"aaaaaaaa": finished.to_dict(), "bbbbbbbb": playing.to_dict(), "cccccccc": "not json"},
    )
    store = SqliteStore(db_path)
    ((table, count),) = store.tables()
    assert count == 3
    assert [s.id for s in store.list_games(table=table, finished=True)] == ["aaaaaaaa"]
    (done,) = store.list_games(table=table, finished=True)
    assert done.winners == ("Ann",)
    assert done.totals == (finished.totals()["Ann"].total,)
    assert [s.id for s in store.list_games(table=table, finished=False)] == ["bbbbbbbb"]
    assert store.unreadable_games(table=table) == ["cccccccc"]
    loaded = store.load("bbbbbbbb", table=table)
    assert (loaded.record, loaded.revision) == (playing.to_dict(), 3)
    assert store.save("bbbbbbbb", loaded.record, 3, table=table).revision == 4
    assert SqliteStore(db_path).tables() == [(table, 3)], "brought up to date only once"


def test_the_owner_finds_the_earlier_games_table_with_the_store_command(db_path: Path) -> None:
    _earlier_file(db_path, {"aaaaaaaa": Game("yatzy", ["Ann"]).to_dict()})
    listed = subprocess.run(
        [sys.executable, "-m", "store", "tables", "--db", str(db_path)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    ((table, _),) = SqliteStore(db_path).tables()
    assert f"?table={table}" in listed
    assert "1 game" in listed
