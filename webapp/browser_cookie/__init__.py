"""A cookie the browser keeps for this site, written from the page.

A Streamlit page talks to its server over a websocket, which sets no cookies, so
`write_cookie` mounts a small custom component (components v2, its frontend the file
cookie.js beside this module; no iframe) that sets `document.cookie`, and only when the
browser's value differs (marked Secure when the page is served over HTTPS, so that it
never travels in clear). The server reads it back from `st.context.cookies`, which holds
the cookies the browser sent when the page was opened.
"""

from pathlib import Path

import streamlit as st

_mount = st.components.v2.component(
    "browser_cookie", js=(Path(__file__).parent / "cookie.js").read_text()
)


def write_cookie(name: str, value: str, max_age: int, key: str) -> None:
    """Have the browser keep `value` (cookie-safe text) under `name` for `max_age` seconds,
    for the whole site and for same-site requests only; an empty value removes the cookie.
    `key` places the component on the page."""
    _mount(key=key, data={"name": name, "value": value, "max_age": max_age})
