"""The start view alone: a new game is saved and opened; saved games are listed."""

from streamlit.testing.v1 import AppTest

from scoring import Game
from store import GameStore


def _start() -> None:
    import streamlit as st

    from webapp.views.start import start_page

    start_page(lambda: st.write("beside the title"))


def test_starting_a_game_saves_it_and_puts_its_id_in_the_address(db):
    page = AppTest.from_function(_start, default_timeout=30).run()
    assert "beside the title" in [m.value for m in page.markdown]
    page.radio(key="new_game").set_value("greek").run()
    page.text_input(key="player_name_0").set_value("Ann").run()
    page.button(key="start").click().run()
    assert not page.exception
    saved = GameStore(db).list_games()
    assert [(s.game, s.players[0]) for s in saved] == [("greek", "Ann")]
    assert page.query_params["game"] in ([saved[0].id], saved[0].id)


def test_a_saved_game_is_listed_with_a_resume_button(db):
    GameStore(db).create(Game("yatzy", ["Ann", "Bob"]).to_dict())
    page = AppTest.from_function(_start, default_timeout=30).run()
    assert not page.exception
    assert any(b.key and b.key.startswith("resume_") for b in page.button)
