"""Page tests run `app.py` in-process with `AppTest` on a temporary game file."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from store import GameStore, SqliteStore
from tools.catalogue import template
from webapp.server import pacing
from webapp.server.pacing import Allowances

APP = str(Path(__file__).resolve().parents[2] / "app.py")
# The messages the page's sources ask for, gathered as the tests are collected: parsing
# the sources while a page's threads compile (Python 3.11's parser is not safe to run on
# two threads at once) can fail with "AST constructor recursion depth mismatch".
PAGE_MESSAGES = tuple(message for message in template() if message.id)


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    """A fresh game file for this test, handed to the page through `DICE_TABLE_DB`."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("DICE_TABLE_DB", str(path))
    return path


@pytest.fixture
def store(db) -> GameStore:
    """The store on this test's game file, as the page opens it."""
    return SqliteStore(db)


@pytest.fixture
def table(store: GameStore) -> str:
    """A table of its own for this test's games, issued by the test's store."""
    return store.issue_table()


@pytest.fixture(autouse=True)
def fresh_allowances(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every page test starts with its clients' allowances full: in-process page runs all
    come from one client, and the allowances last as long as the server's process."""
    for name in (
        "CLIENT_RUNS",
        "CLIENT_PHOTOS",
        "CLIENT_LARGE_MESSAGES",
        "CLIENT_GAMES_FILES",
        "CLIENT_TABLES",
    ):
        kept: Allowances = getattr(pacing, name)
        monkeypatch.setattr(pacing, name, Allowances(kept.rate, kept.burst))
    kept = pacing.TABLE_GAMES_FILES
    monkeypatch.setattr(pacing, "TABLE_GAMES_FILES", Allowances(kept.rate, kept.burst))


@pytest.fixture
def page(db) -> AppTest:
    """The start page from the bare address (a browser with no table yet), run once."""
    return AppTest.from_file(APP, default_timeout=60).run()
