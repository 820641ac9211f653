"""A table's start page: its new game and saved games (`webapp.views.start`), the invite
to the table, its Players page, and this browser's tables (`webapp.views.tables`)."""

from collections.abc import Callable

import streamlit as st

from webapp.invitation import invite
from webapp.language import _
from webapp.navigation import players_button
from webapp.views.start import new_game_form, saved_games
from webapp.views.tables import your_tables


def start_page(table: str, beside_title: Callable[[], None]) -> None:
    """The start page of `table`, shown when no game id is in the URL; `beside_title`
    draws the controls beside its title."""
    title, language = st.columns([4, 1], vertical_alignment="bottom")
    title.title(":material/casino: " + _("Dice table"), anchor=False)
    with language:
        beside_title()
    st.write(
        _(
            "Roll real dice, let the camera read them, and see what the roll is worth "
            "in every open box. The sheet is shared by the whole table and saved after "
            "every entry."
        )
    )
    invite(table)
    left, right = st.columns(2, gap="large")
    with left:
        new_game_form(table)
    with right:
        saved_games(table)
        players_button()
        your_tables(table)
