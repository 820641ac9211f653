"""Page assembly: a table's start page, one of its games (`webapp.game_page`) or a game's
table screen (`webapp.screen_page`), or why the address shows neither; in the language the
page settles on."""

import logging
from pathlib import Path

import streamlit as st

from scoring import CorruptRecordError
from store import GameNotFoundError, StoreError
from webapp.flash import show_flash
from webapp.language import _
from webapp.navigation import (
    players_shown,
    settle_address,
    settle_table,
    to_new_table,
    to_start,
    too_many_tables,
)
from webapp.page_top import open_at_top
from webapp.saved_games import OpenGame, open_game, store_trouble
from webapp.server import (
    TooManyTablesError,
    game_store,
    guard_server,
    is_issued,
    pace_run,
    stop_following,
    warm_up,
)
from webapp.start_page import start_page
from webapp.state import GAME_KEY, LEAVE_KEY, NEW_TABLE_KEY, SCREEN_VIEW, VIEW_KEY
from webapp.tables import keep_in_browser, remember, remembered
from webapp.views.language import language_picker, settle_language

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
    st.button(_("Back to the start"), on_click=to_start, key=LEAVE_KEY)


def _no_table() -> None:
    """What an address whose table is no table token is told, and the way to one."""
    st.error(
        _(
            "This address names no table. Check the link you were given, or go to this "
            "browser's own table."
        )
    )
    st.button(_("Back to the start"), on_click=to_start, key=LEAVE_KEY)


def _not_issued() -> None:
    """What an address whose table this server never issued is told (a mistyped or
    guessed link), and the way to a table of one's own."""
    st.error(
        _(
            "There is no table at this address on this server. Check the link you were "
            "given, or start a new table."
        )
    )
    show_flash()
    st.button(_("New table"), on_click=to_new_table, key=NEW_TABLE_KEY, icon=":material/add:")


def _doubt_link(table: str) -> None:
    """Ask whether the link is right when it leads to a table with no games that this
    browser neither was just issued nor remembers (an old or half-copied link, say); a
    store that cannot say is left to the start page, which tells why."""
    try:
        empty = game_store().count(table=table) == 0
    except StoreError:
        return
    if empty:
        st.warning(_("No games at this table yet: is the link right?"), icon=":material/link:")


def _open(table: str | None, game_id: str) -> OpenGame:
    """The game at this address; a game asked for without its table is not there."""
    if table is None:
        raise GameNotFoundError("the address names no table")
    return open_game(table, game_id)


def _show_game(shown: OpenGame) -> None:
    """The game's page, or its table screen when the address asks for that."""
    # Imported here, not above: the start page does not wait for a game's libraries.
    if st.query_params.get(VIEW_KEY) == SCREEN_VIEW:
        from webapp.screen_page import screen_page

        screen_page(shown)
        return
    from webapp.game_page import game_page

    game_page(shown)
    open_at_top(shown.id)


def _page() -> None:
    """The page this address asks for, in the language it settles on."""
    guard_server()
    pace_run()
    settle_address()
    game_id = st.query_params.get(GAME_KEY)
    shown: OpenGame | None = None
    trouble: StoreError | CorruptRecordError | None = None
    issued, refused = False, None
    try:
        table = settle_table()
        issued = table is not None and is_issued(table)
    except (TooManyTablesError, StoreError) as error:
        table, refused = None, error
    if game_id:
        try:
            shown = _open(table, game_id)
        except (StoreError, CorruptRecordError) as error:
            trouble = error
    settle_language(shown.language if shown else None)
    if shown is None:
        stop_following()
    st.set_page_config(page_title=_("Dice table"), page_icon="🎲", layout="wide")
    st.html(STYLE)
    if shown is not None:
        remember(shown.table)
        _show_game(shown)
    elif game_id and trouble is not None:
        _trouble(game_id, trouble)
    elif isinstance(refused, StoreError):
        st.error(store_trouble(refused))
    elif refused is not None:
        st.error(too_many_tables())
    elif table is None:
        _no_table()
    elif not issued:
        _not_issued()
    elif players_shown():
        from webapp.players_page import players_page

        remember(table)
        players_page(table)
    else:
        known = table in remembered()
        remember(table)
        show_flash()
        if not known:
            _doubt_link(table)
        start_page(table, language_picker)
        warm_up()
    keep_in_browser()


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
