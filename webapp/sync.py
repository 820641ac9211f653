"""Every device on a game in step: a light check, every SYNC_SECONDS, that redraws the
whole page only when another device saved, or when the advisor's table that the page
waits for has become ready."""

import streamlit as st

from store import StoreError
from webapp import ahead
from webapp.saved_games import game_store

SYNC_SECONDS = 1.5


@st.fragment(run_every=SYNC_SECONDS)
def follow_changes(table: str, game_id: str, revision: int, advice_for: str | None = None) -> None:
    """Redraw the page once the saved revision of `table`'s game is no longer the one
    drawn, or once the advisor can help with game kind `advice_for` (None: the page does
    not wait)."""
    if advice_for is not None and ahead.ready(advice_for):
        st.rerun(scope="app")
    try:
        saved = game_store().revision(game_id, table=table)
    except StoreError:
        return
    if saved != revision:
        st.rerun(scope="app")
