"""Page tests run `app.py` in-process with `AppTest` on a temporary game file."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    """A fresh game file for this test, handed to the page through `DICE_TABLE_DB`."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("DICE_TABLE_DB", str(path))
    return path


@pytest.fixture
def page(db) -> AppTest:
    """The start page, run once."""
    return AppTest.from_file(APP, default_timeout=60).run()
