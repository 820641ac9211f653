"""Saying a roll aloud (a switch, off until a table turns it on): when the live camera
takes a scene as a roll, the browser says the dice and the advice in the page language,
once per scene."""

import secrets

import streamlit as st

from scoring import Suggestion
from webapp import turn_state
from webapp.advice import Turn
from webapp.language import _, current, ngettext
from webapp.speech import Announcement, say
from webapp.state import SPEAK_KEY, TOKEN_KEY
from webapp.wording import keep_action


def speak_toggle() -> None:
    """The table's choice to hear each roll read out."""
    st.toggle(
        _("Say it aloud"),
        value=False,
        key=SPEAK_KEY,
        help=_("When the camera reads a roll, the browser says the dice and the advice."),
    )


def roll_words(turn: Turn, best: Suggestion | None, names: dict[str, str]) -> str:
    """What is said of a roll: its dice, then the advisor's keep or the best box."""
    assert turn.hand is not None
    dice = ", ".join(map(str, sorted(turn.hand)))
    words = [_("Roll {roll}: {dice}.").format(roll=turn.roll, dice=dice)]
    if turn.rolling_on:
        keep = turn.keeps[0]
        words.append(_("Advisor: {action}.").format(action=keep_action(keep.keep, keep.score_now)))
    elif best is not None:
        words.append(
            ngettext(
                "Best box: {box}, {points} point.",
                "Best box: {box}, {points} points.",
                abs(best.points),
            ).format(box=names[best.box], points=best.points)
        )
    return " ".join(words)


def announce(turn: Turn, best: Suggestion | None, names: dict[str, str]) -> None:
    """Say the roll the camera read last, when the table asked to hear it."""
    scene = turn_state.scenes_taken()
    if not st.session_state.get(SPEAK_KEY) or not scene or turn.hand is None:
        return
    token = st.session_state.setdefault(TOKEN_KEY, secrets.token_hex(4))
    say(Announcement(f"{token}-{scene}", roll_words(turn, best, names), current()))
