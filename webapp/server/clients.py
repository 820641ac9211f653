"""Who a page's requests come from: its client, the address its browser connects from.

A visitor may open any number of tabs, each a browser session of its own, so what one
visitor may make the server do is counted per client as well as per session
(`webapp.server.pacing`). Behind a proxy (HAProxy in deploy/) every connection comes from the
proxy; the server then believes the address the proxy adds to X-Forwarded-For, but only
from a proxy named in $DICE_TABLE_PROXIES (a comma-separated list of addresses), since any
browser can send that header.
"""

import ipaddress
import os

import streamlit as st

PROXIES_ENV = "DICE_TABLE_PROXIES"
# What Streamlit calls a connection from this machine's usual addresses (it gives no
# address for those); its other loopback addresses (127.0.1.1, ...) are clients apart.
LOCAL = "local"
LOCAL_ADDRESSES = frozenset({LOCAL, "127.0.0.1", "::1", "localhost"})


def client_of(peer: str | None, forwarded: str | None, proxies: frozenset[str]) -> str:
    """The client of a connection from `peer` (None: from this machine) that carried the
    X-Forwarded-For value `forwarded`: the address the proxy saw, when `peer` is one of
    `proxies` and that address is one; else `peer` itself (this machine: "local")."""
    source = LOCAL if peer is None or peer in LOCAL_ADDRESSES else peer
    if source in proxies and forwarded:
        seen = forwarded.split(",")[-1].strip()
        if _is_address(seen):
            return seen
    return source


def current_client() -> str:
    """The client of the page's browser session (an address that is no text, as a page
    run without a server has, counts as this machine)."""
    peer, forwarded = st.context.ip_address, st.context.headers.get("X-Forwarded-For")
    return client_of(
        peer if isinstance(peer, str) else None,
        forwarded if isinstance(forwarded, str) else None,
        proxies(),
    )


def proxies() -> frozenset[str]:
    """The proxies whose X-Forwarded-For the server believes ("local" for this machine)."""
    named = (part.strip() for part in os.environ.get(PROXIES_ENV, "").split(","))
    return frozenset(LOCAL if name in LOCAL_ADDRESSES else name for name in named if name)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True
