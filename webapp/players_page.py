"""A table's Players page: its statistics, the names it counts as others, and its games as
a file to take elsewhere (`webapp.views.statistics`, `player_names`, `games_file`)."""

import streamlit as st

from store import StoreError
from webapp.language import _
from webapp.navigation import to_start
from webapp.saved_games import store_trouble
from webapp.state import LEAVE_KEY
from webapp.table_stats import table_stats
from webapp.views.games_file import games_file_panel
from webapp.views.player_names import player_names
from webapp.views.statistics import statistics


def players_page(table: str) -> None:
    """The Players page of `table`."""
    st.title(":material/leaderboard: " + _("Players"), anchor=False)
    st.button(
        _("Back to the start"), on_click=to_start, key=LEAVE_KEY, icon=":material/arrow_back:"
    )
    try:
        found = table_stats(table)
    except StoreError as error:
        st.error(store_trouble(error))
        return
    if not found.seats:
        st.info(_("No finished game yet: the statistics appear once a game at this table is over."))
    else:
        statistics(found.seats, found.waiting, table)
    player_names(table, found)
    games_file_panel(table)
