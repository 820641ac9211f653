"""Fixtures for the store tests: each test has a database of its own, an SQLite file under
tmp_path unless its module asks for PostgreSQL (`address` overridden)."""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scoring import GAMES, rules_record
from store import GameStore, open_store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A game file path that does not exist yet."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
def address(db_path: Path) -> str:
    """Where the test's store is: a fresh SQLite file."""
    return str(db_path)


@pytest.fixture
def store(address: str) -> Iterator[GameStore]:
    """A store on a fresh database."""
    opened = open_store(address)
    yield opened
    opened.close()


@pytest.fixture
def table(store: GameStore) -> str:
    """A table the store has issued."""
    return store.issue_table()


@pytest.fixture
def record() -> dict[str, Any]:
    """A small yatzy game record with one turn."""
    return {
        "game": "yatzy",
        "rules": rules_record(GAMES["yatzy"]),
        "players": ["Ann", "Bob"],
        "turns": [{"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"}],
    }
