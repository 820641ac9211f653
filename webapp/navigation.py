"""Where the page's address points: a table's start page or one of its games, in the
language the address already asks for; the bare address goes on to a table."""

import streamlit as st

from player_stats import kind_of
from scoring import Game, house_mark
from store import StoreError, is_table_token
from webapp.flash import flash
from webapp.language import _
from webapp.saved_games import store_trouble
from webapp.server import TooManyTablesError, history_navigation, is_issued, issue_table
from webapp.state import (
    GAME_KEY,
    KIND_KEY,
    MOVED_KEY,
    PLAYERS_VIEW,
    QUERY_KEY,
    SEATS_KEY,
    TABLE_KEY,
    VIEW_KEY,
)
from webapp.tables import remember, remembered


def move_to(address: dict[str, str]) -> None:
    """Point the page at `address` in one step (one entry of the browser's history), and
    remember where it left from and went to, for `settle_address`."""
    left = st.query_params.to_dict()
    st.query_params.from_dict(address)
    if address != left:
        st.session_state[MOVED_KEY] = (left, address)


def settle_address() -> None:
    """Take a run the browser asked for before it saw the page's last move of the address
    (a timed redraw sent while a click moved the page on) to where the page went, not back
    to where it left; a step back in the browser's history, or any other address, is the
    visitor's own."""
    moved = st.session_state.get(MOVED_KEY)
    if moved is None:
        return
    left, went = moved
    address = st.query_params.to_dict()
    if address == left and not history_navigation():
        st.query_params.from_dict(went)
    elif address != went:
        del st.session_state[MOVED_KEY]


def settle_table() -> str | None:
    """The table the address is at, or None when what it names is no table token. The
    bare address goes on to this browser's most recent table that the server issued, or
    to a table newly issued to it, and the address then names it; raises
    TooManyTablesError or StoreError when none can be issued."""
    named = st.query_params.get(TABLE_KEY)
    if named is None and not st.query_params.get(GAME_KEY):
        named = next((table for table in remembered() if is_issued(table)), None)
        named = named or _new_table()
        move_to({**st.query_params.to_dict(), TABLE_KEY: named})
    return named if is_table_token(named) else None


def _new_table() -> str:
    """A table newly issued to this browser, which remembers it at once (so its page never
    doubts the link to it)."""
    table = issue_table()
    remember(table)
    return table


def too_many_tables() -> str:
    """What a browser is told when its address was issued all the tables it may be."""
    return _(
        "This server gave many new tables to your address lately, so it gives no more for "
        "now. Use one of them (Your tables on the start page), or try again in an hour."
    )


def to_new_table() -> None:
    """Point the address at a table newly issued to this browser, or say why there is none."""
    try:
        show_table(_new_table())
    except TooManyTablesError:
        flash("error", too_many_tables())
    except StoreError as error:
        flash("error", store_trouble(error))


def show_game(game_id: str) -> None:
    """Point the address at a game of its table (the page then shows it)."""
    move_to({**st.query_params.to_dict(), GAME_KEY: game_id})


def show_table(table: str | None) -> None:
    """Point the address at a table's start page, keeping its language; None points it at
    the bare address, which goes on to this browser's most recent table."""
    move_to(_table_address(table))


def _table_address(table: str | None) -> dict[str, str]:
    """The address of `table`'s start page in the page's language (the bare address, in
    it, for None)."""
    language = st.query_params.get(QUERY_KEY)
    address = {QUERY_KEY: language} if language else {}
    return address if table is None else {**address, TABLE_KEY: table}


def _start_address() -> dict[str, str]:
    """The address of this address's table's start page (the bare one when it names none)."""
    named = st.query_params.get(TABLE_KEY)
    return _table_address(named if is_table_token(named) else None)


def to_start() -> None:
    """Point the address at its table's start page (the bare address when it names none)."""
    move_to(_start_address())


def show_players(game: Game | None = None) -> None:
    """Point the address at its table's Players page (from its start page or a game); from
    a game, the page opens on that game's kind and number of players."""
    address = {**_start_address(), VIEW_KEY: PLAYERS_VIEW}
    if game is not None:
        kind = kind_of(game.rules.id, house_mark(game.rules))
        address |= {KIND_KEY: kind, SEATS_KEY: str(len(game.players))}
    move_to(address)


def players_button(game: Game | None = None) -> None:
    """The button that opens the table's Players page (on `game`'s kind and number of
    players, when it is reached from a game)."""
    st.button(
        _("Players and statistics"),
        key=PLAYERS_VIEW,
        on_click=show_players,
        args=(game,),
        icon=":material/leaderboard:",
    )


def players_shown() -> bool:
    """Whether the address asks for its table's Players page."""
    return st.query_params.get(VIEW_KEY) == PLAYERS_VIEW
