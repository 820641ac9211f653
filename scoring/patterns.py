"""Dice patterns: whether a hand holds one, and which dice form it.

A pattern returns the dice that form it (the highest-scoring choice when
several exist) or `None` when the hand does not hold it. A hand holding more
than the pattern still matches: four sixes hold a pair. Patterns that a hand
can miss say how many dice form them (`size`), which a joker needs.
"""

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from scoring.hand import FACES, Hand


class Pattern(Protocol):
    """What every box's pattern does: find itself among a hand's dice."""

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        """The dice that form the pattern in `hand`, or `None` when it is not there."""
        ...


@runtime_checkable
class MissablePattern(Pattern, Protocol):
    """A pattern a hand can miss: it says how many dice form it, which a joker needs."""

    @property
    def size(self) -> int:
        """How many dice form the pattern."""
        ...


@dataclass(frozen=True)
class Face:
    """The dice showing one face; every hand matches (possibly with no dice)."""

    face: int

    def match(self, hand: Hand) -> tuple[int, ...]:
        return tuple(d for d in hand.dice if d == self.face)


@dataclass(frozen=True)
class OfAKind:
    """`count` dice of one face; the highest such face is chosen."""

    count: int

    @property
    def size(self) -> int:
        return self.count

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        faces = [f for f, c in hand.counts.items() if c >= self.count]
        return (max(faces),) * self.count if faces else None


@dataclass(frozen=True)
class TwoPairs:
    """Two dice of one face and two of another, different face."""

    @property
    def size(self) -> int:
        return 4

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        faces = sorted((f for f, c in hand.counts.items() if c >= 2), reverse=True)
        return (faces[0],) * 2 + (faces[1],) * 2 if len(faces) >= 2 else None


@dataclass(frozen=True)
class FullHouse:
    """Three dice of one face and two of another, different face."""

    @property
    def size(self) -> int:
        return 5

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        return hand.dice if sorted(hand.counts.values()) == [2, 3] else None


@dataclass(frozen=True)
class Straight:
    """Exactly the given five faces, one die each (1-2-3-4-5 or 2-3-4-5-6)."""

    faces: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.faces)

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        return hand.dice if hand.dice == self.faces else None


@dataclass(frozen=True)
class Run:
    """Any `length` consecutive faces among the dice (other dice may repeat)."""

    length: int

    @property
    def size(self) -> int:
        return self.length

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        shown = set(hand.dice)
        for low in range(FACES[-1] - self.length + 1, 0, -1):
            run = tuple(range(low, low + self.length))
            if shown.issuperset(run):
                return run
        return None


@dataclass(frozen=True)
class Anything:
    """Any hand; all five dice form it."""

    def match(self, hand: Hand) -> tuple[int, ...]:
        return hand.dice
