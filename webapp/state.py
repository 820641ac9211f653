"""The page's per-browser state: the five dice, the roll, the turn's earlier rolls, the
last photo and one-off messages."""

from collections.abc import Sequence

import streamlit as st

from scoring.hand import DICE_PER_HAND
from vision import Die
from webapp.photos import PhotoReading

DIE_KEYS = tuple(f"die_{i}" for i in range(DICE_PER_HAND))
HOLD_KEYS = tuple(f"hold_{i}" for i in range(DICE_PER_HAND))
EARLIER_KEY = "earlier_rolls"
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


def _new_photo_round() -> None:
    st.session_state[PHOTO_ROUND_KEY] = st.session_state.get(PHOTO_ROUND_KEY, 0) + 1
    st.session_state.pop(PHOTO_KEY, None)
    st.session_state.pop(READ_KEY, None)
    for key in HOLD_KEYS:
        st.session_state[key] = False


def clear_turn() -> None:
    """Empty the dice, the roll, the earlier rolls, the photo and the photo widgets, ready
    for the next player."""
    _new_photo_round()
    set_dice([])
    set_roll(None)
    st.session_state[EARLIER_KEY] = []


def earlier_rolls() -> list[dict[str, list[int]]]:
    """This turn's rolls before the one on the dice, as a game record writes them."""
    return list(st.session_state.get(EARLIER_KEY, []))


def roll_again(roll: int) -> None:
    """Note the dice of roll `roll` and those held, then leave only the held dice set for
    roll `roll` + 1."""
    values = dice()
    held = [bool(st.session_state.get(key)) for key in HOLD_KEYS]
    kept = [v for v, hold in zip(values, held, strict=True) if hold and v is not None]
    earlier = earlier_rolls()[: roll - 1]
    st.session_state[EARLIER_KEY] = [*earlier, {"dice": list(values), "kept": kept}]
    _new_photo_round()
    set_dice([v if hold else None for v, hold in zip(values, held, strict=True)])
    set_roll(roll + 1)


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
    """Show and forget the pending one-off message.

    Its place is on the page in every run, message or not: were it to come and go,
    everything below would move, and Streamlit would mount the live camera afresh (the
    camera restarts, and its new status reruns the page, which drops the message).
    """
    slot = st.container()
    pending = st.session_state.pop(FLASH_KEY, None)
    if pending:
        kind, message = pending
        getattr(slot, kind)(message)
