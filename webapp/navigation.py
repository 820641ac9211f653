"""Where the page's address points: a game by its id, or the start page, in the language
the address already asks for."""

import streamlit as st

from webapp.state import GAME_KEY, QUERY_KEY


def open_game(game_id: str) -> None:
    """Point the address at a game (the page then shows it)."""
    st.query_params[GAME_KEY] = game_id


def to_start() -> None:
    """Point the address at the start page, keeping its language."""
    language = st.query_params.get(QUERY_KEY)
    st.query_params.clear()
    if language:
        st.query_params[QUERY_KEY] = language
