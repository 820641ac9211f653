"""One turn played optimally for a batch of column states, given the values after it.

Arrays are blocks (see ``advisor.moments``) of one row per hand or keep and one column
per state, so that gathering hands or keeps moves whole contiguous rows. Keep values
are held as one block per keep size (0 to the game's dice; all of them kept are the
hands).
"""

from dataclasses import dataclass, field
from functools import cache

import numpy as np

from advisor.boxes import after_writes, best_boxes
from advisor.dice import LAST_ROLL, ROLLS, keeps
from advisor.layout import Layout, States
from advisor.moments import raise_to
from advisor.workspace import Workspace

# Up to this many states one matrix product beats the die-by-die recursion.
FEW_STATES = 8


@cache
def transitions(dice: int) -> tuple[np.ndarray, list[int]]:
    """Every keep's chances over the hands of ``dice`` dice (keeps by hands), and the keep
    counts per size."""
    hands = np.eye(len(keeps(dice).hands))[None]
    levels = [np.empty((1, len(level), hands.shape[2])) for level in keeps(dice).by_size[:-1]]
    levels.append(hands)
    _recursion(levels, Workspace())
    return np.hstack(levels)[0], [level.shape[1] for level in levels]


def rolled(levels: list[np.ndarray], work: Workspace) -> None:
    """Fill every level but the last with each keep's expected value when the rest is
    rolled, from the hands' values in the last."""
    if levels[-1].shape[2] > FEW_STATES:
        _recursion(levels, work)
        return
    found_levels = keep_values(levels[-1], len(levels) - 1)
    for level, found in zip(levels[:-1], found_levels, strict=False):
        level[:] = found


def _recursion(levels: list[np.ndarray], work: Workspace) -> None:
    """``rolled`` one die at a time: each keep averages the six keeps one die larger."""
    dice = len(levels) - 1
    tables = keeps(dice)
    for size in range(dice - 1, -1, -1):
        larger, grow, total = levels[size + 1], tables.grow[size], levels[size]
        part = work.block("gathered", total.shape[0], len(grow), total.shape[2])
        np.take(larger, grow[:, 0], axis=1, out=total, mode="clip")
        for face in range(1, grow.shape[1]):
            np.take(larger, grow[:, face], axis=1, out=part, mode="clip")
            total += part
        total /= grow.shape[1]


def keep_values(hand_values: np.ndarray, dice: int) -> list[np.ndarray]:
    """Expected value of every keep (one block per keep size) when the rest of ``dice``
    dice is rolled."""
    matrix, sizes = transitions(dice)
    return np.split(matrix @ hand_values, np.cumsum(sizes)[:-1], axis=1)


def best_keep(levels: list[np.ndarray], work: Workspace) -> None:
    """Raise each keep's value (the hands' included) to its best sub-keep's, in place."""
    dice = len(levels) - 1
    tables = keeps(dice)
    for size in range(1, dice + 1):
        smaller, best = levels[size - 1], levels[size]
        for start, without in tables.shrink[size]:
            run = best[:, start : start + len(without)]
            part = work.block("gathered", best.shape[0], len(without), best.shape[2])
            for die in range(without.shape[1]):
                np.take(smaller, without[:, die], axis=1, out=part, mode="clip")
                raise_to(run, part)


def play(
    stops: dict[int, np.ndarray], dice: int, first: int = 1, last: int = LAST_ROLL
) -> dict[int, np.ndarray]:
    """Per roll r from ``first`` to ``last`` (the turn's last roll): the value of every
    keep made before roll r (r = 1: the turn's) in ``keeps(dice).flat`` order, for one
    state (hand values as vectors, one per roll)."""
    matrix, tables = transitions(dice)[0], keeps(dice)
    before = {last: matrix @ stops[last]}
    for roll in range(last - 1, first - 1, -1):
        carried = np.maximum.reduceat(before[roll + 1].take(tables.subs), tables.sub_starts)
        before[roll] = matrix @ np.maximum(stops[roll], carried)
    return before


@dataclass
class Plan:
    """What a turn compares, per state of a batch, as blocks (channels, rows, states):
    ``stops[roll]`` each hand's value when scored now after that roll, ``before[roll]``
    for rolls 2 and 3 each keep's value when the rest is rolled (``keeps(dice).flat``
    order)."""

    stops: dict[int, np.ndarray] = field(default_factory=dict)
    before: dict[int, np.ndarray] = field(default_factory=dict)


def turn_values(
    layout: Layout, tables: np.ndarray, states: States, work: Workspace, plan: Plan | None = None
) -> np.ndarray:
    """Expected points still to come from the start of a turn in each of ``states`` (and
    their higher moments when ``tables`` has those channels), channels by states; with
    ``plan``, what the turn compares is kept there."""
    levels = keep_levels(work, layout.rules.dice, tables.shape[0], len(states[0]))
    # Roll 3's box values can be the hands' own row only when every earlier roll that
    # shares them comes right before it: the best keep already includes them there.
    last = next(group for group in layout.roll_groups if LAST_ROLL in group)
    in_place = sorted(last) == list(range(min(last), LAST_ROLL + 1)) and plan is None
    after = after_writes(layout, tables, states)
    stops = best_boxes(layout, after, states, work, levels[-1] if in_place else None)
    if plan is not None:
        plan.stops = {roll: stop.copy() for roll, stop in stops.items()}
    return turn_from_stops(stops, levels, work, plan)


def keep_levels(work: Workspace, dice: int, channels: int, width: int) -> list[np.ndarray]:
    """One block per keep size (0 to ``dice`` dice), views of one contiguous block of
    ``work``."""
    sizes = [len(level) for level in keeps(dice).by_size]
    block = work.block("keeps", channels, sum(sizes), width)
    return np.split(block, np.cumsum(sizes)[:-1], axis=1)


def turn_from_stops(
    stops: dict[int, np.ndarray], levels: list[np.ndarray], work: Workspace, plan: Plan | None
) -> np.ndarray:
    """The value of a turn's start, from each hand's value when scored after each roll
    (blocks; rolls alike may share one, and roll 3's may be the hands' level itself): the
    better of scoring and the best keep after rolls 1 and 2, averaged over the dice."""
    hands = levels[-1]
    if stops[LAST_ROLL] is not hands:
        hands[:] = stops[LAST_ROLL]
    for roll in reversed(ROLLS[:-1]):
        rolled(levels, work)
        if plan is not None:
            plan.before[roll + 1] = np.hstack(levels)
        best_keep(levels, work)
        if stops[roll] is not stops[roll + 1]:
            raise_to(hands, stops[roll])
    # The turn's value is that of keeping nothing before roll 1, summed like every keep.
    rolled(levels, work)
    turn: np.ndarray = levels[0][:, 0].copy()
    return turn
