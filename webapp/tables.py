"""The tables this browser remembers, most recent first, so that the bare address brings
it back to its table: kept in its cookie `dice_table_tables` for a year, and for the rest
of the browser session in its state (the cookie the server sees is the one sent when the
page was opened)."""

from collections.abc import Sequence

import streamlit as st

from store import is_table_token
from webapp.browser_cookie import write_cookie
from webapp.state import COOKIE_KEY, MEMORY_KEY, TABLES_KEY

COOKIE = "dice_table_tables"
# Tokens hold letters, digits, "-" and "_" only, so a dot parts them in the cookie.
SEPARATOR = "."
MOST = 10
YEAR_SECONDS = 365 * 24 * 60 * 60


def parse(text: str) -> list[str]:
    """The tables a cookie names, in its order, each once and at most `MOST`; whatever else
    it holds is passed over (the browser's owner may have written anything there)."""
    tokens = [token for token in text.split(SEPARATOR) if is_table_token(token)]
    return list(dict.fromkeys(tokens))[:MOST]


def cookie_text(tables: Sequence[str]) -> str:
    """The cookie's value for these tables."""
    return SEPARATOR.join(tables)


def put_first(tables: Sequence[str], table: str) -> list[str]:
    """`tables` with `table` first (the most recent), keeping at most `MOST`."""
    return [table, *(known for known in tables if known != table)][:MOST]


def remembered() -> list[str]:
    """This browser's tables, most recent first."""
    if TABLES_KEY not in st.session_state:
        st.session_state[TABLES_KEY] = parse(st.context.cookies.get(COOKIE, ""))
    return list(st.session_state[TABLES_KEY])


def remember(table: str) -> None:
    """Make `table` this browser's most recent table."""
    st.session_state[TABLES_KEY] = put_first(remembered(), table)


def forget(table: str) -> None:
    """Leave `table` in this browser only: its games stay, and its link still opens them."""
    st.session_state[TABLES_KEY] = [known for known in remembered() if known != table]


def keep_in_browser() -> None:
    """Have the browser's cookie name the tables remembered now (in a hidden place at the
    end of the page, so nothing above it moves)."""
    with st.container(key=MEMORY_KEY):
        write_cookie(COOKIE, cookie_text(remembered()), YEAR_SECONDS, COOKIE_KEY)
