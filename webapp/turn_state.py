"""The turn as this browser holds it (five dice, the roll, the held dice, the earlier
rolls), what the live camera last took as a roll, and the last photo."""

from collections.abc import Sequence

import streamlit as st

from scoring import DICE_PER_HAND, EarlierRoll, Turn
from vision import Die
from webapp.live_turn import Scene, TurnSoFar, advance, rows_of
from webapp.photos import PhotoReading
from webapp.state import (
    DIE_KEYS,
    EARLIER_KEY,
    FOLLOWS_KEY,
    HELD_KEY,
    HOLD_KEYS,
    PHOTO_KEY,
    PHOTO_ROUND_KEY,
    READ_KEY,
    RECORDED_KEY,
    ROLL_KEY,
    SCENE_KEY,
    SCENE_NOTE_KEY,
    SCENES_TAKEN_KEY,
    TURN_OF_KEY,
)


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


def held() -> frozenset[int]:
    """Rows whose tick box says the die is held."""
    return frozenset(row for row, key in enumerate(HOLD_KEYS) if st.session_state.get(key))


def held_over() -> frozenset[int]:
    """Rows whose die was held from the roll before, by the camera or by Roll again."""
    return frozenset(st.session_state.get(HELD_KEY, frozenset()))


def turn() -> TurnSoFar:
    """The turn as the page holds it now."""
    earlier = tuple(EarlierRoll(tuple(r["dice"]), tuple(r["kept"])) for r in earlier_rolls())
    return TurnSoFar(tuple(dice()), st.session_state.get(ROLL_KEY), held(), earlier)


def set_turn(turn: TurnSoFar) -> None:
    """Show `turn`: its dice, roll, held dice (ticked and marked) and earlier rolls."""
    set_dice(turn.dice)
    set_roll(turn.roll)
    for row, key in enumerate(HOLD_KEYS):
        st.session_state[key] = row in turn.held
    st.session_state[HELD_KEY] = turn.held
    st.session_state[EARLIER_KEY] = [earlier.to_dict() for earlier in turn.earlier]


def photo_widget_key(source: str) -> str:
    """Key of a photo widget; it changes with every turn so the widget starts empty."""
    return f"{source}_{st.session_state.get(PHOTO_ROUND_KEY, 0)}"


def _new_photo_round() -> None:
    st.session_state[PHOTO_ROUND_KEY] = st.session_state.get(PHOTO_ROUND_KEY, 0) + 1
    st.session_state.pop(PHOTO_KEY, None)
    st.session_state.pop(READ_KEY, None)


def clear_turn() -> None:
    """Empty the dice, the roll, the held dice, the earlier rolls, the photo and the photo
    widgets, ready for the next player. The camera's last scene is kept, so the dice left
    on the table are not taken for the next player's first roll."""
    _new_photo_round()
    set_turn(TurnSoFar((None,) * DICE_PER_HAND, None))
    st.session_state[FOLLOWS_KEY] = False
    st.session_state.pop(SCENE_NOTE_KEY, None)


def follow_turn(game_id: str, turns: int) -> None:
    """Start afresh when the game's turn passed since the dice were set (another device
    recorded, or this is the first run)."""
    if st.session_state.get(TURN_OF_KEY) != (game_id, turns) or DIE_KEYS[0] not in st.session_state:
        clear_turn()
        st.session_state[TURN_OF_KEY] = (game_id, turns)


def earlier_rolls() -> list[dict[str, list[int]]]:
    """This turn's rolls before the one on the dice, as a game record writes them."""
    return list(st.session_state.get(EARLIER_KEY, []))


def roll_again(roll: int) -> None:
    """Note the dice of roll `roll` and those held, then leave only the held dice set (and
    still ticked) for roll `roll` + 1."""
    now = turn()
    values = hand()
    if values is None:
        return
    kept = tuple(values[row] for row in sorted(now.held))
    earlier = (*now.earlier[: roll - 1], EarlierRoll(tuple(values), kept))
    _new_photo_round()
    rolled = tuple(v if row in now.held else None for row, v in enumerate(values))
    set_turn(TurnSoFar(rolled, roll + 1, now.held, earlier))


def take_scene(photo: PhotoReading, scene: Scene) -> bool:
    """Take a live scene of five dice as a roll of this turn (see `live_turn.advance`):
    False, with nothing changed, when the turn is past its last roll."""
    following = bool(st.session_state.get(FOLLOWS_KEY))
    after = advance(turn(), scene, following)
    if after is None:
        return False
    set_turn(after)
    st.session_state[SCENE_KEY] = scene.rows
    st.session_state[FOLLOWS_KEY] = True
    st.session_state[SCENES_TAKEN_KEY] = scenes_taken() + 1
    _keep(photo)
    return True


def note_scene(note: str | None) -> None:
    """Say why the camera's last scene was not a roll (None: it was one)."""
    st.session_state[SCENE_NOTE_KEY] = note


def scene_note() -> str | None:
    """Why the camera's last scene was not a roll, if it was not."""
    return st.session_state.get(SCENE_NOTE_KEY)


def scenes_taken() -> int:
    """How many scenes the live camera has taken as rolls in this browser (0: none yet)."""
    return int(st.session_state.get(SCENES_TAKEN_KEY, 0))


def last_scene() -> tuple[Die, ...]:
    """The rows of the last scene the live camera took as a roll (none before the first)."""
    return tuple(st.session_state.get(SCENE_KEY, ()))


def keep_recorded(game_id: str, turns: int, before: TurnSoFar) -> None:
    """Remember the turn as it stood at a Record, for an Undo of the entry that made
    `turns` turns."""
    st.session_state[RECORDED_KEY] = (game_id, turns, before)


def restore(game_id: str, turns: int, undone: Turn) -> None:
    """Put back the turn an Undo took back: as it stood before its Record when this
    browser recorded it, else as the record has it (dice, roll, earlier rolls, and the
    dice kept from the roll before held)."""
    game, count, before = st.session_state.get(RECORDED_KEY, (None, None, None))
    if (game, count) == (game_id, turns + 1) and sorted(before.dice) == list(undone.dice):
        set_turn(before)
    else:
        earlier = undone.rolls or ()
        kept = earlier[-1].kept if earlier else ()
        rows = rows_of(undone.dice, kept)
        set_turn(TurnSoFar(undone.dice, undone.roll, rows, tuple(earlier)))
    values = tuple(die.value for die in last_scene())
    st.session_state[FOLLOWS_KEY] = values == tuple(dice())
    st.session_state[TURN_OF_KEY] = (game_id, turns)


def photo() -> PhotoReading | None:
    """The last photo read in this browser, if any."""
    return st.session_state.get(PHOTO_KEY)


def _keep(reading: PhotoReading) -> None:
    st.session_state[PHOTO_KEY] = reading
    st.session_state[READ_KEY] = reading.kept


def keep_photo(reading: PhotoReading) -> None:
    """Remember a photo's reading and put the hand's dice it chose into the widgets (a
    photo from another source than the live camera: the turn no longer follows it)."""
    _keep(reading)
    set_dice([d.value for d in reading.kept])
    st.session_state[FOLLOWS_KEY] = False


def read_die(position: int) -> Die | None:
    """The die the last photo put at `position` among the five, if any."""
    dice = st.session_state.get(READ_KEY, [])
    return dice[position] if position < len(dice) else None
