"""Where the game file goes: explicit path, $DICE_TABLE_DB, or ./data/dice-table.sqlite3."""

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from store import GameStore, default_path


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
    store = GameStore()
    assert store.path == tmp_path / "data" / "dice-table.sqlite3"
    assert not (tmp_path / "data").exists()
    game = store.create(record)
    assert store.path.is_file()
    assert GameStore(tmp_path / "data" / "dice-table.sqlite3").load(game.id) == game


def test_env_var_chooses_the_file_and_nested_folders_are_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    target = tmp_path / "a" / "b" / "games.db"
    monkeypatch.setenv("DICE_TABLE_DB", str(target))
    assert default_path() == target
    store = GameStore()
    assert store.path == target
    game = store.create(record)
    assert target.is_file()
    assert GameStore(target).load(game.id) == game


def test_empty_env_var_means_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DICE_TABLE_DB", "")
    monkeypatch.chdir(tmp_path)
    assert default_path() == tmp_path / "data" / "dice-table.sqlite3"


def test_relative_path_is_fixed_at_construction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: dict[str, Any]
) -> None:
    monkeypatch.chdir(tmp_path)
    store = GameStore("games.sqlite3")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    store.create(record)
    assert (tmp_path / "games.sqlite3").is_file()


def test_file_uses_wal_journal_and_schema_version(db_path: Path, record: dict[str, Any]) -> None:
    GameStore(db_path).create(record)
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    finally:
        conn.close()
