"""The chances of each final total of a column when the advisor plays the rest of it.

The turns are followed exactly, every way each can end (``advisor.turn_ends``),
as long as a turn starts from at most ``FRONTIER`` states: to the end for a column with
a few boxes open. Beyond, that many states cost too much for a page, and each state's
rest is a skewed normal with the exact mean, variance and skewness of its points to come
(the solver's moment tables), rounded to whole points: the rest of a column with many
turns left is a sum of many bounded turns, close to such a shape, while one with few
boxes left is too lumpy for any. The checks against simulation measure how close.
"""

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from advisor import _kernel
from advisor.column import State
from advisor.moments import spread_and_skew
from advisor.tables import Solved
from advisor.turn_ends import forget_turn_ends, turn_ends

# States of a turn up to which that turn is followed exactly.
FRONTIER = 1000
# Standard deviations either side of the mean that the normal is given.
TAILS = 6.0
# Points per standard deviation at which the skewed normal is worked out.
STEPS = 16
# Spread below which a rest is certain.
CERTAIN = 1e-6


@dataclass(frozen=True)
class Final:
    """Chances of a column's final totals: ``chances[k]`` is that of ``start + k``;
    ``exact`` tells an exact distribution from the normal approximation."""

    start: int
    chances: np.ndarray
    exact: bool

    @property
    def mean(self) -> float:
        """The expected final total."""
        totals = self.start + np.arange(len(self.chances))
        return float(self.chances @ totals)


def final_total(tables: Solved, column: Mapping[str, int], earned: int = 0) -> Final:
    """The chances of each final total of a validated ``column`` (box id to points) that
    has ``earned`` extra bonuses so far, the advisor playing its rest."""
    low, chances, exact = rest_chances(tables, tables.columns.state(column))
    return Final(sum(column.values()) + earned + low, chances, exact)


@lru_cache(maxsize=4096)
def rest_chances(tables: Solved, state: State) -> tuple[int, np.ndarray, bool]:
    """The chances of the points still to come from ``state``: the lowest total, the
    chance of each from it, and whether they are exact.

    The turns are followed forward as the chance of every (state, points so far) pair,
    exactly while a turn starts from at most ``FRONTIER`` states; from the first level
    with more, each state's rest is a skewed normal (``_frontier``).
    """
    layout = tables.layout
    at = np.array([tables.columns.position(state)])
    points, chance = np.zeros(1, dtype=np.int64), np.ones(1)
    while True:
        level = np.unique(at)
        umask, _, lmask, _ = layout.states_at(level[:1])
        full = np.bitwise_count(umask[0]) + np.bitwise_count(lmask[0])
        if full == len(layout.rules.boxes) or len(level) > FRONTIER:
            break
        at, points, chance = _one_turn_on(tables, level, at, points, chance)
    if full == len(layout.rules.boxes):
        totals = points + np.rint(tables.values[at]).astype(np.int64)
        low = int(totals.min())
        found = np.bincount(totals - low, weights=chance)
        return low, _frozen(found), True
    lows, rests = _frontier(tables, level)
    place = np.searchsorted(level, at)
    starts = points + lows[place]
    low = int(starts.min())
    # Each frontier state's pairs, by where their rest starts, spread over its rest and
    # summed on one row: the chances of the column's final totals.
    owner, gain = np.nonzero(rests)
    found = _spread(
        (place, starts - low, chance),
        (np.searchsorted(owner, np.arange(len(level) + 1)), np.zeros_like(gain), gain),
        rests[owner, gain],
        (1, int(starts.max()) - low + rests.shape[1]),
    )[0]
    return low, _frozen(found / found.sum()), False


def _spread(
    pairs: tuple[np.ndarray, np.ndarray, np.ndarray],
    ends: tuple[np.ndarray, np.ndarray, np.ndarray],
    end_chance: np.ndarray,
    shape: tuple[int, int],
) -> np.ndarray:
    """Every pair (the number of its state, its points from 0 and its chance) times every
    end of its state (those of state i are ``first[i]`` to ``first[i + 1]`` of the ends'
    slot, gain and ``end_chance``; ``ends`` is first, slot, gain), summed on a grid of
    ``shape``: slots by points plus gain (compiled)."""
    own, points, chance = pairs
    order = np.argsort(own, kind="stable")
    first, slot, gain = (np.ascontiguousarray(part, dtype=np.int64) for part in ends)
    grid = np.zeros(shape)
    _kernel.spread_pairs(
        grid,
        shape[1],
        np.searchsorted(own[order], np.arange(len(first))),
        np.ascontiguousarray(points[order], dtype=np.int64),
        np.ascontiguousarray(chance[order], dtype=np.float64),
        first,
        slot,
        gain,
        np.ascontiguousarray(end_chance, dtype=np.float64),
    )
    return grid


def forget_finals() -> None:
    """Forget every distribution and turn end worked out so far, as a fresh process."""
    rest_chances.cache_clear()
    forget_turn_ends()


def _frozen(found: np.ndarray) -> np.ndarray:
    found.flags.writeable = False
    return found


def _one_turn_on(
    tables: Solved, level: np.ndarray, at: np.ndarray, points: np.ndarray, chance: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (state, points so far, chance) of every pair after one more turn from the
    pairs ``at``, ``points``, ``chance``, whose states are ``level``: each pair meets each
    end of its state's turn (compiled), summed on a grid of the states after (numbered
    among this level's ends only) by the points so far."""
    ends = turn_ends(tables, level)
    low, least_gain = int(points.min()), int(ends.gain.min())
    width = int(points.max()) - low + int(ends.gain.max()) - least_gain + 1
    targets, slot = np.unique(ends.after, return_inverse=True)
    grid = _spread(
        (np.searchsorted(level, at), points - low, chance),
        (ends.first, slot, ends.gain - least_gain),
        ends.chance,
        (len(targets), width),
    )
    after, so_far = np.nonzero(grid)
    return targets[after], so_far + low + least_gain, grid[after, so_far]


def _frontier(tables: Solved, index: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rest from each of these states as a skewed normal (``skewed_below``) with its
    exact mean, spread and skewness, rounded to whole points (all on the nearest one where
    the rest is certain): per state its lowest total, and the chances from it (state by
    row, as wide as the widest).

    The distribution function is worked out at ``STEPS`` points per standard deviation
    and read between them linearly: off by about 1e-4 at most (a normal's curvature), where
    working it out at every point would cost ten times as much for a wide rest.
    """
    means = tables.values[index]
    spreads, skews = spread_and_skew(tables.tables[:, index])
    lows = np.floor(means - TAILS * spreads + 0.5).astype(np.int64)
    width = int((np.floor(means + TAILS * spreads + 0.5) - lows).max()) + 1
    grid = np.linspace(-TAILS - 1, TAILS + 1, int(2 * (TAILS + 1) * STEPS) + 1)
    known = skewed_below(np.broadcast_to(grid, (len(index), len(grid))), skews[:, None])
    chances = np.empty((len(index), width))
    _kernel.read_rows(known, grid[0], STEPS, means, spreads, lows, CERTAIN, chances)
    return lows, chances


def skewed_below(scaled: np.ndarray, skew: np.ndarray) -> np.ndarray:
    """The chance of falling below ``scaled`` standard deviations from the mean, for a
    Pearson type III distribution (a shifted gamma) of skewness ``skew``, by the
    Wilson-Hilferty cube root, which tends to the normal's as the skewness goes to 0."""
    size = np.maximum(np.abs(skew), 1e-4)
    side = np.where(skew < 0, -1.0, 1.0)
    base = 1 + side * scaled * size / 2
    z = (np.cbrt(np.maximum(base, 0.0)) - 1 + size * size / 36) * 6 / size
    upper = _normal_below(np.where(base > 0, z, -np.inf))
    found: np.ndarray = np.where(skew < 0, 1 - upper, upper)
    return found


def _normal_below(z: np.ndarray) -> np.ndarray:
    """The standard normal's distribution function, to within 1e-7 (Abramowitz and Stegun
    7.1.26 for erf), as whole arrays: ``math.erf`` one number at a time is far slower."""
    x = np.abs(z) / math.sqrt(2.0)
    t = 1 / (1 + 0.3275911 * x)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    erf = 1 - poly * np.exp(-x * x)
    found: np.ndarray = 0.5 * (1 + np.where(z < 0, -erf, erf))
    return found
