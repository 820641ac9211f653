"""A browser's tables on the start page: the tables this browser remembers, to switch
between, to leave, or to start anew."""

import streamlit as st

from store import StoreError
from webapp.language import _, ngettext
from webapp.navigation import show_table, to_new_table
from webapp.saved_games import store_trouble
from webapp.server import game_store
from webapp.state import NEW_TABLE_KEY, TABLES_OPEN_KEY, leave_table_key, switch_table_key
from webapp.tables import forget, remembered
from webapp.text import plain


def _about(table: str) -> tuple[int, tuple[str, ...]]:
    """How many games a table has, and who plays its latest one."""
    store = game_store()
    latest = store.list_games(table=table, limit=1)
    return store.count(table=table), latest[0].players if latest else ()


def _line(count: int, players: tuple[str, ...], here: bool) -> str:
    """A remembered table as its line says it: this one or not, its games, its players."""
    games = ngettext("{count} game", "{count} games", count).format(count=count)
    this = _("This table")
    parts = [f"**{this}**"] if here else []
    parts.append(games if count else _("No games yet"))
    if players:
        parts.append(", ".join(plain(player) for player in players))
    return " · ".join(parts)


def _leave(table: str, here: str) -> None:
    """Forget `table` in this browser; leaving the table the page is at goes on to the next."""
    forget(table)
    if table == here:
        show_table(None)


def _table_row(index: int, table: str, count: int, players: tuple[str, ...], here: str) -> None:
    """One remembered table's line, with its buttons to open it (but `here`) and leave it."""
    left, right = st.columns([3, 2], vertical_alignment="center")
    left.markdown(_line(count, players, table == here))
    with right.container(horizontal=True, horizontal_alignment="right"):
        if table != here:
            st.button(_("Open"), key=switch_table_key(index), on_click=show_table, args=(table,))
        st.button(
            _("Leave"),
            key=leave_table_key(index),
            on_click=_leave,
            args=(table, here),
            help=_(
                "Forget this table in this browser only: its games stay, and its link still "
                "opens them."
            ),
        )


def your_tables(here: str) -> None:
    """The tables this browser remembers, `here` among them, each with its games and the
    players of its latest game, to open or leave; and a new table to start. The other
    tables are read only while the list is open, so the start page waits for none of them."""
    tables = remembered()
    box = st.expander(
        _("Your tables ({count})").format(count=len(tables)),
        icon=":material/group:",
        key=TABLES_OPEN_KEY,
        on_change="rerun",
    )
    if not box.open:
        return
    with box:
        try:
            about = [_about(table) for table in tables]
        except StoreError as error:
            st.error(store_trouble(error))
        else:
            for index, (table, (count, players)) in enumerate(zip(tables, about, strict=True)):
                _table_row(index, table, count, players, here)
        st.button(
            _("New table"),
            key=NEW_TABLE_KEY,
            on_click=to_new_table,
            icon=":material/add:",
            help=_("A table of its own, with a new link: only those who have it see its games."),
        )
