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

from scoring import FACES, EarlierRoll, GameRules

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
    dice: tuple[int | None, ...] = ()
    roll: int = 1
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


def turn_of(record: dict[str, Any], entries: int, rules: GameRules) -> SharedTurn:
    """The turn a game record of `rules` holds for its turn after `entries` entries; a new
    turn (roll 1, no dice) when it holds none, a stale one, or one that cannot be read."""
    data = record.get(TURN_FIELD)
    new = SharedTurn(entries, dice=(None,) * rules.dice)
    if not isinstance(data, dict) or data.get("entries") != entries:
        return new
    try:
        return _read(data, entries, rules)
    except (TypeError, ValueError, KeyError, binascii.Error):
        return new


def with_turn(record: dict[str, Any], turn: SharedTurn) -> dict[str, Any]:
    """The game record holding `turn` as its turn in progress."""
    return {**record, TURN_FIELD: turn.to_dict()}


def _read(data: dict[str, Any], entries: int, rules: GameRules) -> SharedTurn:
    count = rules.dice
    dice = tuple(_face_or_none(value) for value in _listed(data["dice"], count))
    if len(dice) != count:
        raise ValueError("a turn has the game's dice")
    roll = rules.check_roll(data["roll"])
    earlier = tuple(
        EarlierRoll(tuple(_faces(r["dice"], count)), tuple(_faces(r["kept"], count)))
        for r in _listed(data["rolls"], roll - 1)
    )
    source = data["source"]
    if source not in SOURCES:
        raise ValueError("unknown source")
    changed = tuple(
        Changed(_row(c[0], count), _face(c[1]), _face(c[2]))
        for c in _listed(data["changed"], count)
    )
    waiting = data.get("waiting")
    return SharedTurn(
        entries=entries,
        dice=dice,
        roll=roll,
        held=frozenset(_row(row, count) for row in _listed(data["held"], count)),
        holding=frozenset(_row(row, count) for row in _listed(data["holding"], count)),
        earlier=earlier,
        source=source,
        unsure=frozenset(_row(row, count) for row in _listed(data["unsure"], count)),
        changed=changed,
        thumbnail=_thumbnail(data.get("thumbnail")),
        waiting=None if waiting is None else tuple(_faces(waiting, count)),
    )


def _listed(values: object, most: int) -> list[Any]:
    if not isinstance(values, list) or len(values) > most:
        raise ValueError(f"a list of at most {most}")
    return values


def _face(value: object) -> int:
    if type(value) is not int or value not in FACES:
        raise ValueError("a die shows 1 to 6")
    return value


def _face_or_none(value: object) -> int | None:
    return None if value is None else _face(value)


def _faces(values: object, most: int) -> list[int]:
    return [_face(value) for value in _listed(values, most)]


def _row(value: object, count: int) -> int:
    if type(value) is not int or not 0 <= value < count:
        raise ValueError("a row of the dice")
    return value


def _thumbnail(text: object) -> bytes | None:
    if text is None:
        return None
    if not isinstance(text, str) or len(text) > LARGEST_THUMBNAIL_CHARS:
        raise ValueError("a thumbnail is short base64 text")
    return base64.b64decode(text, validate=True)
