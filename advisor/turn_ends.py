"""Every way the advisor's turn can end from a state, worked out once per state and kept.

A column's final distribution follows the turns forward from its state
(``advisor.finals``), and the columns of one game meet the same states again and again:
each later column of a player starts inside the turns already followed from its earlier
ones. A state's turn ends depend on nothing else, so they are kept, ``KEPT`` states at
most, the least recently used going first; many threads may ask at once.
"""

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from advisor.policy import turn_outcomes
from advisor.tables import Solved

# States whose turn ends are kept, per game: about 1.2 KiB each (45 ends of a Greek state).
KEPT = 50_000
# Rows per summed weight up to which every possible row is counted rather than sorted.
DENSE = 8


@dataclass(frozen=True)
class TurnEnds:
    """The distinct ends of a turn from each of a run of states, state by state: the ends
    of state i are rows ``first[i]`` to ``first[i + 1]`` of ``after`` (the state's index),
    ``gain`` (the points the turn earns) and ``chance``."""

    first: np.ndarray
    after: np.ndarray
    gain: np.ndarray
    chance: np.ndarray


def turn_ends(tables: Solved, level: np.ndarray) -> TurnEnds:
    """The ends of the advisor's turn from each state of ``level`` (sorted, distinct state
    indices), from those kept where known."""
    return _kept(tables).ends(tables, level)


class _Kept:
    """The turn ends of the states met lately, one game's."""

    def __init__(self) -> None:
        self._ends: OrderedDict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = OrderedDict()
        self._lock = threading.Lock()

    def ends(self, tables: Solved, level: np.ndarray) -> TurnEnds:
        positions = level.tolist()
        with self._lock:
            known = {p: self._ends[p] for p in positions if p in self._ends}
            for p in known:
                self._ends.move_to_end(p)
        missing = np.array([p for p in positions if p not in known], dtype=np.int64)
        if len(missing):
            found = _worked_out(tables, missing)
            known.update(found)
            with self._lock:
                self._ends.update(found)
                while len(self._ends) > KEPT:
                    self._ends.popitem(last=False)
        parts = [known[p] for p in positions]
        sizes = np.array([len(part[0]) for part in parts])
        return TurnEnds(
            np.concatenate([[0], np.cumsum(sizes)]),
            np.concatenate([part[0] for part in parts]).astype(np.int64),
            np.concatenate([part[1] for part in parts]).astype(np.int64),
            np.concatenate([part[2] for part in parts]),
        )


def forget_turn_ends() -> None:
    """Forget every turn end kept so far."""
    _kept.cache_clear()


@lru_cache(maxsize=8)
def _kept(tables: Solved) -> _Kept:
    return _Kept()


def _worked_out(
    tables: Solved, level: np.ndarray
) -> dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Each state's distinct turn ends, those sharing the state after and the points
    summed, as compact arrays."""
    found = turn_outcomes(tables, tables.layout.states_at(level))
    taken = found.chance > 0
    _, _, column = np.nonzero(taken)
    (owner, after, gain), chance = summed(
        [column, found.after[taken], found.gain[taken]], found.chance[taken]
    )
    first = np.searchsorted(owner, np.arange(len(level) + 1))
    return {
        int(p): (
            after[a:b].astype(np.int32),
            gain[a:b].astype(np.int16),
            chance[a:b],
        )
        for p, a, b in zip(level, first[:-1], first[1:], strict=True)
    }


def summed(keys: list[np.ndarray], weights: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    """The distinct rows of the columns ``keys``, in order, with the ``weights`` of each
    summed: counted into every possible row where those are few, sorted otherwise."""
    lows = [int(key.min()) for key in keys]
    sizes = [int(key.max()) - low + 1 for key, low in zip(keys, lows, strict=True)]
    code = np.zeros(len(weights), dtype=np.int64)
    for key, low, size in zip(keys, lows, sizes, strict=True):
        code = code * size + (key - low)
    rows = math.prod(sizes)
    if rows <= max(DENSE * len(weights), 1 << 16):
        every = np.bincount(code, weights=weights, minlength=rows)
        distinct = np.flatnonzero(np.bincount(code, minlength=rows))
        total = every[distinct]
    else:
        distinct, where = np.unique(code, return_inverse=True)
        total = np.bincount(where, weights=weights)
    found = []
    for low, size in zip(lows[::-1], sizes[::-1], strict=True):
        distinct, part = np.divmod(distinct, size)
        found.append(part + low)
    return found[::-1], total
