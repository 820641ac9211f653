"""The advisor's play for many columns at once, as arrays.

``plan`` works out what a turn compares in each state of a batch; ``keep_choices`` and
``box_choices`` then pick, for one hand per column, the choice that ``advise_keep`` and
``advise_box`` put first, so that thousands of games can be played in lockstep; and
``turn_outcomes`` gives the chance of every way a turn can end under that play.
"""

from dataclasses import dataclass
from functools import cache

import numpy as np

from advisor import _kernel
from advisor.boxes import after_writes, write_targets
from advisor.dice import LAST_ROLL, ROLLS, keeps, sub_keeps
from advisor.layout import Layout, States
from advisor.tables import Solved
from advisor.turn import Plan, transitions, turn_values
from advisor.workspace import Workspace
from scoring import FACES

# States per batch of a plan: wide enough to spread numpy's cost per call, narrow enough
# for the arrays of a batch to stay small.
BATCH = 1024


def plan(tables: Solved, states: States) -> Plan:
    """What a turn compares in each of ``states``: hands scored now, keeps rolled on, each
    hand's best keep (the expected points alone, hands or keeps by states, each keep list
    padded by one row)."""
    dice, count = tables.layout.rules.dice, len(states[0])
    rows, hands = len(keeps(dice).flat), len(keeps(dice).hands)
    whole = Plan(
        {roll: np.empty((hands, count)) for roll in ROLLS},
        {roll: np.empty((rows + 1, count)) for roll in ROLLS[1:]},
        {roll: np.empty((hands, count)) for roll in ROLLS[:-1]},
    )
    # One row past the last keep, worth nothing, pads the hands' lists of sub-keeps.
    for before in whole.before.values():
        before[-1] = -np.inf
    work = Workspace()
    # Each batch's turn writes its columns of the whole plan.
    for start in range(0, count, BATCH):
        cut = slice(start, start + BATCH)
        umask, u, lmask, j = (part[cut] for part in states)
        batch = Plan(
            {roll: found[None, :, cut] for roll, found in whole.stops.items()},
            {roll: found[None, :-1, cut] for roll, found in whole.before.items()},
            {roll: found[None, :, cut] for roll, found in whole.best_keep.items()},
        )
        turn_values(tables.layout, tables.values[None], (umask, u, lmask, j), work, batch)
    return whole


@cache
def padded_sub_keeps(dice: int) -> np.ndarray:
    """Every hand's sub-keeps as ``keeps(dice).flat`` numbers, largest first (as the
    advisor lists them), padded with one past the last keep."""
    tables = keeps(dice)
    rows = [[tables.flat[keep] for keep in sub_keeps(hand)] for hand in tables.hands]
    width = max(len(row) for row in rows)
    return np.array([row + [len(tables.flat)] * (width - len(row)) for row in rows])


@cache
def _by_counts(dice: int) -> np.ndarray:
    """The ``keeps(dice).flat`` number of every multiset of up to ``dice`` dice by its
    face counts (``_count_code``)."""
    table = np.full((dice + 1) ** len(FACES), -1, dtype=np.int64)
    for keep, number in keeps(dice).flat.items():
        table[_count_code(np.array([keep + (0,) * (dice - len(keep))]))[0]] = number
    return table


def _count_code(dice: np.ndarray) -> np.ndarray:
    """Each row of dice (0 for no die) as its face counts, written in base one more than
    the row's length (a count can be as large as that length): each die adds its face's
    place value."""
    places = np.zeros(FACES[-1] + 1, dtype=np.int64)
    places[list(FACES)] = (dice.shape[1] + 1) ** np.arange(len(FACES))
    code: np.ndarray = places[dice].sum(axis=1)
    return code


def keep_numbers(dice: np.ndarray) -> np.ndarray:
    """The ``keeps(n).flat`` number of each row of n dice (0 for no die)."""
    found: np.ndarray = _by_counts(dice.shape[1])[_count_code(dice)]
    return found


@cache
def keep_dice(dice: int) -> np.ndarray:
    """Every keep's dice by its ``keeps(dice).flat`` number, padded with 0."""
    flat = keeps(dice).flat
    rows = np.zeros((len(flat), dice), dtype=np.int64)
    for keep, number in flat.items():
        rows[number, : len(keep)] = keep
    return rows


def hand_numbers(dice: np.ndarray) -> np.ndarray:
    """The place among ``keeps(n).hands`` of each row of n dice."""
    tables = keeps(dice.shape[1])
    return keep_numbers(dice) - (len(tables.flat) - len(tables.hands))


def keep_choices(
    found: Plan, columns: np.ndarray, hands: np.ndarray, roll: int, dice: int
) -> tuple[np.ndarray, np.ndarray]:
    """For hand ``hands[i]`` of ``dice`` dice after roll ``roll`` (1 or 2) in state
    ``columns[i]`` of the plan: whether to score now (a tie goes to scoring); and the
    keep (a flat number) of each hand that is not scored now, in order."""
    now = found.stops[roll][hands, columns] >= found.best_keep[roll][hands, columns]
    rolling = ~now
    subs = padded_sub_keeps(dice)[hands[rolling]]
    worth = found.before[roll + 1][subs, columns[rolling, None]]
    return now, subs[np.arange(len(subs)), worth.argmax(axis=1)]


@dataclass(frozen=True)
class BoxPicks:
    """The advisor's box for each hand: its place in the rules' boxes, its points, the
    points it earns with any extra bonus, and the index of the state after it."""

    box: np.ndarray
    points: np.ndarray
    gain: np.ndarray
    after: np.ndarray


@cache
def alike_faces(dice: int) -> np.ndarray:
    """Per hand of ``dice`` dice: its face if every die shows it, else 0."""
    return np.array([hand[0] if len(set(hand)) == 1 else 0 for hand in keeps(dice).hands])


def allowed(layout: Layout, states: States, hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Which boxes each hand may go into in its state (hands by boxes), as
    ``scoring.allowed_places`` says (through ``Layout.allowed``); and where the hand is a
    forced joker."""
    umask, _, lmask, j = states
    joker = np.zeros(len(hands), dtype=np.bool_)
    if layout.rules.joker is not None:
        filled = lmask >> layout.joker_bit & 1
        joker = (alike_faces(layout.rules.dice)[hands] > 0) & layout.joker_play[filled, j]
    face = np.where(joker, alike_faces(layout.rules.dice)[hands], 0)
    bits = layout.allowed[layout.pair(umask, lmask), face]
    may = bits[:, None] >> np.arange(len(layout.rules.boxes)) & 1 == 1
    return may, joker


@dataclass(frozen=True)
class BoxOptions:
    """Every box for each hand (hands by boxes): whether the rules allow it, its points,
    the points it earns with any extra bonus, and the index of the state after it."""

    allowed: np.ndarray
    points: np.ndarray
    gain: np.ndarray
    after: np.ndarray


def box_options(
    tables: Solved,
    states: States,
    columns: np.ndarray,
    hands: np.ndarray,
    roll: int,
    targets: np.ndarray | None = None,
) -> BoxOptions:
    """Every box for hand ``hands[i]`` after roll ``roll`` in state ``columns[i]`` of
    ``states``; ``targets`` are ``write_targets`` of ``states``, if known."""
    layout = tables.layout
    index = write_targets(layout, states)[0] if targets is None else targets
    spread = tuple(part[columns] for part in states)
    may, joker = allowed(layout, spread, hands)
    boxes = np.arange(len(layout.rules.boxes))
    kind = joker.astype(np.int64)[:, None]
    points = layout.points[roll - 1][kind, boxes, hands[:, None]]
    writes = layout.write_of[roll - 1][kind, boxes, hands[:, None]]
    gain = points + _extra_bonus(layout, spread, hands)[:, None]
    return BoxOptions(may, points, gain, index[writes, columns[:, None]])


def box_choices(
    tables: Solved,
    states: States,
    columns: np.ndarray,
    hands: np.ndarray,
    roll: int,
    targets: np.ndarray | None = None,
) -> BoxPicks:
    """The box the advisor puts first for hand ``hands[i]`` after roll ``roll`` in state
    ``columns[i]`` of ``states``: the most expected final score, then the most points,
    then the sheet's order. ``targets`` are ``write_targets`` of ``states``, if known."""
    options = box_options(tables, states, columns, hands, roll, targets)
    values = tables.values.take(options.after, mode="clip") + options.points
    worth = np.where(options.allowed, values, -np.inf)
    best = worth == worth.max(axis=1, keepdims=True)
    box = np.where(best, options.points, np.iinfo(np.int64).min).argmax(axis=1)
    rows = np.arange(len(hands))
    return BoxPicks(
        box, options.points[rows, box], options.gain[rows, box], options.after[rows, box]
    )


def _extra_bonus(layout: Layout, states: States, hands: np.ndarray) -> np.ndarray:
    """Each hand's bonus beyond its box, as ``scoring.extra_bonus``."""
    if layout.rules.joker is None:
        return np.zeros(len(hands), dtype=np.int64)
    j = states[3]
    return np.where(alike_faces(layout.rules.dice)[hands] > 0, layout.joker_bonuses[j], 0)


@dataclass(frozen=True)
class Outcomes:
    """Every way a turn can end from each state of a batch, by group of alike rolls
    (``Layout.roll_groups``), hand and state: its chance, the points it earns and the index
    of the state after it."""

    chance: np.ndarray
    gain: np.ndarray
    after: np.ndarray


def _every_keep_choice(found: Plan, roll: int, dice: int) -> tuple[np.ndarray, np.ndarray]:
    """``keep_choices`` for every hand in every state of the plan (hands by states)."""
    subs = padded_sub_keeps(dice)
    best = found.best_keep[roll]
    _, pick = best_choices(found.before[roll + 1], subs, np.zeros(subs.shape), best)
    keep = subs[np.arange(len(subs))[:, None], pick]
    return found.stops[roll] >= best, keep


def best_choices(
    values: np.ndarray, choices: np.ndarray, bonus: np.ndarray, best: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``choices`` (row numbers of ``values``, rows by states, each with its
    ``bonus``) and per state: the most of a choice's value plus its bonus (``best`` when
    it is known), and the place of that choice in the row, a tie going to the larger
    bonus, then to the earlier."""
    width = values.shape[1]
    known = best is not None
    most = np.ascontiguousarray(best) if known else np.empty((len(choices), width))
    pick = np.empty((len(choices), width), dtype=np.int64)
    if width:
        _kernel.pick_rows(
            np.ascontiguousarray(values, dtype=np.float64),
            width,
            np.ascontiguousarray(choices, dtype=np.int64),
            np.ascontiguousarray(bonus, dtype=np.float64),
            most,
            pick,
            known,
        )
    return most, pick


def _every_box_choice(
    tables: Solved, states: States, roll: int, targets: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """``box_choices`` for every hand in every state (hands by states): the points each
    earns and the index of the state after it. Rows of writes are gathered whole; only
    the hands that may be forced jokers go through ``box_choices``."""
    layout = tables.layout
    count, hands_count = len(states[0]), len(keeps(layout.rules.dice).hands)
    writes = layout.write_of[roll - 1, 0]
    points = layout.points[roll - 1, 0]
    after = after_writes(layout, tables.values[None], states)[0]
    _, box = best_choices(after, writes.T, points.T)
    hands = np.arange(hands_count)[:, None]
    gain = points[box, hands]
    next_index = targets.take(writes[box, hands] * count + np.arange(count))
    if layout.rules.joker is not None:
        scored = np.flatnonzero((states[2] >> layout.joker_bit & 1) == 1)
        fives = np.flatnonzero(alike_faces(layout.rules.dice) > 0)
        rows, columns = (a.ravel() for a in np.meshgrid(fives, scored, indexing="ij"))
        picks = box_choices(tables, states, columns, rows, roll, targets)
        gain[rows, columns], next_index[rows, columns] = picks.gain, picks.after
    return gain, next_index


def turn_outcomes(tables: Solved, states: States) -> Outcomes:
    """How the advisor's turn ends from each of ``states``, every hand after every group
    of alike rolls (their chances summed: a hand goes to the same box after each)."""
    dice = tables.layout.rules.dice
    matrix, _ = transitions(dice)
    count, hands_count = len(states[0]), len(keeps(dice).hands)
    found = plan(tables, states)
    targets = write_targets(tables.layout, states)[0]
    reach = np.repeat(matrix[0][:, None], count, axis=1)
    groups = tables.layout.roll_groups
    shape = (len(groups), hands_count, count)
    chance, gain, after = np.zeros(shape), np.zeros(shape, np.int64), np.zeros(shape, np.int64)
    for place, group in enumerate(groups):
        gain[place], after[place] = _every_box_choice(tables, states, group[0], targets)
    group_of = {roll: place for place, group in enumerate(groups) for roll in group}
    for roll in ROLLS:
        if roll == LAST_ROLL:
            chance[group_of[roll]] += reach
            break
        now, keep = _every_keep_choice(found, roll, dice)
        chance[group_of[roll]] += np.where(now, reach, 0.0)
        spots = (keep * count + np.arange(count)).ravel()
        kept = np.bincount(spots, np.where(now, 0.0, reach).ravel(), (len(matrix) + 1) * count)
        block = kept[: len(matrix) * count].reshape(1, len(matrix), count)
        _kernel.push_rows(block, 1, count, *keeps(dice).rerolls)
        reach = block[0, -hands_count:]
    return Outcomes(chance, gain, after)
