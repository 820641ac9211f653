"""The start view alone: a new game is saved at the table and opened; the table's saved
games are listed."""

from streamlit.testing.v1 import AppTest

from scoring import Game


def _start(table: str) -> None:
    import streamlit as st

    from webapp.start_page import start_page

    start_page(table, lambda: st.write("beside the title"))


def _page(table: str) -> AppTest:
    return AppTest.from_function(_start, kwargs={"table": table}, default_timeout=30)


def test_starting_a_game_saves_it_and_puts_its_id_in_the_address(store, table):
    page = _page(table).run()
    assert "beside the title" in [m.value for m in page.markdown]
    page.radio(key="new_game").set_value("greek").run()
    page.text_input(key="player_name_0").set_value("Ann").run()
    page.button(key="start").click().run()
    assert not page.exception
    saved = store.list_games(table=table)
    assert [(s.game, s.players[0]) for s in saved] == [("greek", "Ann")]
    assert page.query_params["game"] in ([saved[0].id], saved[0].id)


def test_a_saved_game_is_listed_with_a_resume_button_at_its_table_only(store, table):
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    page = _page(table).run()
    assert not page.exception
    assert [b.key for b in page.button if b.key.startswith("resume_")] == [f"resume_{game_id}"]
    elsewhere = _page(store.issue_table()).run()
    assert not [b for b in elsewhere.button if b.key.startswith("resume_")]
