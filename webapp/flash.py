"""One-off messages: said once, at the top of the next run of this browser's page."""

import streamlit as st

from webapp.state import FLASH_KEY


def flash(kind: str, message: str) -> None:
    """Show `message` once, at the top of the next run (kind: success, warning or error)."""
    st.session_state[FLASH_KEY] = (kind, message)


def show_flash() -> None:
    """Show and forget the pending one-off message.

    Its place is on the page in every run, message or not: were it to come and go,
    everything below would move, and Streamlit would mount the live camera afresh (the
    camera restarts, and its new status reruns the page, which drops the message).
    """
    slot = st.container()
    pending = st.session_state.pop(FLASH_KEY, None)
    if pending:
        kind, message = pending
        getattr(slot, kind)(message)
