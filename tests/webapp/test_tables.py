"""Tables: the address's table is the key to its games, and a browser remembers its tables
(the cookie itself is written and read in the browser tests)."""

from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from scoring import Game
from store import is_table_token, new_table
from tests.webapp.conftest import APP
from tests.webapp.driver import at_table, problems, record, set_dice, start, table_of
from webapp.server import pacing
from webapp.server.pacing import Allowances
from webapp.state import TABLES_KEY, TABLES_OPEN_KEY
from webapp.tables import MOST, cookie_text, parse, put_first


def _game(store, table: str, players: list[str]) -> str:
    return store.create(Game("yatzy", players).to_dict(), table=table).id


def _resumable(page: AppTest) -> set[str]:
    return {b.key.removeprefix("resume_") for b in page.button if b.key.startswith("resume_")}


def _remembering(*tables: str) -> AppTest:
    """The bare address in a browser that remembers `tables`, most recent first, with the
    list of its tables open."""
    page = AppTest.from_file(APP, default_timeout=60)
    page.session_state[TABLES_KEY] = list(tables)
    page.session_state[TABLES_OPEN_KEY] = True
    return page


def test_the_bare_address_of_a_new_browser_opens_a_new_table(page, store):
    assert not problems(page)
    table = table_of(page)
    assert is_table_token(table)
    assert page.session_state[TABLES_KEY] == [table]
    assert store.count(table=table) == 0
    assert not [b for b in page.button if b.key == "new_table"], "the list is read when opened"
    assert parse_qs(urlsplit(page.code[0].value).query) == {"table": [table]}, "the invite"
    again = AppTest.from_file(APP, default_timeout=60).run()
    assert table_of(again) != table, "another new browser gets a table of its own"


def test_a_game_started_at_a_new_table_is_saved_at_it_with_no_extra_click(page, store):
    page = start(page, "yatzy", ["Ann", "Bob"])
    assert not problems(page)
    (listed,) = store.list_games(table=table_of(page))
    assert listed.id == page.query_params["game"]


def test_the_bare_address_opens_the_browser_s_most_recent_table(db, store):
    recent, older = store.issue_table(), store.issue_table()
    game_id = _game(store, recent, ["Ann", "Bob"])
    page = _remembering(recent, older).run()
    assert not problems(page)
    assert table_of(page) == recent
    assert _resumable(page) == {game_id}


def test_a_visitor_at_another_table_or_none_cannot_list_open_or_change_a_game(db, store):
    home, stranger = store.issue_table(), store.issue_table()
    game_id = _game(store, home, ["Ann", "Bob"])
    listed = at_table(stranger).run()
    assert not problems(listed)
    assert _resumable(listed) == set()
    for page in (at_table(stranger, game_id), at_table("not a token", game_id)):
        page.run()
        assert not page.exception
        assert "no saved game" in page.error[0].value
        assert not [b for b in page.button if b.key.startswith(("record_", "undo"))]
    bare = AppTest.from_file(APP, default_timeout=60)
    bare.query_params["game"] = game_id
    bare.run()
    assert "no saved game" in bare.error[0].value
    assert store.load(game_id, table=home).record["turns"] == []


def test_the_game_at_its_own_table_plays_and_its_phone_address_carries_the_table(db, store):
    table = store.issue_table()
    game_id = _game(store, table, ["Ann", "Bob"])
    page = record(set_dice(at_table(table, game_id).run(), [6, 6, 6, 2, 2]), "full_house")
    assert not problems(page)
    assert len(store.load(game_id, table=table).record["turns"]) == 1
    joined, invited = (parse_qs(urlsplit(code.value).query) for code in page.code)
    assert joined == {"table": [table], "game": [game_id]}
    assert invited == {"table": [table]}
    assert page.session_state[TABLES_KEY] == [table], "a table whose game was open is kept"


def test_an_address_whose_table_is_no_token_says_so_and_leads_to_the_browser_s_table(db):
    page = at_table("<b>x</b>").run()
    assert not page.exception
    assert "names no table" in page.error[0].value
    assert "<b>" not in page.error[0].value
    page = page.button(key="leave").click().run()
    assert is_table_token(table_of(page))
    assert not problems(page)


def test_your_tables_switch_between_them_and_leave_one(db, store):
    first, second = store.issue_table(), store.issue_table()
    _game(store, first, ["Ann", "Bob"])
    _game(store, second, ["Cy"])
    _game(store, second, ["Di", "Ed"])
    page = _remembering(first, second).run()
    lines = [m.value for m in page.expander[-1].markdown]
    assert page.expander[-1].label == "Your tables (2)"
    assert lines == ["**This table** · 1 game · Ann, Bob", "2 games · Di, Ed"]
    assert not [b for b in page.button if b.key == "switch_table_0"], "no switch to itself"
    page = page.button(key="switch_table_1").click().run()
    assert table_of(page) == second
    assert page.session_state[TABLES_KEY] == [second, first]
    page = page.button(key="leave_table_1").click().run()
    assert table_of(page) == second, "leaving another table stays here"
    assert page.session_state[TABLES_KEY] == [second]
    page = page.button(key="leave_table_0").click().run()
    assert table_of(page) not in (first, second), "leaving the last table makes a new one"
    assert page.session_state[TABLES_KEY] == [table_of(page)]
    assert store.count(table=first) == 1 and store.count(table=second) == 2, "games stay"


def test_leaving_this_table_goes_on_to_the_next_and_a_new_table_comes_first(db, store):
    first, second = store.issue_table(), store.issue_table()
    page = _remembering(first, second).run()
    page = page.button(key="leave_table_0").click().run()
    assert table_of(page) == second
    page = page.button(key="new_table").click().run()
    made = table_of(page)
    assert made not in (first, second) and is_table_token(made)
    assert page.session_state[TABLES_KEY] == [made, second]


def test_hardening_a_token_never_issued_opens_nothing_and_offers_a_new_table(db, store):
    guessed = "A" * 16
    page = at_table(guessed).run()
    assert not page.exception
    assert [e.value for e in page.error] == [
        "There is no table at this address on this server. Check the link you were given, "
        "or start a new table."
    ]
    assert not [b for b in page.button if b.key == "start"], "no game can be started there"
    page = page.button(key="new_table").click().run()
    made = table_of(page)
    assert made != guessed and store.has_table(made)
    assert not problems(page)
    assert not store.has_table(guessed) and store.count(table=guessed) == 0


def test_hardening_a_client_is_issued_a_bounded_number_of_tables(db, store, monkeypatch):
    issued = {table_of(AppTest.from_file(APP, default_timeout=60).run()) for _ in range(3)}
    assert len(issued) == 3 and all(store.has_table(table) for table in issued)
    monkeypatch.setattr(pacing, "CLIENT_TABLES", Allowances(rate=0.0, burst=3.0))
    for _ in range(3):
        AppTest.from_file(APP, default_timeout=60).run()
    page = AppTest.from_file(APP, default_timeout=60).run()
    assert not page.exception
    assert "gave many new tables to your address" in page.error[0].value
    assert "table" not in page.query_params


def test_a_cookie_table_this_server_never_issued_is_passed_over(db, store):
    home = store.issue_table()
    page = _remembering(new_table(), home).run()
    assert table_of(page) == home


def test_the_cookie_names_tables_most_recent_first_each_once_and_never_more_than_ten():
    tables = [new_table() for _ in range(MOST + 2)]
    text = cookie_text(tables)
    assert parse(text) == tables[:MOST]
    assert parse(cookie_text([tables[1], tables[0], tables[1]])) == [tables[1], tables[0]]
    assert put_first(tables[:MOST], tables[-1]) == [tables[-1], *tables[: MOST - 1]]
    assert put_first(tables[:3], tables[2]) == [tables[2], tables[0], tables[1]]


@pytest.mark.parametrize("text", ["", "x", "<script>", "a" * 5000, ". .", "a=b; c"])
def test_a_cookie_s_other_text_is_passed_over(text):
    table = new_table()
    assert parse(text) == []
    assert parse(f"{text}.{table}") == [table]
