"""Page assembly: the start page, a game's page (`webapp.game_page`), or why the game at
this address cannot be shown; in the language the page settles on."""

import logging
from pathlib import Path

import streamlit as st

from scoring import CorruptRecordError
from store import GameNotFoundError, StoreError
from webapp.flash import show_flash
from webapp.language import _
from webapp.navigation import to_start
from webapp.pacing import pace_run
from webapp.saved_games import Table, open_table, store_trouble
from webapp.server_guard import guard_server
from webapp.state import GAME_KEY
from webapp.views.language import language_picker, settle_language
from webapp.views.start import start_page
from webapp.warm_up import warm_up

# The page's own layout (see the file): read once, shown on every run.
STYLE = "<style>" + (Path(__file__).parent / "page.css").read_text(encoding="utf-8") + "</style>"


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
    st.button(_("Back to the start"), on_click=to_start, key="leave")


def _page() -> None:
    """The page this address asks for, in the language it settles on."""
    guard_server()
    pace_run()
    game_id = st.query_params.get(GAME_KEY)
    table: Table | None = None
    trouble: StoreError | CorruptRecordError | None = None
    if game_id:
        try:
            table = open_table(game_id)
        except (StoreError, CorruptRecordError) as error:
            trouble = error
    settle_language(table.language if table else None)
    st.set_page_config(page_title=_("Dice table"), page_icon="🎲", layout="wide")
    st.html(STYLE)
    if table is not None:
        # Imported here, not above: the start page does not wait for a game's libraries.
        from webapp.game_page import game_page

        game_page(table)
    elif game_id and trouble is not None:
        _trouble(game_id, trouble)
    else:
        show_flash()
        start_page(language_picker)
        warm_up()


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
