"""Foreign or damaged files and rows give a StoreError naming the file and lose nothing."""

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from store import GameNotFoundError, SqliteStore, StoreError, new_table
from store.sqlite_file import SCHEMA_VERSION

TABLE = new_table()


def _raw(path: Path, *statements: str) -> None:
    """Run SQL on the file with plain sqlite3, bypassing the store."""
    conn = sqlite3.connect(path)
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


def _assert_every_operation_refuses(
    store: SqliteStore, record: dict[str, Any], *words: str
) -> None:
    """Each public operation raises StoreError whose message names the file and the words."""
    operations = [
        lambda: store.create(record, table=TABLE),
        lambda: store.load("abc", table=TABLE),
        lambda: store.save("abc", record, 1, table=TABLE),
        lambda: store.list_games(table=TABLE),
        lambda: store.unreadable_games(table=TABLE),
        lambda: store.delete("abc", table=TABLE),
    ]
    for operation in operations:
        with pytest.raises(StoreError) as caught:
            operation()
        assert not isinstance(caught.value, GameNotFoundError)
        message = str(caught.value)
        assert str(store.path) in message
        for word in words:
            assert word in message


@pytest.mark.parametrize(
    "content",
    [
        random.Random(7).randbytes(8192),
        b"player,score\nAnn,250\nBob,198\n" * 50,
        b"SQLite format 3\x00" + b"\xff" * 200,
    ],
    ids=["random-bytes", "csv-text", "fake-header"],
)
def test_file_that_is_not_sqlite_is_refused_untouched(
    db_path: Path, record: dict[str, Any], content: bytes
) -> None:
    db_path.write_bytes(content)
    _assert_every_operation_refuses(SqliteStore(db_path), record)
    assert db_path.read_bytes() == content
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]


def test_sqlite_file_of_another_program_is_refused_untouched(
    db_path: Path, record: dict[str, Any]
) -> None:
    _raw(db_path, "CREATE TABLE people (name TEXT)", "INSERT INTO people VALUES ('Ann')")
    before = db_path.read_bytes()
    _assert_every_operation_refuses(SqliteStore(db_path), record, "another program")
    assert db_path.read_bytes() == before


def test_games_table_with_another_layout_is_refused(db_path: Path, record: dict[str, Any]) -> None:
    _raw(
        db_path,
        "CREATE TABLE games (id TEXT, data BLOB)",
        f"PRAGMA user_version = {SCHEMA_VERSION}",
    )
    before = db_path.read_bytes()
    _assert_every_operation_refuses(SqliteStore(db_path), record, "layout")
    assert db_path.read_bytes() == before


def test_other_schema_version_is_refused(db_path: Path, record: dict[str, Any]) -> None:
    store = SqliteStore(db_path)
    table = store.issue_table()
    game = store.create(record, table=table)
    _raw(db_path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    _assert_every_operation_refuses(store, record, f"version {SCHEMA_VERSION + 1}")
    _raw(db_path, f"PRAGMA user_version = {SCHEMA_VERSION}")
    assert store.load(game.id, table=table) == game


def test_directory_in_place_of_the_file_is_refused(db_path: Path, record: dict[str, Any]) -> None:
    db_path.mkdir()
    _assert_every_operation_refuses(SqliteStore(db_path), record)


@pytest.mark.parametrize(
    "damage",
    [
        'record = \'{"game": "yatzy", "players": ["Ann"\', summary = NULL',
        "record = '[1, 2, 3]', summary = '[1, 2, 3]'",
        "record = X'00ff', summary = X'00ff'",
        "revision = 'two'",
        "updated = 'yesterday'",
    ],
    ids=["truncated-json", "json-not-object", "blob", "revision-text", "bad-timestamp"],
)
def test_damaged_row_is_skipped_by_listing_and_refused_by_load(
    store: SqliteStore, record: dict[str, Any], damage: str
) -> None:
    table = store.issue_table()
    older = store.create(record, table=table)
    broken = store.create(record, table=table)
    newer = store.create({"game": "yahtzee", "players": ["Cy"], "turns": []}, table=table)
    _raw(store.path, f"UPDATE games SET {damage} WHERE id = '{broken.id}'")

    assert [s.id for s in store.list_games(table=table)] == [newer.id, older.id]
    assert store.unreadable_games(table=table) == [broken.id]
    with pytest.raises(StoreError) as caught:
        store.load(broken.id, table=table)
    assert not isinstance(caught.value, GameNotFoundError)
    assert broken.id in str(caught.value)
    assert str(store.path) in str(caught.value)
    assert store.load(older.id, table=table) == older
    assert store.load(newer.id, table=table) == newer
    assert store.save(older.id, record, older.revision, table=table).revision == 2
    assert store.create(record, table=table).revision == 1


def test_damaged_row_can_be_deleted(store: SqliteStore, record: dict[str, Any]) -> None:
    table = store.issue_table()
    broken = store.create(record, table=table)
    _raw(store.path, f"UPDATE games SET record = 'not json' WHERE id = '{broken.id}'")
    store.delete(broken.id, table=table)
    assert store.unreadable_games(table=table) == []
    assert store.list_games(table=table) == []
