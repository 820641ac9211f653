"""Fixtures for the store tests; every test uses its own file under tmp_path."""

from pathlib import Path
from typing import Any

import pytest

from store import GameStore


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A game file path that does not exist yet."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
def store(db_path: Path) -> GameStore:
    """A store on a fresh file."""
    return GameStore(db_path)


@pytest.fixture
def record() -> dict[str, Any]:
    """A small yatzy game record with one turn."""
    return {
        "game": "yatzy",
        "players": ["Ann", "Bob"],
        "turns": [{"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"}],
    }
