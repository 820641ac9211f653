"""Dice patterns: whether a hand holds one, and which dice form it.

A pattern returns the dice that form it (the highest-scoring choice when
several exist) or `None` when the hand does not hold it. A hand holding more
than the pattern still matches: four sixes hold a pair, and six dice may hold a
straight of five. Patterns that a hand can miss say how many dice form them
(`size`), which a joker and a check of the rules against the dice count need.

`PATTERNS` is the catalogue a game's boxes are taken from, by name.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import permutations
from typing import Protocol, runtime_checkable

from scoring.hand import FACES, Hand


class Pattern(Protocol):
    """What every box's pattern does: find itself among a hand's dice."""

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        """The dice that form the pattern in `hand`, or `None` when it is not there."""
        ...


@runtime_checkable
class MissablePattern(Pattern, Protocol):
    """A pattern a hand can miss: it says how many dice form it."""

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
class Groups:
    """Groups of dice alike, each group a different face: `(2,)` a pair, `(3, 2)` a full
    house, `(4, 2)` a tower, `(2, 2, 2)` three pairs. The faces that give the highest sum
    are chosen."""

    sizes: tuple[int, ...]

    @property
    def size(self) -> int:
        return sum(self.sizes)

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        counts = hand.counts
        choices = [
            faces
            for faces in permutations(counts, len(self.sizes))
            if all(counts[f] >= n for f, n in zip(faces, self.sizes, strict=True))
        ]
        if not choices:
            return None
        best = max(choices, key=lambda faces: sum(self._dice(faces)))
        return tuple(sorted(self._dice(best), reverse=True))

    def _dice(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(f for f, n in zip(faces, self.sizes, strict=True) for _ in range(n))


@dataclass(frozen=True)
class Straight:
    """The given faces, one die each, among the dice (1-2-3-4-5, 2-3-4-5-6, 1 to 6)."""

    faces: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.faces)

    def match(self, hand: Hand) -> tuple[int, ...] | None:
        return self.faces if set(self.faces) <= set(hand.dice) else None


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
    """Any hand; all its dice form it."""

    def match(self, hand: Hand) -> tuple[int, ...]:
        return hand.dice


FACE_PATTERNS: Mapping[str, Pattern] = {
    name: Face(face)
    for face, name in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), start=1)
}

PATTERNS: Mapping[str, Pattern] = {
    **FACE_PATTERNS,
    "pair": Groups((2,)),
    "two_pairs": Groups((2, 2)),
    "three_pairs": Groups((2, 2, 2)),
    "three_of_a_kind": Groups((3,)),
    "four_of_a_kind": Groups((4,)),
    "five_of_a_kind": Groups((5,)),
    "six_of_a_kind": Groups((6,)),
    "full_house": Groups((3, 2)),
    "villa": Groups((3, 3)),
    "tower": Groups((4, 2)),
    "straight_1_to_5": Straight((1, 2, 3, 4, 5)),
    "straight_2_to_6": Straight((2, 3, 4, 5, 6)),
    "straight_1_to_6": Straight((1, 2, 3, 4, 5, 6)),
    "four_in_a_row": Run(4),
    "five_in_a_row": Run(5),
    "chance": Anything(),
}


def pattern_name(pattern: Pattern) -> str:
    """The catalogue name of `pattern`; raises `KeyError` for one not in `PATTERNS`."""
    for name, known in PATTERNS.items():
        if known == pattern:
            return name
    raise KeyError(pattern)


def pattern_size(pattern: Pattern) -> int:
    """How many dice `pattern` needs at least (0 for a face box or the chance)."""
    return pattern.size if isinstance(pattern, MissablePattern) else 0
