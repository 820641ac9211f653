"""A turn as the live camera follows it: each new still scene of the game's dice is the next
roll, and the dice lying where they lay are the ones held, with no click.

Pure logic on what the reader saw; the page keeps the turn in its session (`state`).
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from scoring import EarlierRoll
from vision import Die, unmoved


class Seen(StrEnum):
    """What a still scene is to the turn."""

    ROLL = "roll"
    """The game's dice, and at least one of them moved since the last roll: a roll."""
    EMPTY = "empty"
    """No die in view: the dice are in a hand or a cup."""
    PARTIAL = "partial"
    """Some dice but not all: a hand over them, or a die out of view."""
    UNCHANGED = "unchanged"
    """Every die lies where it lay, showing what it showed: not a roll."""


@dataclass(frozen=True)
class Scene:
    """A still scene: what it is, and for a roll the dice in the rows they take (a
    die that stayed keeps its row) with the rows whose die stayed."""

    seen: Seen
    rows: tuple[Die, ...] = ()
    stayed: frozenset[int] = frozenset()


def look(previous: Sequence[Die], dice: Sequence[Die], count: int) -> Scene:
    """What the dice the reader chose from a scene of a game of `count` dice (`dice`,
    reading order) are after `previous`, the rows of the last scene taken as a roll (empty
    before the first)."""
    if not dice:
        return Scene(Seen.EMPTY)
    if len(dice) < count:
        return Scene(Seen.PARTIAL)
    stayed = unmoved(previous, dice)
    if len(stayed) == len(dice):
        return Scene(Seen.UNCHANGED)
    rows: list[Die | None] = [None] * len(dice)
    for index, row in stayed.items():
        rows[row] = dice[index]
    rolled = iter(die for index, die in enumerate(dice) if index not in stayed)
    arranged = tuple(die if die is not None else next(rolled) for die in rows)
    return Scene(Seen.ROLL, arranged, frozenset(stayed.values()))


@dataclass(frozen=True)
class TurnSoFar:
    """The turn as the page holds it: the dice (None where unset), the roll (None
    until chosen), the rows held from the roll before, and the earlier rolls."""

    dice: tuple[int | None, ...]
    roll: int | None
    held: frozenset[int] = frozenset()
    earlier: tuple[EarlierRoll, ...] = field(default=())

    @property
    def complete(self) -> bool:
        """Whether every die has a value."""
        return None not in self.dice


def advance(turn: TurnSoFar, scene: Scene, follows: bool, last: int) -> TurnSoFar | None:
    """The turn once a roll's scene (`scene.seen` is ROLL) is taken into it.

    When the dice on the page are the last scene's (`follows`) and all set, the scene is
    the next roll: the dice that stayed are held, keeping their values (a die fixed by
    hand stays fixed), and the roll before goes into the earlier rolls. Otherwise it gives
    the dice of the roll the page is at (roll 1 until one is set), as any photo does;
    dice held for it (a manual Roll again) stay held where they stayed. None when the
    next roll would come after the last one the turn may make (`last`).
    """
    roll = turn.roll or 1
    values = [die.value for die in scene.rows]
    if follows and turn.complete:
        if roll >= last:
            return None
        current = [value for value in turn.dice if value is not None]
        kept = sorted(scene.stayed)
        for row in kept:
            values[row] = current[row]
        noted = EarlierRoll(tuple(current), tuple(current[row] for row in kept))
        return TurnSoFar(tuple(values), roll + 1, scene.stayed, (*turn.earlier[: roll - 1], noted))
    held = frozenset(row for row in scene.stayed if row in turn.held and follows)
    for row in held:
        values[row] = turn.dice[row] or values[row]
    return TurnSoFar(tuple(values), roll, held, turn.earlier[: roll - 1])


def rows_of(dice: Sequence[int | None], values: Sequence[int]) -> frozenset[int]:
    """Rows among `dice` that make up `values` (the first of equal dice first)."""
    wanted = Counter(values)
    rows = set()
    for row, value in enumerate(dice):
        if value is not None and wanted[value]:
            wanted[value] -= 1
            rows.add(row)
    return frozenset(rows)


def place_read(
    read: Sequence[int], dice: Sequence[int | None], held: frozenset[int]
) -> tuple[tuple[int | None, ...], tuple[tuple[int, int, int], ...]]:
    """A photo's dice (`read`, in reading order) put into the turn's rows: each held row
    keeps its die when the photo shows that value, the other dice fill the free rows in
    order. A held row whose value the photo does not show keeps its value too (the die
    did not move), and is returned as (row, held value, the value read in its stead) for
    the player to check. Rows left without a die are None."""
    left = list(read)
    missing: list[tuple[int, int]] = []
    for row in sorted(held):
        value = dice[row]
        if value is None:
            continue
        if value in left:
            left.remove(value)
        else:
            missing.append((row, value))
    changed = tuple((row, value, left.pop(0)) for row, value in missing if left)
    placed = [dice[row] if row in held else None for row in range(len(dice))]
    for row, value in enumerate(placed):
        if value is None and left:
            placed[row] = left.pop(0)
    return tuple(placed), changed
