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

    Within a size, keeps with fewer distinct faces come first. ``grow[s]`` (keeps of size
    s by faces) is the index in size s+1 of the keep plus that face. ``shrink[s]`` holds,
    per run of keeps with d distinct faces, the run's first index and the indices in size
    s-1 of each keep minus one die of each of its faces (run length by d). ``flat`` numbers
    every keep with the sizes end to end; ``subs`` lists every hand's sub-keeps by those
    numbers, hand after hand, and ``sub_starts`` where each hand's begin.
    """

    by_size: tuple[tuple[Dice, ...], ...]
    index: dict[Dice, tuple[int, int]]
    grow: tuple[np.ndarray, ...]
    shrink: tuple[tuple[tuple[int, np.ndarray], ...], ...]
    flat: dict[Dice, int]
    subs: np.ndarray
    sub_starts: np.ndarray

    @property
    def hands(self) -> tuple[Dice, ...]:
        return self.by_size[-1]


def _without_one_die(keep: Dice, smaller: dict[Dice, int]) -> list[int]:
    rows = []
    for face in sorted(set(keep)):
        rest = list(keep)
        rest.remove(face)
        rows.append(smaller[tuple(rest)])
    return rows


def _shrink_runs(
    level: tuple[Dice, ...], smaller: dict[Dice, int]
) -> tuple[tuple[int, np.ndarray], ...]:
    runs: list[tuple[int, list[list[int]]]] = []
    for start, keep in enumerate(level):
        if start == 0 or len(set(keep)) != len(set(level[start - 1])):
            runs.append((start, []))
        runs[-1][1].append(_without_one_die(keep, smaller))
    return tuple((start, np.array(rows)) for start, rows in runs)


@cache
def keeps(dice: int) -> Keeps:
    """The keep tables of a game of ``dice`` dice (built once)."""
    by_size = tuple(
        tuple(sorted(combinations_with_replacement(FACES, size), key=lambda k: (len(set(k)), k)))
        for size in range(dice + 1)
    )
    local = [{keep: i for i, keep in enumerate(level)} for level in by_size]
    grow = tuple(
        np.array([[local[s + 1][tuple(sorted((*k, f)))] for f in FACES] for k in by_size[s]])
        for s in range(dice)
    )
    shrink = tuple(_shrink_runs(by_size[s], local[s - 1]) if s else () for s in range(dice + 1))
    index = {keep: (s, i) for s, level in enumerate(local) for keep, i in level.items()}
    flat = {keep: i for i, keep in enumerate(k for level in by_size for k in level)}
    subs = [[flat[k] for k in sub_keeps(hand)] for hand in by_size[dice]]
    sub_starts = np.cumsum([0] + [len(s) for s in subs[:-1]])
    return Keeps(by_size, index, grow, shrink, flat, np.concatenate(subs), sub_starts)


@cache
def sub_keeps(hand: Dice) -> tuple[Dice, ...]:
    """Every distinct multiset of dice that can be kept from ``hand``, largest first."""
    counts = Counter(hand)
    found = [
        tuple(face for face, kept in zip(counts, taken, strict=True) for _ in range(kept))
        for taken in product(*(range(count + 1) for count in counts.values()))
    ]
    return tuple(sorted(found, key=lambda keep: (-len(keep), keep)))
