"""A game's table screen (`?view=screen`): the turn, the advice and the totals, large, for
the screen the whole table looks at, kept in step with every device on the game and with
nothing to click.

Imported when a screen is first shown (`webapp.main`), like the game page.
"""

from pathlib import Path

import streamlit as st

from webapp import turn_state
from webapp.advice import Turn, awaited, chances_now, plan_turn
from webapp.language import sheet_names
from webapp.saved_games import OpenGame
from webapp.server import follow_changes
from webapp.state import ADVICE_KEY, ADVICE_OFF, ADVISOR_KEY
from webapp.views.screen import table_screen

# The screen's own layout (see the file), on top of the page's: read once.
STYLE = "<style>" + (Path(__file__).parent / "screen.css").read_text(encoding="utf-8") + "</style>"


def _advice_as_asked() -> None:
    """The screen has no Advisor switch: its address says whether the table plays with the
    advisor (the game page's link to it carries that page's switch), and this browser's
    advice and chances to win follow it."""
    st.session_state[ADVISOR_KEY] = st.query_params.get(ADVICE_KEY) != ADVICE_OFF


def _turn(saved: OpenGame) -> Turn | None:
    """The table's turn in progress with the advisor's help for it, as the game page works
    it out (None once the game is over or abandoned)."""
    if not saved.in_play:
        return None
    turn_state.play(saved.game.rules)
    turn_state.show(saved.turn)
    return plan_turn(saved)


def screen_page(saved: OpenGame) -> None:
    """The table screen of `saved`, redrawn by itself after any device's change (and once
    the advisor is ready, while it is still solving the game)."""
    _advice_as_asked()
    st.html(STYLE)
    rules = saved.game.rules
    with st.container(key="screen_follow"):
        follow_changes(saved.table, saved.id, saved.revision, awaited(rules, finished=False))
    table_screen(saved, sheet_names(rules), _turn(saved), chances_now(saved))
