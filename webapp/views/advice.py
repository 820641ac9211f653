"""The advisor on the page: which dice to keep after rolls 1 and 2, and each box's outlook."""

from collections.abc import Sequence

import streamlit as st

from advisor import KeepChoice
from webapp import turn_state
from webapp.advice import Turn, working
from webapp.language import _, number
from webapp.live_turn import rows_of
from webapp.saved_games import OpenGame
from webapp.state import ADVISOR_KEY, KEEP_AS_ADVISED_KEY
from webapp.wording import keep_action, keep_words

SHOWN_ALTERNATIVES = 4


def advisor_toggle() -> None:
    """The table's choice: play with the advisor's help or without."""
    st.toggle(
        _("Advisor"),
        value=True,
        key=ADVISOR_KEY,
        help=_(
            "Shows the dice a strong solitaire player would keep and the box that "
            "maximises the expected final score. Some tables play without help."
        ),
    )


def _keep_as_advised(saved: OpenGame, dice: Sequence[int], keep: Sequence[int]) -> None:
    turn_state.set_holding(rows_of(dice, keep))
    turn_state.mark_changed()


def show_keep_advice(saved: OpenGame, choices: list[KeepChoice], dice: Sequence[int]) -> None:
    """The best keep, how much the next choices would cost, and (when the advice is to
    roll again) one tap to tick the dice it keeps."""
    best = choices[0]
    action = keep_action(best.keep, best.score_now, len(dice))
    alternatives = choices[1 : SHOWN_ALTERNATIVES + 1]
    others = " · ".join(
        f"{keep_words(c.keep, c.score_now)} -{number(c.loss)}" for c in alternatives
    )
    advisor = _("Advisor:")
    expected = _("expected final score {points}").format(points=number(best.expected))
    st.markdown(
        f":blue-background[:material/explore: **{advisor}** {action}] :small[({expected})]",
        help=_("Other choices lose: {choices}").format(choices=others) if others else None,
    )
    if not best.score_now:
        st.button(
            _("Keep as advised"),
            key=KEEP_AS_ADVISED_KEY,
            icon=":material/push_pin:",
            on_click=_keep_as_advised,
            args=(saved, list(dice), best.keep),
            help=_("Ticks the dice the advisor keeps, to hold them for the next roll."),
        )


def keep_advice(saved: OpenGame, turn: Turn) -> frozenset[int]:
    """While the advisor is working, say so; else its keep for this roll: the rows of the
    dice it keeps when the advice is to roll again.

    What comes and goes here stays inside a container of its own that is always there,
    so the widgets after it keep their place from run to run: were they to move, the
    browser would show the old and the new copy of a widget for a moment, and the old one
    can send its value back.
    """
    keep: frozenset[int] = frozenset()
    with st.container(key="turn_advice"):
        if turn.waiting:
            st.caption(working())
        elif turn.unadvised is not None:
            st.caption(":material/info: " + turn.unadvised)
        elif turn.keeps and turn.hand is not None:
            show_keep_advice(saved, turn.keeps, turn.hand)
            if turn.rolling_on:
                keep = rows_of(turn.hand, turn.keeps[0].keep)
    return keep
