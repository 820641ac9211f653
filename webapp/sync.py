"""Every device on a game in step: a light check of the game's revision, every
SYNC_SECONDS, that redraws the whole page only when another device saved."""

import streamlit as st

from store import StoreError
from webapp.tables import game_store

SYNC_SECONDS = 1.5


@st.fragment(run_every=SYNC_SECONDS)
def follow_changes(game_id: str, revision: int) -> None:
    """Redraw the page once the game's saved revision is no longer the one drawn."""
    try:
        saved = game_store().revision(game_id)
    except StoreError:
        return
    if saved != revision:
        st.rerun(scope="app")
