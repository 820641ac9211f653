"""The page on a PostgreSQL store: a game played through it is kept there, and a server
that cannot be reached is told plainly, never as a traceback."""

from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest

from store import ENV_VAR, new_table, open_store
from tests.postgres import fresh_schema
from tests.webapp.conftest import APP
from tests.webapp.driver import new_game_page, problems, record, set_dice
from tools.local_server import free_port


@pytest.fixture
def database(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with fresh_schema() as url:
        monkeypatch.setenv(ENV_VAR, url)
        yield url


def test_postgres_a_turn_played_on_the_page_is_saved_in_the_database(database: str) -> None:
    store = open_store(database)
    page, table, game_id = new_game_page(store)
    set_dice(page, [6, 6, 6, 6, 6])
    record(page, "five_of_a_kind")
    assert not problems(page)
    (turn,) = store.load(game_id, table=table).record["turns"]
    assert (turn["box"], turn["dice"]) == ("five_of_a_kind", [6, 6, 6, 6, 6])
    store.close()


def test_postgres_server_that_cannot_be_reached_is_told_plainly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV_VAR, f"postgresql://dice:secret@127.0.0.1:{free_port()}/dice")
    page = AppTest.from_file(APP, default_timeout=60)
    page.query_params["table"] = new_table()
    page.run()
    assert not page.exception
    (shown,) = [e.value for e in page.error]
    assert "cannot be reached" in shown
    assert "secret" not in shown and "127.0.0.1" not in shown
