"""A game's page: the photo, the dice and the boxes side by side above the scoresheet (or
the standings once every box is filled), kept in step with the other devices on the game.

Imported when a game is first shown (`webapp.main`), so the start page does not wait for
the libraries only a game needs (OpenCV, pandas, Altair).
"""

import streamlit as st

from webapp import turn_state
from webapp.advice import awaited, plan_turn
from webapp.changes import settle_turn
from webapp.flash import show_flash
from webapp.language import _, game_title, sheet_names
from webapp.navigation import to_start
from webapp.saved_games import OpenGame
from webapp.server import follow_changes
from webapp.state import ALL_GAMES_KEY
from webapp.views.advice import advisor_toggle, keep_advice
from webapp.views.language import language_menu
from webapp.views.phone import join_from_phone
from webapp.views.photo import photo_result, photo_sources
from webapp.views.review import review_panel
from webapp.views.sheet import (
    abandon_button,
    abandoned_note,
    downloads,
    scoresheet,
    standings,
    undo_button,
)
from webapp.views.speech import announce, announce_entry, speak_toggle
from webapp.views.turn import boxes_panel, dice_panel, turn_header


def _turn(saved: OpenGame, names: dict[str, str]) -> None:
    photo, dice, boxes = st.columns([0.8, 1.25, 1.75], gap="medium")
    with photo, st.container(key="photo_panel"):
        photo_sources(saved, speak_toggle)
        photo_result(saved)
    with dice:
        turn = plan_turn(saved)
        dice_panel(saved, turn, keep_advice(saved, turn))
    with boxes:
        spoken = st.container(key="speech_slot")
        best = boxes_panel(saved, names, turn)
    with spoken:
        announce(turn, best, names, saved.game.rules)


def _header(saved: OpenGame) -> bool:
    """The game's name and whose turn it is, with the page's controls on one row beside
    them; whether the game's own box names were asked for."""
    rules = saved.game.rules
    head, controls = st.columns(2, vertical_alignment="center")
    with head:
        st.markdown(
            f"##### :material/casino: {game_title(rules)}", help=_(rules.summary), anchors=False
        )
        if saved.in_play:
            turn_header(saved)
    row = controls.container(
        horizontal=True,
        horizontal_alignment="right",
        vertical_alignment="center",
        key="header_controls",
    )
    with row:
        advisor_toggle()
        own = language_menu(rules)
        join_from_phone(saved.table, saved.id)
        st.button(_("All games"), on_click=to_start, key=ALL_GAMES_KEY, icon=":material/list:")
    return own


def game_page(saved: OpenGame) -> None:
    """One game: the turn (or the standings once every box is filled, or a note once the
    game is abandoned) above the sheet."""
    rules = saved.game.rules
    if saved.game.current_player is not None:
        settle_turn(saved)
    shown = turn_state.synced_revision(saved.id) or saved.revision
    follow_changes(saved.table, saved.id, shown, awaited(rules, saved.game.finished))
    own = _header(saved)
    show_flash()
    names = sheet_names(rules, own)
    with st.container(key="entry_speech_slot"):
        announce_entry(saved, names)
    if saved.game.finished:
        standings(saved)
    elif saved.abandoned:
        abandoned_note()
    else:
        _turn(saved, names)
    review_panel(saved, names)
    sheet, actions = st.columns([3, 1], gap="medium")
    with sheet:
        scoresheet(saved, names)
    with actions:
        undo_button(saved, names)
        abandon_button(saved)
        downloads(saved, names)
