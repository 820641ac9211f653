"""Saying a roll aloud (a switch, off until a table turns it on): when the live camera
takes a scene as a roll, the browser says the dice and the advice in the page language,
once per scene; and once per entry, the box recorded and who plays next."""

import secrets

import streamlit as st

from scoring import Game, GameRules, Suggestion
from webapp import turn_state
from webapp.advice import Turn
from webapp.language import _, current, ngettext
from webapp.saved_games import OpenGame
from webapp.speech import Announcement, say
from webapp.state import ENTRY_SPEECH_KEY, SPEAK_KEY, SPOKEN_FROM_KEY, TOKEN_KEY
from webapp.wording import entry_words, keep_action, next_words, place_name


def speak_toggle() -> None:
    """The table's choice to hear each roll read out."""
    st.toggle(
        _("Say it aloud"),
        value=False,
        key=SPEAK_KEY,
        help=_("When the camera reads a roll, the browser says the dice and the advice."),
    )


def roll_words(turn: Turn, best: Suggestion | None, names: dict[str, str], rules: GameRules) -> str:
    """What is said of a roll: its dice, then the advisor's keep or the best box."""
    assert turn.hand is not None
    dice = ", ".join(map(str, sorted(turn.hand)))
    words = [_("Roll {roll}: {dice}.").format(roll=turn.roll, dice=dice)]
    if turn.rolling_on:
        keep = turn.keeps[0]
        words.append(
            _("Advisor: {action}.").format(
                action=keep_action(keep.keep, keep.score_now, len(turn.hand))
            )
        )
    elif best is not None:
        words.append(
            ngettext(
                "Best box: {box}, {points} point.",
                "Best box: {box}, {points} points.",
                abs(best.points),
            ).format(box=place_name(rules, names, best.box, best.column), points=best.points)
        )
    return " ".join(words)


def announce(turn: Turn, best: Suggestion | None, names: dict[str, str], rules: GameRules) -> None:
    """Say the roll the camera read last, when the table asked to hear it."""
    scene = turn_state.scenes_taken()
    if not st.session_state.get(SPEAK_KEY) or not scene or turn.hand is None:
        return
    token = st.session_state.setdefault(TOKEN_KEY, secrets.token_hex(4))
    say(Announcement(f"{token}-{scene}", roll_words(turn, best, names, rules), current()))


def _entry_said(game: Game, names: dict[str, str]) -> str:
    """What is said of the game's last entry: who scored what in which box, then who plays
    next (nobody once the game is over)."""
    entry = game.turns[-1]
    words = [
        entry_words(entry, entry.player, place_name(game.rules, names, entry.box, entry.column))
    ]
    if game.current_player is not None:
        words.append(next_words(game.current_player))
    return " ".join(words)


def _entries_said_from(saved: OpenGame) -> int:
    """The number of entries the game had when this browser began to say them: only
    entries recorded since are said (one taken back lowers it, so it is not said again)."""
    count = len(saved.game.turns)
    game_id, since = st.session_state.get(SPOKEN_FROM_KEY, (None, count))
    since = min(since, count) if game_id == saved.id else count
    st.session_state[SPOKEN_FROM_KEY] = (saved.id, since)
    return since


def announce_entry(saved: OpenGame, names: dict[str, str]) -> None:
    """Say the game's last entry and who plays next, once, when the table asked to hear it
    and the entry was recorded (on any device) since."""
    if not st.session_state.get(SPEAK_KEY):
        st.session_state.pop(SPOKEN_FROM_KEY, None)
        return
    count = len(saved.game.turns)
    if count <= _entries_said_from(saved):
        return
    entry = saved.game.turns[-1]
    spoken = Announcement(
        f"{saved.id}-{count}-{entry.box}-{entry.points}", _entry_said(saved.game, names), current()
    )
    say(spoken, key=ENTRY_SPEECH_KEY)
