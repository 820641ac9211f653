"""The turn in progress as the whole table shares it: saved with the game (its record's
`"turn"`, at the game's next revision, like an entry), so that every device shows the same
dice, roll, held dice and advice, and a reload, a restart or another replica finds the
turn as it stood.

What a turn holds: the five dice (None where unset), the roll, the rows held into it and
those ticked to hold for the next roll, the turn's earlier rolls, where the dice came
from, the rows the reader was unsure of, the held dice that read differently after the
roll (with what they now read), a small thumbnail of the photo (the photo itself stays on
the device that took it), and a roll already at rest for the next player (`waiting`). It
belongs to the turn that had `entries` entries recorded before it; once another entry is
recorded it is stale.
Everything read back is checked and bounded: a record is text anyone's device helped
write.
"""

import base64
import binascii
from dataclasses import dataclass, field
from typing import Any

from scoring import DICE_PER_HAND, FACES, LAST_ROLL, ROLLS, EarlierRoll

TURN_FIELD = "turn"
SOURCES = frozenset({"live", "snapshot", "upload", "sample", "hand"})
# A thumbnail's JPEG in base64: one 240 pixels on its longer side is about 10 KB.
LARGEST_THUMBNAIL_CHARS = 40_000


@dataclass(frozen=True)
class Changed:
    """A held die that reads differently after the roll: its row, the value it was held
    at (kept on the dice), and what the reader now says."""

    row: int
    held: int
    reads: int


@dataclass(frozen=True)
class SharedTurn:
    """The turn in progress, as saved with the game."""

    entries: int
    dice: tuple[int | None, ...] = (None,) * DICE_PER_HAND
    roll: int = ROLLS[0]
    held: frozenset[int] = frozenset()
    holding: frozenset[int] = frozenset()
    earlier: tuple[EarlierRoll, ...] = ()
    source: str = "hand"
    unsure: frozenset[int] = frozenset()
    changed: tuple[Changed, ...] = ()
    thumbnail: bytes | None = None
    waiting: tuple[int, ...] | None = field(default=None)

    @property
    def dice_set(self) -> bool:
        """Whether any die has a value."""
        return any(value is not None for value in self.dice)

    def to_dict(self) -> dict[str, Any]:
        """The turn as the game record keeps it."""
        found: dict[str, Any] = {
            "entries": self.entries,
            "dice": list(self.dice),
            "roll": self.roll,
            "held": sorted(self.held),
            "holding": sorted(self.holding),
            "rolls": [roll.to_dict() for roll in self.earlier],
            "source": self.source,
            "unsure": sorted(self.unsure),
            "changed": [[c.row, c.held, c.reads] for c in self.changed],
        }
        if self.thumbnail is not None:
            found["thumbnail"] = base64.b64encode(self.thumbnail).decode("ascii")
        if self.waiting is not None:
            found["waiting"] = list(self.waiting)
        return found


def turn_of(record: dict[str, Any], entries: int) -> SharedTurn:
    """The turn a game record holds for its turn after `entries` entries; a new turn
    (roll 1, no dice) when it holds none, a stale one, or one that cannot be read."""
    data = record.get(TURN_FIELD)
    if not isinstance(data, dict) or data.get("entries") != entries:
        return SharedTurn(entries)
    try:
        return _read(data, entries)
    except (TypeError, ValueError, KeyError, binascii.Error):
        return SharedTurn(entries)


def with_turn(record: dict[str, Any], turn: SharedTurn) -> dict[str, Any]:
    """The game record holding `turn` as its turn in progress."""
    return {**record, TURN_FIELD: turn.to_dict()}


def _read(data: dict[str, Any], entries: int) -> SharedTurn:
    dice = tuple(_face_or_none(value) for value in data["dice"])
    if len(dice) != DICE_PER_HAND:
        raise ValueError("a turn has five dice")
    roll = data["roll"]
    if roll not in ROLLS:
        raise ValueError("a roll is 1, 2 or 3")
    earlier = tuple(
        EarlierRoll(tuple(_faces(r["dice"])), tuple(_faces(r["kept"]))) for r in data["rolls"]
    )
    if len(earlier) > LAST_ROLL - 1:
        raise ValueError("a turn has at most two earlier rolls")
    source = data["source"]
    if source not in SOURCES:
        raise ValueError("unknown source")
    changed = tuple(Changed(_row(c[0]), _face(c[1]), _face(c[2])) for c in data["changed"])
    waiting = data.get("waiting")
    return SharedTurn(
        entries=entries,
        dice=dice,
        roll=roll,
        held=frozenset(_row(row) for row in data["held"]),
        holding=frozenset(_row(row) for row in data["holding"]),
        earlier=earlier,
        source=source,
        unsure=frozenset(_row(row) for row in data["unsure"]),
        changed=changed,
        thumbnail=_thumbnail(data.get("thumbnail")),
        waiting=None if waiting is None else tuple(_faces(waiting)),
    )


def _face(value: object) -> int:
    if type(value) is not int or value not in FACES:
        raise ValueError("a die shows 1 to 6")
    return value


def _face_or_none(value: object) -> int | None:
    return None if value is None else _face(value)


def _faces(values: object) -> list[int]:
    if not isinstance(values, list) or len(values) > DICE_PER_HAND:
        raise ValueError("at most five dice")
    return [_face(value) for value in values]


def _row(value: object) -> int:
    if type(value) is not int or not 0 <= value < DICE_PER_HAND:
        raise ValueError("a row is 0 to 4")
    return value


def _thumbnail(text: object) -> bytes | None:
    if text is None:
        return None
    if not isinstance(text, str) or len(text) > LARGEST_THUMBNAIL_CHARS:
        raise ValueError("a thumbnail is short base64 text")
    return base64.b64decode(text, validate=True)
