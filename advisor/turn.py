"""One turn played optimally for a batch of column states, given the values after it.

Arrays hold one row per hand or keep and one column per state, so that gathering
hands or keeps moves whole contiguous rows.
"""

from functools import cache

import numpy as np

from advisor.dice import keeps
from advisor.layout import Layout
from scoring.hand import DICE_PER_HAND, FACES

States = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
# Up to this many states one matrix product beats the die-by-die recursion.
FEW_STATES = 8


def _after_boxes(layout: Layout, values: np.ndarray, states: States) -> list[np.ndarray]:
    """Per box: the value after writing into it, by outcome and state; -inf if it is filled."""
    writes = layout.writes
    umask, u, lmask, j = (a[None, :] for a in states)
    upper_bit, lower_bit = writes.upper_bit[:, None], writes.lower_bit[:, None]
    filled = ((umask & upper_bit) | (lmask & lower_bit)) != 0
    umask = umask | upper_bit
    u = layout.clamp(umask, u + writes.adds[:, None])
    j = np.where(writes.sets_j[:, None], writes.j[:, None], j)
    found = values[layout.flat(umask, u, lmask | lower_bit, j)]
    found[filled] = -np.inf
    return np.split(found, writes.starts)


def _joker_best(
    layout: Layout, after: list[np.ndarray], states: States, rows: np.ndarray, roll: int
) -> np.ndarray:
    """Best value of each five-of-a-kind hand in joker states ``rows`` (the forced joker)."""
    rules = layout.rules
    umask, _, lmask, j = (a[rows] for a in states)
    fives = np.array([keeps().index[(f,) * DICE_PER_HAND][1] for f in FACES])
    points = layout.points[roll - 1, 1][:, fives]
    outcome = layout.outcome_of[roll - 1, 1][:, fives]
    cand = np.stack([after[b][:, rows][outcome[b]] + points[b][:, None] for b in range(len(after))])
    upper_best = cand[list(layout.upper)].max(axis=0)
    lower_best = cand[list(layout.lower)].max(axis=0)
    own = np.array([layout.upper.index(rules.boxes.index(rules.upper_box_for(f))) for f in FACES])
    own_best = cand[[layout.upper[i] for i in own], range(len(FACES))]
    own_empty = (umask[None, :] >> own[:, None] & 1) == 0
    any_lower = lmask != layout.full_lower
    best = np.where(own_empty, own_best, np.where(any_lower, lower_best, upper_best))
    if rules.upper_first:
        best = np.where(umask != layout.full_upper, upper_best, best)
    return best + np.where(j == 1, rules.joker.bonus, 0)


def _write_box(
    layout: Layout, best: np.ndarray, scratch: np.ndarray, after: np.ndarray, box: int, roll: int
) -> None:
    """Raise ``best`` (hands by states) to the value of each hand written into ``box``.

    Where a scratch (0 points) is provably the box's worst use in every state, only the
    hands that score are written and the scratch value goes to ``scratch``, which bounds
    every hand from below.
    """
    points = layout.points[roll - 1, 0, box]
    scoring = layout.scoring_hands[roll - 1][box]
    if len(after) > 1:
        by_outcome = after + layout.outcomes[box][:, None]
        outcome = layout.outcome_of[roll - 1, 0, box]
        zero = layout.zero_outcome[box]
        floor = None if zero is None else by_outcome[zero]
        sound = floor is not None and bool((by_outcome >= floor).all())
    else:
        by_outcome = outcome = None
        floor = after[0]
        sound = bool(points.min() >= 0)
    sparse = sound and len(scoring) < len(points)
    rows = scoring if sparse else slice(None)
    value = after + points[rows, None] if by_outcome is None else by_outcome[outcome[rows]]
    if sparse:
        np.maximum(scratch, floor, out=scratch)
        best[rows] = np.maximum(best[rows], value)
    else:
        np.maximum(best, value, out=best)


def best_boxes(layout: Layout, values: np.ndarray, states: States) -> dict[int, np.ndarray]:
    """Per roll: value of each hand (hands by states) written into its best allowed box."""
    after = _after_boxes(layout, values, states)
    umask, _, lmask, j = states
    blocked = layout.rules.upper_first & (umask != layout.full_upper)
    joker = layout.rules.joker
    rows = np.zeros(0, dtype=np.int64)
    if joker is not None:
        has = lmask >> layout.joker_bit & 1 == 1
        rows = np.flatnonzero(has & ((j == 1) | joker.on_scratch))
    fives = [keeps().index[(f,) * DICE_PER_HAND][1] for f in FACES]
    stops = {}
    for group in layout.roll_groups:
        roll = group[0]
        best = np.full((len(keeps().hands), len(umask)), -np.inf)
        scratch = np.full(len(umask), -np.inf)
        for b, nxt in enumerate(after):
            if b in layout.lower and blocked.any():
                nxt = np.where(blocked, -np.inf, nxt)
            _write_box(layout, best, scratch, nxt, b, roll)
        np.maximum(best, scratch, out=best)
        if len(rows):
            best[np.ix_(fives, rows)] = _joker_best(layout, after, states, rows, roll)
        stops.update(dict.fromkeys(group, best))
    return stops


@cache
def _transitions() -> tuple[np.ndarray, list[int]]:
    """Every keep's chances over the hands (keeps by hands), and the keep counts per size."""
    levels = _rolled(np.eye(len(keeps().hands)))
    return np.vstack(levels), [len(level) for level in levels]


def _rolled(hand_values: np.ndarray) -> list[np.ndarray]:
    tables = keeps()
    levels = [hand_values]
    for size in range(DICE_PER_HAND - 1, -1, -1):
        larger, grow = levels[-1], tables.grow[size]
        total = larger[grow[:, 0]]
        for face in range(1, grow.shape[1]):
            total += larger[grow[:, face]]
        levels.append(total / grow.shape[1])
    return levels[::-1]


def keep_values(hand_values: np.ndarray) -> list[np.ndarray]:
    """Expected value of every keep (one array per keep size) when the rest is rolled."""
    if hand_values.shape[1] > FEW_STATES:
        return _rolled(hand_values)
    matrix, sizes = _transitions()
    return np.split(matrix @ hand_values, np.cumsum(sizes)[:-1])


def best_keep(keep_value: list[np.ndarray]) -> np.ndarray:
    """Value of each hand (hands by states) when the best of its sub-keeps is kept."""
    tables = keeps()
    best = keep_value[0]
    for size in range(1, DICE_PER_HAND + 1):
        smaller, best = best, keep_value[size].copy()
        for start, without in tables.shrink[size]:
            run = best[start : start + len(without)]
            for die in range(without.shape[1]):
                np.maximum(run, smaller[without[:, die]], out=run)
    return best


def play(stops: dict[int, np.ndarray], first: int = 1) -> dict[int, list[np.ndarray]]:
    """Per roll r >= ``first``: the value of each keep made before roll r (r = 1: the turn's)."""
    before = {3: keep_values(stops[3])}
    for roll in range(2, first - 1, -1):
        carry_on = best_keep(before[roll + 1])
        before[roll] = keep_values(np.maximum(stops[roll], carry_on))
    return before
