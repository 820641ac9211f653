"""The server's one game store, shared by every page thread: `DICE_TABLE_DB` (a file or a
`postgresql://` URL), else `./data/dice-table.sqlite3`, opened once per address."""

import os

import streamlit as st

from store import ENV_VAR, GameStore, default_path, open_store


@st.cache_resource
def _store_at(address: str) -> GameStore:
    return open_store(address)


def game_store() -> GameStore:
    """The one store of this server, as `$DICE_TABLE_DB` names it now."""
    return _store_at(os.environ.get(ENV_VAR) or str(default_path()))
