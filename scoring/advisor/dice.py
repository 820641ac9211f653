"""Dice multisets as table indices: the 252 hands, the 462 keeps, and how keeps relate.

Keeps are grouped by size (0..5 dice); size 5 keeps are the hands, in the same order.
"""

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

import numpy as np

from scoring.hand import DICE_PER_HAND, FACES

Dice = tuple[int, ...]


@dataclass(frozen=True)
class Keeps:
    """Every keep by size, with the one-die steps between sizes.

    ``grow[s]`` (keeps of size s by faces) is the index in size s+1 of the keep plus that
    face; ``shrink[s]`` (keeps of size s by 5) is the index in size s-1 of the keep minus
    one of its dice, padded by repeating a valid entry.
    """

    by_size: tuple[tuple[Dice, ...], ...]
    index: dict[Dice, tuple[int, int]]
    grow: tuple[np.ndarray, ...]
    shrink: tuple[np.ndarray, ...]

    @property
    def hands(self) -> tuple[Dice, ...]:
        return self.by_size[DICE_PER_HAND]


def _shrink_row(keep: Dice, smaller: dict[Dice, int]) -> list[int]:
    row = []
    for face in sorted(set(keep)):
        rest = list(keep)
        rest.remove(face)
        row.append(smaller[tuple(rest)])
    return (row + [row[0]] * DICE_PER_HAND)[:DICE_PER_HAND]


@cache
def keeps() -> Keeps:
    """The keep tables (built once)."""
    by_size = tuple(
        tuple(combinations_with_replacement(FACES, size)) for size in range(DICE_PER_HAND + 1)
    )
    local = [{keep: i for i, keep in enumerate(level)} for level in by_size]
    grow = tuple(
        np.array([[local[s + 1][tuple(sorted((*k, f)))] for f in FACES] for k in by_size[s]])
        for s in range(DICE_PER_HAND)
    )
    shrink = tuple(
        np.array([_shrink_row(k, local[s - 1]) for k in by_size[s]]) if s else np.zeros((1, 0))
        for s in range(DICE_PER_HAND + 1)
    )
    index = {keep: (s, i) for s, level in enumerate(local) for keep, i in level.items()}
    return Keeps(by_size, index, grow, shrink)


def sub_keeps(hand: Dice) -> list[Dice]:
    """Every distinct multiset of dice that can be kept from ``hand``, largest first."""
    found = {
        tuple(sorted(hand[i] for i in range(len(hand)) if picked >> i & 1))
        for picked in range(1 << len(hand))
    }
    return sorted(found, key=lambda keep: (-len(keep), keep))
