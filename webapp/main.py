"""Page assembly: the start page, or a game: the photo, the dice and the boxes side by side
above the scoresheet, kept in step with the other devices on the game."""

import logging
from pathlib import Path

import streamlit as st

from scoring import CorruptRecordError
from store import GameNotFoundError, StoreError
from webapp import state
from webapp.advice_view import advisor_toggle
from webapp.language import _, game_title, sheet_names
from webapp.language_view import QUERY_KEY, language_menu, settle_language
from webapp.phone_view import join_from_phone
from webapp.photo_view import photo_result, photo_sources
from webapp.review_view import review_panel
from webapp.sheet_view import downloads, scoresheet, standings, undo_button
from webapp.start_view import start_page
from webapp.sync import follow_changes
from webapp.tables import Table, open_table, store_trouble
from webapp.turn_view import boxes_panel, dice_panel, plan_turn, turn_header

# The page's own layout (see the file): read once, shown on every run.
STYLE = "<style>" + (Path(__file__).parent / "page.css").read_text(encoding="utf-8") + "</style>"


def _leave() -> None:
    language = st.query_params.get(QUERY_KEY)
    st.query_params.clear()
    if language:
        st.query_params[QUERY_KEY] = language
    state.clear_turn()


def _trouble(game_id: str, error: StoreError | CorruptRecordError) -> None:
    """Why the game at this address cannot be shown, and the way back to the start."""
    if isinstance(error, GameNotFoundError):
        st.error(_("There is no saved game at this address. Start a new one or resume another."))
    elif isinstance(error, CorruptRecordError):
        logging.getLogger(__name__).error(
            "saved game %r cannot be replayed", game_id, exc_info=error
        )
        st.error(
            _(
                "This saved game is damaged and cannot be replayed. Start a new one or resume "
                "another."
            )
        )
    else:
        st.error(store_trouble(error))
    st.button(_("Back to the start"), on_click=_leave, key="leave")


def _turn(table: Table, names: dict[str, str]) -> None:
    state.follow_turn(table.id, len(table.game.turns))
    photo, dice, boxes = st.columns([0.8, 1.25, 1.75], gap="medium")
    with photo, st.container(key="photo_panel"):
        photo_sources()
        photo_result()
    with dice:
        turn = plan_turn(table)
        dice_panel(table, turn)
    with boxes:
        boxes_panel(table, names, turn)


def _header(table: Table) -> bool:
    """The game's name and whose turn it is, with the page's controls on one row beside
    them; whether the game's own box names were asked for."""
    rules = table.game.rules
    head, controls = st.columns(2, vertical_alignment="center")
    with head:
        st.markdown(
            f"##### :material/casino: {game_title(rules)}", help=_(rules.summary), anchors=False
        )
        if not table.game.finished:
            turn_header(table)
    row = controls.container(
        horizontal=True,
        horizontal_alignment="right",
        vertical_alignment="center",
        key="header_controls",
    )
    with row:
        advisor_toggle()
        own = language_menu(rules)
        join_from_phone(table.id)
        st.button(_("All games"), on_click=_leave, key="all_games", icon=":material/list:")
    return own


def game_page(table: Table) -> None:
    """One game: the turn (or the standings once every box is filled) above the sheet."""
    follow_changes(table.id, table.revision)
    own = _header(table)
    rules = table.game.rules
    state.show_flash()
    names = sheet_names(rules, own)
    if table.game.finished:
        standings(table)
    else:
        _turn(table, names)
    review_panel(table, names)
    sheet, actions = st.columns([3, 1], gap="medium")
    with sheet:
        scoresheet(table, names)
    with actions:
        undo_button(table, names)
        downloads(table, names)


def _page() -> None:
    """The page this address asks for, in the language it settles on."""
    game_id = st.query_params.get("game")
    table: Table | None = None
    trouble: StoreError | CorruptRecordError | None = None
    if game_id:
        try:
            table = open_table(game_id)
        except (StoreError, CorruptRecordError) as error:
            trouble = error
    settle_language(table.language if table else None)
    st.set_page_config(page_title=_("Dice table"), page_icon=":material/casino:", layout="wide")
    st.html(STYLE)
    if table is not None:
        game_page(table)
    elif game_id and trouble is not None:
        _trouble(game_id, trouble)
    else:
        state.show_flash()
        start_page()


def run() -> None:
    """Entry point called by `app.py`: a failure shows a message, never a traceback."""
    try:
        _page()
    except Exception:
        logging.getLogger(__name__).exception("the page failed")
        st.error(
            _(
                "Something went wrong on this page. Nothing recorded is lost: every entry is "
                "saved as it is made. Reload the page to go on."
            )
        )
