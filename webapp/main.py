"""Page assembly: the start page, or a game's turn panel beside its scoresheet."""

import logging

import streamlit as st

from scoring import CorruptRecordError
from scoring.rules import ENGLISH
from store import GameNotFoundError, StoreError
from webapp import state
from webapp.sheet_view import downloads, scoresheet, standings, undo_button
from webapp.start_view import start_page
from webapp.tables import Table, open_table, store_trouble
from webapp.turn_view import turn_panel


def _leave() -> None:
    st.query_params.clear()
    state.clear_turn()


def _load(game_id: str) -> Table | None:
    try:
        return open_table(game_id)
    except GameNotFoundError:
        st.error("There is no saved game at this address. Start a new one or resume another.")
    except CorruptRecordError:
        logging.getLogger(__name__).exception("saved game %r cannot be replayed", game_id)
        st.error(
            "This saved game is damaged and cannot be replayed. Start a new one or resume another."
        )
    except StoreError as error:
        st.error(store_trouble(error))
    st.button("Back to the start", on_click=_leave, key="leave")
    return None


def _language(table: Table) -> str:
    rules = table.game.rules
    if rules.language == ENGLISH:
        return ENGLISH
    english = st.toggle("Box names in English", key="english")
    return ENGLISH if english else rules.language


def game_page(game_id: str) -> None:
    """One game: turn panel and scoresheet, or the standings once every box is filled."""
    table = _load(game_id)
    if table is None:
        return
    rules = table.game.rules
    head, leave = st.columns([5, 1], vertical_alignment="bottom")
    head.title(f"🎲 {rules.title[ENGLISH]}")
    leave.button("All games", on_click=_leave, key="all_games")
    st.caption(rules.summary)
    state.show_flash()
    language = _language(table)
    turn, sheet = st.columns([1, 1], gap="large")
    with turn:
        if table.game.finished:
            standings(table)
        else:
            turn_panel(table, language)
    with sheet:
        scoresheet(table, language)
        undo_button(table, language)
        downloads(table, language)


def run() -> None:
    """Entry point called by `app.py`: a failure shows a message, never a traceback."""
    st.set_page_config(page_title="Dice table", page_icon="🎲", layout="wide")
    try:
        game_id = st.query_params.get("game")
        if game_id:
            game_page(game_id)
        else:
            state.show_flash()
            start_page()
    except Exception:
        logging.getLogger(__name__).exception("the page failed")
        st.error(
            "Something went wrong on this page. Nothing recorded is lost: every entry is "
            "saved as it is made. Reload the page to go on."
        )
