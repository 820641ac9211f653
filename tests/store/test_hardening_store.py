"""A save's cost does not grow with other tables' games: the next change number and the
games already at a table are found in indexes, counted in SQLite's own steps (the same on
a busy machine as on a quiet one)."""

import sqlite3
from pathlib import Path

from scoring import Game
from store import SqliteStore
from store.records import new_game_id

OTHER_GAMES = 20_000
# SQLite's steps between two calls of the counting handler.
STEP = 10


def _steps(path: Path, sql: str, params: tuple[object, ...] = ()) -> int:
    """How many of SQLite's steps (in tens) one run of `sql` takes on the file."""
    conn = sqlite3.connect(path)
    counted = 0

    def count() -> int:
        nonlocal counted
        counted += 1
        return 0

    conn.set_progress_handler(count, STEP)
    conn.execute(sql, params).fetchall()
    conn.close()
    return counted


def _other_tables(path: Path, games: int) -> None:
    """`games` games at tables of ten, written straight into the file."""
    store = SqliteStore(path)
    tables = [store.issue_table() for _ in range(games // 10)]
    conn = sqlite3.connect(path)
    conn.executemany(
        "INSERT INTO games (id, record, revision, created, updated, sequence, table_id,"
        " finished, summary, fingerprint) VALUES (?, '{}', 1, '', '', ?, ?, 0, NULL, ?)",
        [(new_game_id(), n + 10, tables[n // 10], f"{n:032x}") for n in range(games)],
    )
    conn.commit()
    conn.close()


def test_hardening_a_save_costs_the_same_whatever_other_tables_hold(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = SqliteStore(path)
    table = store.issue_table()
    store.create(Game("yatzy", ["Ann"]).to_dict(), table=table)
    sequence = f"SELECT {store.next_sequence}"
    known = "SELECT fingerprint FROM games WHERE table_id = ? AND fingerprint IN (?, ?)"
    alone = (_steps(path, sequence), _steps(path, known, (table, "a" * 32, "b" * 32)))
    _other_tables(path, OTHER_GAMES)
    crowded = (_steps(path, sequence), _steps(path, known, (table, "a" * 32, "b" * 32)))
    assert crowded[0] <= alone[0] + 2, "the next change number is read from an index"
    assert crowded[1] <= alone[1] + 2, "a table's games are found by their fingerprints"
