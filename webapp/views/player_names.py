"""Renaming a player, or merging two names, for a table's statistics only (every game
keeps its names as played); names that look alike are warned of first."""

import streamlit as st

from player_stats import Names as CountedNames
from player_stats import renaming
from scoring import LONGEST_NAME, ScoringError, player_name
from store import StoreError
from webapp.language import _, error_text
from webapp.saved_games import store_trouble
from webapp.server import game_store
from webapp.state import NAMES_TROUBLE_KEY, RENAME_KEY, RENAME_NEW_KEY, RENAME_OLD_KEY, unname_key
from webapp.table_stats import TableStats
from webapp.text import plain
from webapp.wording import look_alike_warnings


def _rename(table: str, names: CountedNames) -> None:
    old, new = st.session_state.get(RENAME_OLD_KEY), st.session_state.get(RENAME_NEW_KEY)
    if not isinstance(old, str):
        return
    try:
        kept = player_name(new)
        store = game_store()
        for key, shown in renaming(names, old, kept):
            store.count_name_as(key, shown, table=table)
    except ScoringError as error:
        st.session_state[NAMES_TROUBLE_KEY] = plain(error_text(error))
    except StoreError as error:
        st.session_state[NAMES_TROUBLE_KEY] = store_trouble(error)


def _undo_name(table: str, key: str) -> None:
    try:
        game_store().count_name_as(key, None, table=table)
    except StoreError as error:
        st.session_state[NAMES_TROUBLE_KEY] = store_trouble(error)


def player_names(table: str, found: TableStats) -> None:
    """Renaming a player, or merging two names, for the statistics only; names that look
    alike are warned of first (merging them is the way to count them as one)."""
    shown = sorted({seat.shown for seat in found.seats}, key=str.casefold)
    for warning in look_alike_warnings(shown):
        st.warning(warning, icon=":material/visibility:")
    with st.expander(_("Rename or merge players"), icon=":material/badge:"):
        st.caption(
            _(
                "A new name renames a player; the name of another player merges the two. "
                "Only the statistics change: every game keeps its names as played."
            )
        )
        trouble = st.session_state.pop(NAMES_TROUBLE_KEY, None)
        if trouble:
            st.error(trouble)
        counted = CountedNames(found.names)
        if shown:
            left, right = st.columns(2)
            left.selectbox(_("Player"), shown, key=RENAME_OLD_KEY)
            new = right.text_input(_("Counts as"), max_chars=LONGEST_NAME, key=RENAME_NEW_KEY)
            st.button(
                _("Rename or merge"),
                key=RENAME_KEY,
                on_click=_rename,
                args=(table, counted),
                disabled=not new.strip(),
            )
        for key, name in sorted(found.names.items()):
            left, right = st.columns([4, 1], vertical_alignment="center")
            left.markdown(_("{name} counts as {shown}").format(name=plain(key), shown=plain(name)))
            right.button(_("Undo"), key=unname_key(key), on_click=_undo_name, args=(table, key))
