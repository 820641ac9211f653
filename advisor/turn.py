"""One turn played optimally for a batch of column states, given the values after it.

Arrays are blocks (see ``advisor.moments``) of one row per hand or keep and one column
per state, so that gathering hands or keeps moves whole contiguous rows. Keep values
are held as one block in ``keeps(dice).flat`` order: by size, none kept first and the
hands (all of them kept) last. The loops over those rows run compiled
(``advisor._kernel``).
"""

from dataclasses import dataclass, field
from functools import cache

import numpy as np

from advisor import _kernel
from advisor.boxes import after_writes, best_boxes
from advisor.dice import LAST_ROLL, keeps
from advisor.layout import Layout, States
from advisor.moments import raise_to
from advisor.workspace import Workspace


@cache
def transitions(dice: int) -> tuple[np.ndarray, list[int]]:
    """Every keep's chances over the hands of ``dice`` dice (keeps by hands), and the keep
    counts per size."""
    sizes = [len(level) for level in keeps(dice).by_size]
    block = np.empty((1, sum(sizes), sizes[-1]))
    block[0, -sizes[-1] :] = np.eye(sizes[-1])
    rolled(block, dice)
    return block[0], sizes


def rolled(block: np.ndarray, dice: int) -> None:
    """Fill every keep smaller than a hand (rows of ``block``, a block in ``keeps(dice).
    flat`` order) with its expected value when the rest is rolled, from the hands' values:
    one die at a time, each keep averages the six keeps one die larger."""
    _kernel.mean_rows(block, block.shape[0], block.shape[2], *keeps(dice).rerolls)


def best_keep(block: np.ndarray, dice: int) -> None:
    """Raise each keep's value (the hands' included; rows of ``block`` in ``keeps(dice).
    flat`` order) to its best sub-keep's, in place."""
    _kernel.raise_rows(block, block, block.shape[0], block.shape[2], *keeps(dice).drops)


@dataclass
class Plan:
    """What a turn compares, per state of a batch, as blocks (channels, rows, states):
    ``stops[roll]`` each hand's value when scored now after that roll, ``before[roll]``
    for every roll but the first each keep's value when the rest is rolled
    (``keeps(dice).flat`` order), ``best_keep[roll]`` for every roll but the last each
    hand's value when its best keep is rolled on (the most of its keeps' ``before``)."""

    stops: dict[int, np.ndarray] = field(default_factory=dict)
    before: dict[int, np.ndarray] = field(default_factory=dict)
    best_keep: dict[int, np.ndarray] = field(default_factory=dict)


def hold(found: dict[int, np.ndarray], roll: int, block: np.ndarray) -> None:
    """Keep ``block`` as ``found[roll]``: written into the array already there (such as a
    batch's part of a wider plan), else as a copy."""
    if roll in found:
        found[roll][...] = block
    else:
        found[roll] = block.copy()


def turn_values(
    layout: Layout, tables: np.ndarray, states: States, work: Workspace, plan: Plan | None = None
) -> np.ndarray:
    """Expected points still to come from the start of a turn in each of ``states`` (and
    their higher moments when ``tables`` has those channels), channels by states; with
    ``plan``, what the turn compares is kept there."""
    dice = layout.rules.dice
    after = after_writes(layout, tables, states)
    stops = best_boxes(layout, after, states, work)
    if plan is not None:
        for roll, stop in stops.items():
            hold(plan.stops, roll, stop)
    block = keep_block(work, dice, tables.shape[0], len(states[0]))
    return turn_from_stops(stops, block, dice, plan)


def keep_block(work: Workspace, dice: int, channels: int, width: int) -> np.ndarray:
    """A block of ``work`` with a row for every keep of up to ``dice`` dice."""
    return work.block("keeps", channels, len(keeps(dice).flat), width)


def hands_of(block: np.ndarray, dice: int) -> np.ndarray:
    """The hands' rows of a keep block (the last ones), as a view."""
    return block[:, -len(keeps(dice).hands) :]


def turn_from_stops(
    stops: dict[int, np.ndarray],
    block: np.ndarray,
    dice: int,
    plan: Plan | None,
    last: int = LAST_ROLL,
) -> np.ndarray:
    """The value of a turn's start, from each hand's value when scored after each roll up
    to ``last`` (blocks; rolls alike may share one), worked out in the keep ``block``: the
    better of scoring and the best keep after every roll but the last, averaged over the
    dice. The block is left holding every keep's value before roll 1."""
    hands = hands_of(block, dice)
    hands[:] = stops[last]
    for roll in range(last - 1, 0, -1):
        rolled(block, dice)
        if plan is not None:
            hold(plan.before, roll + 1, block)
        best_keep(block, dice)
        if plan is not None:
            hold(plan.best_keep, roll, hands)
        if stops[roll] is not stops[roll + 1]:
            raise_to(hands, stops[roll])
    # The turn's value is that of keeping nothing before roll 1, summed like every keep.
    rolled(block, dice)
    turn: np.ndarray = block[:, 0].copy()
    return turn


def play(stops: dict[int, np.ndarray], dice: int, last: int = LAST_ROLL) -> dict[int, np.ndarray]:
    """Per roll r from 1 to ``last`` (the turn's last roll): the value of every keep made
    before roll r (r = 1: the turn's) in ``keeps(dice).flat`` order, for one state (hand
    values as vectors, one per roll)."""
    plan = Plan()
    block = np.empty((1, len(keeps(dice).flat), 1))
    turn_from_stops(
        {roll: stop[None, :, None] for roll, stop in stops.items()}, block, dice, plan, last
    )
    plan.before[1] = block
    return {roll: found[0, :, 0] for roll, found in plan.before.items()}
