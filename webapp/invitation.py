"""A table's invite, drawn wherever a page offers it (the start page, a game's Phone
popover): its link as plain text to copy and send, the link being the table's only key."""

import streamlit as st

from webapp.address import table_address
from webapp.language import _


def page_url() -> str:
    """The page's address as the browser shows it (a local guess while it has not said)."""
    return st.context.url or "http://localhost:8501/"


def invite(table: str) -> None:
    """The table's link, as plain text to copy and send."""
    st.caption(_("Invite: anyone with this link can see and play this table's games."))
    st.code(table_address(page_url(), table), language=None, wrap_lines=True)
