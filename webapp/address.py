"""Where a phone finds a table or a game: its address on the local network, and its QR
code. The address names the table by its token, the key to its games.

A page opened on the computer that runs the server often reads `localhost`, which means
nothing to a phone; the address shown to phones names the computer's own address on the
network instead, with the same scheme and port.
"""

import io
import ipaddress
import socket
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno

from webapp.state import (
    ADVICE_KEY,
    ADVICE_OFF,
    GAME_KEY,
    QUERY_KEY,
    SCREEN_VIEW,
    TABLE_KEY,
    VIEW_KEY,
)

# Any address outside this machine: no packet is sent to it, it only makes the system
# choose the network interface (and so the address) that other devices reach.
_ROUTE_PROBE = ("10.255.255.255", 1)


def machine_address() -> str | None:
    """This computer's address on the local network, or None when it has none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_ROUTE_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if ipaddress.ip_address(address).is_loopback else address


def is_loopback(host: str) -> bool:
    """Whether `host` names this computer only (localhost, 127.x.x.x, ::1)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _address(page_url: str, query: dict[str, str], lan_address: str | None) -> str:
    """The page's own address with a loopback host replaced by this computer's network
    address, and `query` as its query."""
    parts = urlsplit(page_url)
    host = parts.hostname or "localhost"
    if is_loopback(host):
        host = lan_address or machine_address() or host
    netloc = f"[{host}]" if ":" in host else host
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme or "http", netloc, parts.path or "/", urlencode(query), ""))


def table_address(page_url: str, table: str, lan_address: str | None = None) -> str:
    """The link that opens a table's start page from another device: its invite."""
    return _address(page_url, {TABLE_KEY: table}, lan_address)


def game_address(page_url: str, table: str, game_id: str, lan_address: str | None = None) -> str:
    """The address a phone opens to join the game: the table's link and the game's id."""
    return _address(page_url, {TABLE_KEY: table, GAME_KEY: game_id}, lan_address)


def screen_address(page_url: str, table: str, game_id: str, language: str, advice: bool) -> str:
    """The game's table screen on the page's own host (the browser that follows the link
    reaches it as it reaches this page), in `language`, with or without the advisor."""
    query = {VIEW_KEY: SCREEN_VIEW, TABLE_KEY: table, GAME_KEY: game_id, QUERY_KEY: language}
    if not advice:
        query[ADVICE_KEY] = ADVICE_OFF
    parts = urlsplit(page_url)
    netloc = parts.netloc or "localhost"
    return urlunsplit((parts.scheme or "http", netloc, parts.path or "/", urlencode(query), ""))


def qr_png(text: str) -> bytes:
    """A QR code of `text` as a PNG image, large enough to scan from across a table."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=6, border=2)
    return out.getvalue()
