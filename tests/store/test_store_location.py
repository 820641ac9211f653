"""Where the game file goes: explicit path, $DICE_TABLE_DB, or ./data/dice-table.sqlite3."""

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from store import SqliteStore, default_path, open_store
from store.sqlite_file import SCHEMA_VERSION


def test_default_path_is_data_folder_under_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DICE_TABLE_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    assert default_path() == tmp_path / "data" / "dice-table.sqlite3"


def test_default_store_creates_folder_and_file_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    monkeypatch.delenv("DICE_TABLE_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    store = open_store()
    assert store.path == tmp_path / "data" / "dice-table.sqlite3"
    assert not (tmp_path / "data").exists()
    table = store.issue_table()
    game = store.create(record, table=table)
    assert store.path.is_file()
    assert SqliteStore(tmp_path / "data" / "dice-table.sqlite3").load(game.id, table=table) == game


def test_env_var_chooses_the_file_and_nested_folders_are_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    target = tmp_path / "a" / "b" / "games.db"
    monkeypatch.setenv("DICE_TABLE_DB", str(target))
    assert default_path() == target
    store = open_store()
    table = store.issue_table()
    assert store.path == target
    game = store.create(record, table=table)
    assert target.is_file()
    assert SqliteStore(target).load(game.id, table=table) == game


def test_empty_env_var_means_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DICE_TABLE_DB", "")
    monkeypatch.chdir(tmp_path)
    assert default_path() == tmp_path / "data" / "dice-table.sqlite3"


def test_relative_path_is_fixed_at_construction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    monkeypatch.chdir(tmp_path)
    store = SqliteStore("games.sqlite3")
    table = store.issue_table()
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    store.create(record, table=table)
    assert (tmp_path / "games.sqlite3").is_file()


def test_file_uses_wal_journal_and_schema_version(db_path: Path, record: dict[str, Any]) -> None:
    store = SqliteStore(db_path)
    store.create(record, table=store.issue_table())
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()
