"""What a hostile visitor sends the Players page becomes a message in the page's words,
never a traceback: numbers that are no JSON, times past what UTC holds, names that grow
past any sheet once written out, refusals quoting megabytes, twins and look-alikes."""

import json

from streamlit.testing.v1 import AppTest

from scoring import Game
from store import GameStore
from tests.webapp.driver import at_table
from webapp.server.games_import import importer
from webapp.state import IMPORTING_KEY

# A message longer than this is no message a visitor reads.
READABLE = 600


def _players_page(table: str) -> AppTest:
    page = at_table(table)
    page.query_params["view"] = "players"
    return page.run()


def _take_in(table: str, data: bytes) -> AppTest:
    page = _players_page(table)
    page.file_uploader(key="games_upload").set_value(("games.json", data, "application/json"))
    page.run().button(key="games_import").click().run()
    assert importer().settle(120), "the file was taken in"
    return page.run() if IMPORTING_KEY in page.session_state else page


def _finished(players: list[str]) -> dict:
    game = Game("yatzy", players)
    while not game.finished:
        box, _points = game.options([6, 6, 5, 5, 1])[0]
        game.record(box, [6, 6, 5, 5, 1])
    return game.to_dict()


def _refused(page: AppTest) -> str:
    assert not page.exception
    (said,) = [e.value for e in page.error]
    assert len(said) < READABLE
    return said


def test_hardening_a_games_file_holding_nan_is_refused_in_words(store: GameStore, table: str):
    record = _finished(["Ann"])
    text = json.dumps([record]).replace('"roll": 3', '"roll": NaN', 1)
    said = _refused(_take_in(table, text.encode()))
    assert said.startswith("This is not a games file of this app")
    assert store.count(table=table) == 0


def test_hardening_a_saved_time_past_what_utc_holds_is_passed_over(store: GameStore, table: str):
    record = {**_finished(["Ann"]), "saved": "0001-01-01T00:00:00+14:00"}
    page = _take_in(table, json.dumps([record]).encode())
    assert not page.exception
    assert [s.value for s in page.success] == ["1 game added. 0 games were already here."]
    assert store.count(table=table) == 1


def test_hardening_a_refusal_quoting_a_huge_turn_is_cut_short(store: GameStore, table: str):
    record = _finished(["Ann"])
    record["turns"][0] = {"player": "Ann", "junk": "x" * 5_000_000}
    said = _refused(_take_in(table, json.dumps([record]).encode()))
    assert said.startswith("Turn 1 of game 1 of the file cannot be replayed")
    assert store.count(table=table) == 0


def test_hardening_twin_names_in_a_games_file_are_refused(store: GameStore, table: str):
    text = json.dumps([_finished(["Ann Lee", "Bob"])]).replace('"Bob"', '"ann  lee"')
    said = _refused(_take_in(table, text.encode()))
    assert said.startswith("Game 1 of the file cannot be replayed")
    assert "named twice" in said
    assert store.count(table=table) == 0


def test_hardening_a_name_too_long_once_written_out_is_refused_in_words(
    store: GameStore, table: str
):
    store.create(_finished(["Ann"]), table=table)
    page = _players_page(table)
    page.text_input(key="rename_new").set_value("\ufdfa" * 24).run()
    page = page.button(key="rename").click().run()
    said = _refused(page)
    assert "at most 200 characters once its ligatures are written out" in said
    assert store.names(table=table) == {}


def test_hardening_look_alike_names_are_warned_of_on_the_form_and_the_players_page(
    store: GameStore, table: str
):
    cyrillic_ann = "\u0410nn"
    page = at_table(table).run()
    page.text_input(key="player_name_0").set_value("Ann")
    page.text_input(key="player_name_1").set_value(cyrillic_ann)
    page.run()
    warned = " ".join(w.value for w in page.warning)
    assert "look alike but are different names" in warned
    assert "mixes letters of different alphabets" in warned
    store.create(_finished(["Ann"]), table=table)
    store.create(_finished([cyrillic_ann]), table=table)
    warned = " ".join(w.value for w in _players_page(table).warning)
    assert "look alike but are different names" in warned


def test_hardening_a_table_takes_a_bounded_number_of_games_files(store: GameStore, table: str):
    files = [json.dumps([_finished([name])]).encode() for name in ("Ann", "Bob", "Cy")]
    for data in files[:2]:
        page = _take_in(table, data)
        assert [s.value for s in page.success] == ["1 game added. 0 games were already here."]
    said = _refused(_take_in(table, files[2]))
    assert said.startswith("This table, or your address, sent games files just now")
    assert store.count(table=table) == 2
