"""Many games of one column played at once by the advisor, with random dice.

Every simulated column takes its turn together with the others: the states they are in
are planned once each (``advisor.policy.plan``), then each column's dice are rolled, kept
and scored as ``advise_keep`` and ``advise_box`` would, all as arrays.
"""

import numpy as np

from advisor.boxes import write_targets
from advisor.column import State
from advisor.dice import LAST_ROLL
from advisor.layout import States
from advisor.policy import box_choices, hand_numbers, keep_choices, keep_dice, plan
from advisor.tables import Solved
from scoring import FACES


def roll_dice(rng: np.random.Generator, count: int, dice: int) -> np.ndarray:
    """``count`` rows of ``dice`` fair dice."""
    return rng.integers(FACES[0], FACES[-1] + 1, (count, dice))


def play_turns(
    tables: Solved, index: np.ndarray, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray]:
    """One turn of each column in state ``index[i]``, played by the advisor with dice from
    ``rng``: the points each earned, and the index of each column's state after it."""
    layout = tables.layout
    unique, columns = np.unique(index, return_inverse=True)
    states: States = layout.states_at(unique)
    found = plan(tables, states)
    size = layout.rules.dice
    hands = hand_numbers(roll_dice(rng, len(index), size))
    stopped = np.full(len(index), LAST_ROLL)
    going = np.arange(len(index))
    for roll in range(1, LAST_ROLL):
        now, keep = keep_choices(found, columns[going], hands[going], roll, size)
        stopped[going[now]] = roll
        going = going[~now]
        kept = keep_dice(size)[keep]
        fresh = roll_dice(rng, len(going), size)
        hands[going] = hand_numbers(np.where(kept == 0, fresh, kept))
    targets = write_targets(layout, states)[0]
    gain = np.zeros(len(index), dtype=np.int64)
    after = np.zeros(len(index), dtype=np.int64)
    for roll in range(1, LAST_ROLL + 1):
        rows = np.flatnonzero(stopped == roll)
        picks = box_choices(tables, states, columns[rows], hands[rows], roll, targets)
        gain[rows], after[rows] = picks.gain, picks.after
    return gain, after


def rest_totals(tables: Solved, state: State, count: int, rng: np.random.Generator) -> np.ndarray:
    """The points still to come from ``state`` (bonuses included) in ``count`` games the
    advisor plays to the end."""
    index = np.full(count, tables.columns.position(state))
    totals = np.zeros(count, dtype=np.int64)
    filled = sum(part.bit_count() for part in (state[0], state[2]))
    for _ in range(len(tables.layout.rules.boxes) - filled):
        gain, index = play_turns(tables, index, rng)
        totals += gain
    found: np.ndarray = totals + np.rint(tables.values[index]).astype(np.int64)
    return found
