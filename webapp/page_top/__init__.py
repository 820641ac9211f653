"""A game's page opens at its top.

Streamlit keeps the page's scroll position when it redraws it, also for another game: on a
phone, Start (low on the start page) would land the new game scrolled to its sheet's
bottom rows. `open_at_top` mounts a small custom component (components v2, its frontend
the file top.js beside this module; no iframe) that scrolls the page to its top once for
each game it is mounted for, and never again while that game is played.
"""

from pathlib import Path

import streamlit as st

from webapp.state import TOP_KEY

_mount = st.components.v2.component("page_top", js=(Path(__file__).parent / "top.js").read_text())


def open_at_top(game_id: str) -> None:
    """Have the browser show the page from its top when it first shows game `game_id` (in a
    hidden place at the end of the page, so nothing above it moves)."""
    with st.container(key="page_top"):
        _mount(key=TOP_KEY, data={"game": game_id})
