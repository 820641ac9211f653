"""Dice multisets as table indices: the hands (252 of five dice, 462 of six), the keeps
(462 of up to five dice, 924 of up to six), and how keeps relate.

Keeps are grouped by size (0 to the game's dice); the largest are the hands, in the same
order.
"""

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product

import numpy as np

from scoring import FACES

Dice = tuple[int, ...]

# The solver's tables are built for turns of up to three rolls (``advisor.layout.
# unsolvable`` says why other rules get no advice).
ROLLS = (1, 2, 3)
LAST_ROLL = ROLLS[-1]


@dataclass(frozen=True)
class Keeps:
    """Every keep by size, with the one-die steps between sizes.

    Within a size, keeps with fewer distinct faces come first. ``flat`` numbers every keep
    with the sizes end to end, and the steps are in those numbers: ``rerolls`` are every
    keep smaller than a hand, largest first, and per keep the six keeps one die larger
    (plus each face); ``drops`` are every keep of at least one die, smallest first, the
    starts of each one's run in the third array, and those runs: the keep minus one die of
    each of its faces.
    """

    by_size: tuple[tuple[Dice, ...], ...]
    index: dict[Dice, tuple[int, int]]
    rerolls: tuple[np.ndarray, np.ndarray]
    drops: tuple[np.ndarray, np.ndarray, np.ndarray]
    flat: dict[Dice, int]

    @property
    def hands(self) -> tuple[Dice, ...]:
        return self.by_size[-1]


def _without_one_die(keep: Dice) -> list[Dice]:
    """``keep`` minus one die of each of its faces, lowest face first."""
    found = []
    for face in sorted(set(keep)):
        rest = list(keep)
        rest.remove(face)
        found.append(tuple(rest))
    return found


@cache
def keeps(dice: int) -> Keeps:
    """The keep tables of a game of ``dice`` dice (built once)."""
    by_size = tuple(
        tuple(sorted(combinations_with_replacement(FACES, size), key=lambda k: (len(set(k)), k)))
        for size in range(dice + 1)
    )
    index = {keep: (s, i) for s, level in enumerate(by_size) for i, keep in enumerate(level)}
    flat = {keep: i for i, keep in enumerate(k for level in by_size for k in level)}
    smaller = [keep for level in reversed(by_size[:-1]) for keep in level]
    rerolls = (
        np.array([flat[keep] for keep in smaller]),
        np.array([[flat[tuple(sorted((*keep, face)))] for face in FACES] for keep in smaller]),
    )
    larger = [keep for level in by_size[1:] for keep in level]
    runs = [[flat[rest] for rest in _without_one_die(keep)] for keep in larger]
    drops = (
        np.array([flat[keep] for keep in larger]),
        np.cumsum([0] + [len(run) for run in runs]),
        np.concatenate(runs),
    )
    # Shared by every thread and read by the compiled kernel without the interpreter's
    # lock, after one check of their indices: never to change.
    for steps in (*rerolls, *drops):
        steps.flags.writeable = False
    return Keeps(by_size, index, rerolls, drops, flat)


@cache
def sub_keeps(hand: Dice) -> tuple[Dice, ...]:
    """Every distinct multiset of dice that can be kept from ``hand``, largest first."""
    counts = Counter(hand)
    found = [
        tuple(face for face, kept in zip(counts, taken, strict=True) for _ in range(kept))
        for taken in product(*(range(count + 1) for count in counts.values()))
    ]
    return tuple(sorted(found, key=lambda keep: (-len(keep), keep)))
