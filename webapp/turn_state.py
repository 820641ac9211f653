"""The turn as this browser shows it: the five dice, the roll, the dice ticked to hold, those
held into this roll, the earlier rolls, where the dice came from, what the reader was unsure
of, held dice that read differently, and a roll already waiting for the next player; what
the live camera last took as a roll, and this browser's last photo.

The turn itself is the table's (`webapp.shared_turn`): `follow_turn` shows the turn saved
with the game whenever the game's revision moved on; a change on this browser is marked
(`mark_changed`) and `shared`, the turn as this browser holds it, is saved once as the
page runs (`webapp.changes.settle_turn`).
"""

from collections.abc import Sequence

import cv2
import numpy as np
import streamlit as st

from scoring import EarlierRoll, GameRules, Turn
from vision import Die
from webapp.live_turn import Scene, TurnSoFar, advance, place_read, rows_of
from webapp.photos import PhotoReading
from webapp.saved_games import OpenGame
from webapp.shared_turn import Changed, SharedTurn
from webapp.state import (
    CHANGED_KEY,
    DICE_SOURCE_KEY,
    DIE_KEYS,
    EARLIER_KEY,
    FOLLOWS_KEY,
    GAME_DICE_KEY,
    HELD_KEY,
    HOLD_KEYS,
    PHOTO_KEY,
    PHOTO_ROUND_KEY,
    READ_KEY,
    RECORDED_KEY,
    ROLL_KEY,
    SAVING_TURN_KEY,
    SCENE_KEY,
    SCENE_NOTE_KEY,
    SCENES_TAKEN_KEY,
    SHOWN_TURN_KEY,
    THUMBNAIL_KEY,
    TURN_CHANGED_KEY,
    TURN_SEEN_KEY,
    TURN_SYNC_KEY,
    TURN_VERSION_KEY,
    UNSURE_KEY,
    WAITING_KEY,
)

# The thumbnail the other devices see of a photo: its longer side in pixels, and quality.
THUMBNAIL_SIDE = 240
THUMBNAIL_QUALITY = 70


def play(rules: GameRules) -> None:
    """The dice are those of a game of `rules`: as many rows as it rolls dice."""
    st.session_state[GAME_DICE_KEY] = rules.dice


def die_keys() -> tuple[str, ...]:
    """The keys of the game's dice, one per row."""
    return DIE_KEYS[: st.session_state[GAME_DICE_KEY]]


def dice() -> list[int | None]:
    """The dice as the player sees them (`None` where a die has no value yet)."""
    return [st.session_state.get(key) for key in die_keys()]


def hand() -> list[int] | None:
    """The dice once every one has a value, else `None`."""
    values = [value for value in dice() if value is not None]
    return values if len(values) == len(die_keys()) else None


def set_dice(values: Sequence[int | None]) -> None:
    """Put values into the dice (missing ones left empty); call before the widgets draw."""
    _replacing()
    keys = die_keys()
    padded = [*values[: len(keys)], *[None] * len(keys)][: len(keys)]
    for key, value in zip(keys, padded, strict=True):
        st.session_state[key] = value


def set_holding(rows: frozenset[int]) -> None:
    """Tick the rows to hold for the next roll, and only those."""
    _replacing()
    for row, key in enumerate(HOLD_KEYS[: len(die_keys())]):
        st.session_state[key] = row in rows


def _replacing() -> None:
    """The page is about to put values of its own on the turn's widgets: it counts one
    more turn shown, so that values the browser sends before drawing them are known as
    older (`stale_values`)."""
    st.session_state[TURN_VERSION_KEY] = st.session_state.get(TURN_VERSION_KEY, 0) + 1


def roll() -> int:
    """The roll the dice are from (a turn starts at roll 1)."""
    chosen = st.session_state.get(ROLL_KEY)
    return chosen if type(chosen) is int and chosen >= 1 else 1


def held() -> frozenset[int]:
    """Rows whose tick box says the die is held."""
    keys = HOLD_KEYS[: len(die_keys())]
    return frozenset(row for row, key in enumerate(keys) if st.session_state.get(key))


def held_over() -> frozenset[int]:
    """Rows whose die was held from the roll before, by the camera or by Roll again."""
    return frozenset(st.session_state.get(HELD_KEY, frozenset()))


def turn() -> TurnSoFar:
    """The turn as the page holds it now."""
    earlier = tuple(EarlierRoll(tuple(r["dice"]), tuple(r["kept"])) for r in earlier_rolls())
    return TurnSoFar(tuple(dice()), roll(), held(), earlier)


def set_turn(turn: TurnSoFar) -> None:
    """Show `turn`: its dice, roll, held dice (ticked and marked) and earlier rolls."""
    set_dice(turn.dice)
    st.session_state[ROLL_KEY] = turn.roll or 1
    set_holding(turn.held)
    st.session_state[HELD_KEY] = turn.held
    st.session_state[EARLIER_KEY] = [earlier.to_dict() for earlier in turn.earlier]


def unsure_rows() -> frozenset[int]:
    """Rows whose die the reader was unsure of (on whichever device read the photo)."""
    return frozenset(st.session_state.get(UNSURE_KEY, frozenset()))


def changed_held() -> tuple[Changed, ...]:
    """Held dice that read differently after the roll and still show their held value."""
    values = dice()
    found: tuple[Changed, ...] = st.session_state.get(CHANGED_KEY, ())
    return tuple(c for c in found if values[c.row] == c.held)


def waiting() -> tuple[int, ...] | None:
    """A roll already at rest for the next player, taken when the box is recorded."""
    return st.session_state.get(WAITING_KEY)


def thumbnail() -> bytes | None:
    """The small picture of the photo the dice were read from, on any device."""
    return st.session_state.get(THUMBNAIL_KEY)


def shared(entries: int) -> SharedTurn:
    """The turn as this browser holds it, to share with the table."""
    return SharedTurn(
        entries=entries,
        dice=tuple(dice()),
        roll=roll(),
        held=held_over(),
        holding=held(),
        earlier=turn().earlier,
        source=st.session_state.get(DICE_SOURCE_KEY, "hand"),
        unsure=unsure_rows(),
        changed=changed_held(),
        thumbnail=thumbnail(),
        waiting=waiting(),
    )


def show(shared_turn: SharedTurn) -> None:
    """Show the table's turn on this browser's dice (its own photo kept while the turn is
    at the same roll)."""
    st.session_state[SHOWN_TURN_KEY] = shared_turn
    if shared_turn.roll != roll() or not shared_turn.dice_set:
        _new_photo_round()
    set_turn(TurnSoFar(shared_turn.dice, shared_turn.roll, shared_turn.held, shared_turn.earlier))
    set_holding(shared_turn.holding)
    st.session_state[DICE_SOURCE_KEY] = shared_turn.source
    st.session_state[UNSURE_KEY] = shared_turn.unsure
    st.session_state[CHANGED_KEY] = shared_turn.changed
    st.session_state[THUMBNAIL_KEY] = shared_turn.thumbnail
    st.session_state[WAITING_KEY] = shared_turn.waiting


def follow_turn(saved: OpenGame) -> None:
    """Show the turn saved with the game whenever the game moved on since this browser
    last showed or saved it (another device changed it, an entry was recorded, or this
    is the browser's first look)."""
    if synced_revision(saved.id) != saved.revision or DIE_KEYS[0] not in st.session_state:
        if st.session_state.get(TURN_SYNC_KEY, (None,))[0] != saved.id:
            _new_photo_round()
        show(saved.turn)
        synced(saved.id, saved.revision)


def mark_changed() -> None:
    """This browser changed the turn (a click, a photo): it is saved as the page runs."""
    st.session_state[TURN_CHANGED_KEY] = True


def changed() -> bool:
    """Whether this browser changed the turn since it last saved or showed it."""
    return bool(st.session_state.get(TURN_CHANGED_KEY))


def synced_revision(game_id: str) -> int | None:
    """The revision of the game whose turn this browser shows now, if it shows that game."""
    shown, revision = st.session_state.get(TURN_SYNC_KEY, (None, None))
    return revision if shown == game_id else None


def synced(game_id: str, revision: int, turn: SharedTurn | None = None) -> None:
    """This browser's dice are the turn of the game at `revision` (it saved or showed it,
    `turn` when it saved it)."""
    st.session_state[TURN_SYNC_KEY] = (game_id, revision)
    st.session_state[TURN_CHANGED_KEY] = False
    if turn is not None:
        st.session_state[SHOWN_TURN_KEY] = turn
    st.session_state.pop(SAVING_TURN_KEY, None)


def note_saving(game_id: str, revision: int, turn: SharedTurn) -> None:
    """This browser is about to save `turn` as the game's `revision`."""
    st.session_state[SAVING_TURN_KEY] = (game_id, revision, turn)


def landed(game_id: str, revision: int, turn: SharedTurn) -> None:
    """Note a save of this browser's turn that a stopped run made: when the game stands at
    the revision and turn it was saving, the browser shows that revision."""
    if st.session_state.get(SAVING_TURN_KEY) == (game_id, revision, turn):
        synced(game_id, revision, turn)


def undo_stale() -> None:
    """Put back the turn this browser last showed or saved: the widget values a timer's
    check, or a click that stopped the run drawing the table's turn, sent were older."""
    last: SharedTurn | None = st.session_state.get(SHOWN_TURN_KEY)
    if last is not None:
        show(last)


def stale_values() -> bool:
    """Whether the widget values this run's browser sent are older than the page's: they
    came with an older count of the turns shown than the page's (the browser had not drawn
    the table's turn yet: a timer's check, or a click that stopped the run drawing it)."""
    seen = st.session_state.get(TURN_SEEN_KEY)
    return seen is not None and seen != turns_shown()


def turns_shown() -> str:
    """How many times this page put the table's turn on its dice, as its hidden widget
    carries it."""
    return str(st.session_state.get(TURN_VERSION_KEY, 0))


def photo_widget_key(source: str) -> str:
    """Key of a photo widget; it changes with every turn so the widget starts empty."""
    return f"{source}_{st.session_state.get(PHOTO_ROUND_KEY, 0)}"


def _new_photo_round() -> None:
    st.session_state[PHOTO_ROUND_KEY] = st.session_state.get(PHOTO_ROUND_KEY, 0) + 1
    st.session_state.pop(PHOTO_KEY, None)
    st.session_state.pop(READ_KEY, None)


def clear_turn() -> None:
    """Empty the dice, the held dice, the earlier rolls, the photo and the photo widgets,
    ready for a roll 1. The camera's last scene is kept, so the dice left on the table are
    not taken for the next player's first roll."""
    _new_photo_round()
    set_turn(TurnSoFar((), 1))
    st.session_state[FOLLOWS_KEY] = False
    st.session_state[DICE_SOURCE_KEY] = "hand"
    for key in (UNSURE_KEY, CHANGED_KEY, THUMBNAIL_KEY, WAITING_KEY, SCENE_NOTE_KEY):
        st.session_state.pop(key, None)


def start_next(values: tuple[int, ...]) -> None:
    """Begin the next player's turn with a roll already at rest (the live camera's last
    scene), as their roll 1."""
    clear_turn()
    set_dice(values)
    st.session_state[DICE_SOURCE_KEY] = "live"
    st.session_state[FOLLOWS_KEY] = True


def earlier_rolls() -> list[dict[str, list[int]]]:
    """This turn's rolls before the one on the dice, as a game record writes them."""
    return list(st.session_state.get(EARLIER_KEY, []))


def roll_again() -> None:
    """Note the dice of this roll and those held, then leave only the held dice set (and
    still ticked) for the next roll."""
    now = turn()
    values = hand()
    if values is None or now.roll is None:
        return
    kept = tuple(values[row] for row in sorted(now.held))
    earlier = (*now.earlier[: now.roll - 1], EarlierRoll(tuple(values), kept))
    _new_photo_round()
    rolled = tuple(v if row in now.held else None for row, v in enumerate(values))
    set_turn(TurnSoFar(rolled, now.roll + 1, now.held, earlier))
    for key in (UNSURE_KEY, CHANGED_KEY, THUMBNAIL_KEY):
        st.session_state.pop(key, None)
    st.session_state[DICE_SOURCE_KEY] = "hand"


def take_held_as_read() -> None:
    """The held dice were wrong: give them the values read in their stead, and drop the
    earlier rolls, which they no longer fit."""
    values = dice()
    for change in changed_held():
        values[change.row] = change.reads
    set_dice(values)
    st.session_state[EARLIER_KEY] = []
    st.session_state[HELD_KEY] = frozenset()
    st.session_state.pop(CHANGED_KEY, None)


def take_scene(photo: PhotoReading, scene: Scene, last: int) -> bool:
    """Take a live scene of the game's dice as a roll of this turn, whose last roll is
    `last` (see `live_turn.advance`).
    A scene after the turn's last roll is the next player's roll 1, kept waiting until a
    box is recorded: False then, with the turn's own dice unchanged."""
    following = bool(st.session_state.get(FOLLOWS_KEY))
    after = advance(turn(), scene, following, last)
    st.session_state[SCENE_KEY] = scene.rows
    st.session_state[SCENES_TAKEN_KEY] = scenes_taken() + 1
    if after is None:
        st.session_state[WAITING_KEY] = tuple(die.value for die in scene.rows)
        return False
    set_turn(after)
    st.session_state[FOLLOWS_KEY] = True
    _keep(photo, "live", frozenset(row for row, die in enumerate(scene.rows) if die.unsure))
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
    clear_turn()
    if (game, count) == (game_id, turns + 1) and sorted(before.dice) == list(undone.dice):
        set_turn(before)
    else:
        earlier = undone.rolls or ()
        kept = earlier[-1].kept if earlier else ()
        rows = rows_of(undone.dice, kept)
        set_turn(TurnSoFar(undone.dice, undone.roll, rows, tuple(earlier)))
    values = tuple(die.value for die in last_scene())
    st.session_state[FOLLOWS_KEY] = values == tuple(dice())


def photo() -> PhotoReading | None:
    """The last photo read in this browser, if any."""
    return st.session_state.get(PHOTO_KEY)


def _keep(reading: PhotoReading, source: str, unsure: frozenset[int]) -> None:
    st.session_state[PHOTO_KEY] = reading
    st.session_state[READ_KEY] = reading.kept
    st.session_state[DICE_SOURCE_KEY] = source
    st.session_state[UNSURE_KEY] = unsure
    st.session_state[THUMBNAIL_KEY] = _thumbnail(reading.preview)


def keep_photo(reading: PhotoReading, source: str) -> None:
    """Remember a photo's reading (from another source than the live camera: the turn no
    longer follows the camera) and put its dice into the rows: the dice held into this
    roll stay where they are, and one the photo reads differently is flagged."""
    read = [die.value for die in reading.kept]
    placed, changed = place_read(read, dice(), held_over())
    set_dice(placed)
    unsure = frozenset(
        row
        for row, value in enumerate(placed)
        if any(d.unsure and d.value == value for d in reading.kept) and row not in held_over()
    )
    _keep(reading, source, unsure)
    st.session_state[CHANGED_KEY] = tuple(Changed(*change) for change in changed)
    st.session_state[FOLLOWS_KEY] = False


def read_die(position: int) -> Die | None:
    """The die this browser's last photo put at `position` among the five, if any."""
    found: list[Die] = st.session_state.get(READ_KEY, [])
    value = dice()[position]
    return next((die for die in found if die.value == value), None)


def _thumbnail(preview: bytes) -> bytes | None:
    """A small JPEG of a photo's preview for the other devices (None if it cannot be made)."""
    image = cv2.imdecode(np.frombuffer(preview, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        return None
    scale = THUMBNAIL_SIDE / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, THUMBNAIL_QUALITY])
    return encoded.tobytes() if ok else None
