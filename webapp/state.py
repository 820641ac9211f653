"""The page's per-browser state: the five dice, the roll, the last photo and one-off messages."""

from collections.abc import Sequence

import streamlit as st

from scoring.hand import DICE_PER_HAND
from vision import Die
from webapp.photos import PhotoReading

DIE_KEYS = tuple(f"die_{i}" for i in range(DICE_PER_HAND))
ROLL_KEY = "roll"
PHOTO_KEY = "photo"
READ_KEY = "photo_dice"
FLASH_KEY = "flash"
PHOTO_ROUND_KEY = "photo_round"


def dice() -> list[int | None]:
    """The five dice as the player sees them (`None` where a die has no value yet)."""
    return [st.session_state.get(key) for key in DIE_KEYS]


def hand() -> list[int] | None:
    """The five dice once every one has a value, else `None`."""
    values = [value for value in dice() if value is not None]
    return values if len(values) == len(DIE_KEYS) else None


def set_dice(values: Sequence[int | None]) -> None:
    """Put values into the five dice (missing ones left empty); call before the widgets draw."""
    padded = [*values[: len(DIE_KEYS)], *[None] * len(DIE_KEYS)][: len(DIE_KEYS)]
    for key, value in zip(DIE_KEYS, padded, strict=True):
        st.session_state[key] = value


def set_roll(roll: int | None) -> None:
    """Set the roll number, or leave it to be chosen (`None`)."""
    st.session_state[ROLL_KEY] = roll


def photo_widget_key(source: str) -> str:
    """Key of a photo widget; it changes with every turn so the widget starts empty."""
    return f"{source}_{st.session_state.get(PHOTO_ROUND_KEY, 0)}"


def clear_turn() -> None:
    """Empty the dice, the roll, the photo and the photo widgets, ready for the next player."""
    st.session_state[PHOTO_ROUND_KEY] = st.session_state.get(PHOTO_ROUND_KEY, 0) + 1
    set_dice([])
    set_roll(None)
    st.session_state.pop(PHOTO_KEY, None)
    st.session_state.pop(READ_KEY, None)


def photo() -> PhotoReading | None:
    """The last photo read in this browser, if any."""
    return st.session_state.get(PHOTO_KEY)


def keep_photo(reading: PhotoReading) -> None:
    """Remember a photo's reading and put the hand's dice it chose into the widgets."""
    st.session_state[PHOTO_KEY] = reading
    st.session_state[READ_KEY] = reading.kept
    set_dice([d.value for d in reading.kept])


def read_die(position: int) -> Die | None:
    """The die the last photo put at `position` among the five, if any."""
    dice = st.session_state.get(READ_KEY, [])
    return dice[position] if position < len(dice) else None


def flash(kind: str, message: str) -> None:
    """Show `message` once, at the top of the next run (kind: success, warning or error)."""
    st.session_state[FLASH_KEY] = (kind, message)


def show_flash() -> None:
    """Show and forget the pending one-off message."""
    pending = st.session_state.pop(FLASH_KEY, None)
    if pending:
        kind, message = pending
        getattr(st, kind)(message)
