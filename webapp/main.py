"""Page assembly: the start page, or a game: the photo, the dice and the boxes side by side
above the scoresheet, kept in step with the other devices on the game."""

import logging

import streamlit as st

from scoring import CorruptRecordError
from scoring.rules import ENGLISH
from store import GameNotFoundError, StoreError
from webapp import state
from webapp.advice_view import advisor_toggle
from webapp.phone_view import join_from_phone
from webapp.photo_view import photo_result, photo_sources
from webapp.review_view import review_panel
from webapp.sheet_view import downloads, scoresheet, standings, undo_button
from webapp.start_view import start_page
from webapp.sync import follow_changes
from webapp.tables import Table, open_table, store_trouble
from webapp.turn_view import boxes_panel, dice_panel, plan_turn, turn_header

# Less empty space above the page and between its lines, so a turn fits one screen.
COMPACT = """<style>
[data-testid="stMainBlockContainer"] { padding-top: 3.2rem; padding-bottom: 2rem; }
[data-testid="stVerticalBlock"] { gap: 0.6rem; }
</style>"""


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


def _turn(table: Table, language: str) -> None:
    if state.DIE_KEYS[0] not in st.session_state:
        state.clear_turn()
    photo, dice, boxes = st.columns([0.8, 1.25, 1.75], gap="medium")
    with photo:
        photo_sources()
        photo_result()
    with dice:
        turn = plan_turn(table)
        dice_panel(table, turn)
    with boxes:
        boxes_panel(table, language, turn)


def game_page(game_id: str) -> None:
    """One game: the turn (or the standings once every box is filled) above the sheet."""
    table = _load(game_id)
    if table is None:
        return
    st.html(COMPACT)
    follow_changes(table.id, table.revision)
    rules = table.game.rules
    head, helper, phone, leave = st.columns([5, 1, 1, 1], vertical_alignment="center")
    with head:
        st.markdown(f"##### :material/casino: {rules.title[ENGLISH]}", help=rules.summary)
        if not table.game.finished:
            turn_header(table)
    with helper:
        advisor_toggle()
    with phone:
        join_from_phone(table.id)
    leave.button("All games", on_click=_leave, key="all_games", icon=":material/list:")
    state.show_flash()
    language = _language(table)
    if table.game.finished:
        standings(table)
    else:
        _turn(table, language)
    review_panel(table, language)
    sheet, actions = st.columns([3, 1], gap="medium")
    with sheet:
        scoresheet(table, language)
    with actions:
        undo_button(table, language)
        downloads(table, language)


def run() -> None:
    """Entry point called by `app.py`: a failure shows a message, never a traceback."""
    st.set_page_config(page_title="Dice table", page_icon=":material/casino:", layout="wide")
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
