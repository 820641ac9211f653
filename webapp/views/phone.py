"""Joining a game from a phone: its address on the local network as a QR code, what to do
when the page is not served over HTTPS, the link to the game's table screen, and the
invite to the game's table."""

from urllib.parse import urlsplit

import streamlit as st

from webapp.address import game_address, is_loopback, qr_png, screen_address
from webapp.advice import advisor_on
from webapp.invitation import invite, page_url
from webapp.language import _, current


@st.cache_data(max_entries=256, show_spinner=False)
def _qr_code(address: str) -> bytes:
    """The address's QR code, made once per address: every rerun of every page draws it."""
    return qr_png(address)


def listens_on_loopback() -> bool:
    """Whether the server takes connections from this computer only (`server.address`
    set to localhost or a loopback address), where no phone can reach it."""
    address = st.get_option("server.address")
    return bool(address) and is_loopback(str(address))


def screen_link(table: str, game_id: str) -> None:
    """The link to the game's table screen, in the page language and with the advisor as
    this browser's switch has it (the screen has no switch of its own)."""
    address = screen_address(page_url(), table, game_id, current(), advisor_on())
    st.link_button(
        _("Table screen"),
        address,
        icon=":material/tv:",
        help=_(
            "Opens the game for a screen the whole table looks at: the dice, the advice and "
            "the totals, large, kept up to date by themselves."
        ),
    )


def join_from_phone(table: str, game_id: str) -> None:
    """A popover with the address of `table`'s game as a QR code and as text, what keeps a
    phone from using it, the link to the table screen, and the table's invite."""
    address = game_address(page_url(), table, game_id)
    with st.popover(_("Phone"), icon=":material/qr_code_2:", help=_("Join this game from a phone")):
        if listens_on_loopback():
            st.warning(
                _(
                    "This server takes connections from this computer only, so no phone can "
                    "reach it. Start it with --server.address 0.0.0.0 to play with phones."
                ),
                icon=":material/wifi_off:",
            )
        st.image(_qr_code(address), width=220)
        st.code(address, language=None)
        parts = urlsplit(address)
        if parts.scheme != "https" and not is_loopback(parts.hostname or "localhost"):
            st.caption(
                _(
                    "Over plain http a phone's browser keeps the camera off: use Upload on the "
                    "phone (it opens the camera app), or serve the page over HTTPS with "
                    "`python -m webapp.certificate` (the README says how)."
                )
            )
        screen_link(table, game_id)
        invite(table)
