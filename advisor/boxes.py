"""Each hand's best box for a batch of column states, from the value after every write.

A write is one box taking one outcome (``Layout.writes``). Arrays are blocks (see
``advisor.moments``) of one row per write or hand and one column per state, so that
gathering rows moves whole rows.
"""

from dataclasses import dataclass
from functools import cache

import numpy as np

from advisor import _kernel
from advisor.dice import keeps
from advisor.layout import Layout, States
from advisor.moments import best_of, shift
from advisor.workspace import Workspace
from scoring import FACES


def write_targets(layout: Layout, states: States) -> tuple[np.ndarray, np.ndarray]:
    """The index of the state after each write from each state (writes by states), and
    where the write's box is filled or must wait for the upper section (the index is
    then meaningless)."""
    writes = layout.writes
    umask, u, lmask, j = (part[None, :] for part in states)
    upper_bit, lower_bit = writes.upper_bit[:, None], writes.lower_bit[:, None]
    allowed = layout.allowed[layout.pair(umask, lmask), 0]
    closed = allowed >> writes.place[:, None] & 1 == 0
    j = np.where(writes.sets_j[:, None], writes.j[:, None], j)
    index = layout.index(umask | upper_bit, u + writes.adds[:, None], lmask | lower_bit, j)
    return np.asarray(index), closed


def after_writes(layout: Layout, tables: np.ndarray, states: States) -> np.ndarray:
    """The value after each write from each state, a block (channels, writes, states) of
    ``tables`` (channels by states, see ``advisor.moments``); -inf where the write's box
    is filled or must wait for the upper section."""
    index, closed = write_targets(layout, states)
    after = tables.take(index, axis=1, mode="clip")
    after[0][closed] = -np.inf
    return after


@dataclass(frozen=True)
class Candidates:
    """How one roll's hands find their best box.

    A candidate is a write and its points: worth ``after[rows] + points``. ``floor`` are
    the scratches (0 points) that bound every hand from below; ``checks`` the writes whose
    scratch is only then the box's worst use when ``after[rows] + values`` reach
    ``after[zeros]``, which ``sound`` tests. ``offers`` are every hand, where its run of
    candidates starts, and those runs, in the order the kernel's ``raise_rows`` takes.
    """

    rows: np.ndarray
    points: np.ndarray
    floor: np.ndarray
    checks: tuple[np.ndarray, np.ndarray, np.ndarray]
    offers: tuple[np.ndarray, np.ndarray, np.ndarray]

    def sound(self, after: np.ndarray) -> bool:
        """Whether every checked scratch is its box's worst use in every state (``after``
        being channel 0)."""
        rows, values, zeros = self.checks
        return bool((after[rows] + values[:, None] >= after[zeros]).all())

    def best(self, after: np.ndarray, out: np.ndarray, work: Workspace) -> None:
        """Write each hand's value in its best candidate (a block of hands by states) to
        ``out``: the best scratch of the floor, raised to each of its candidates in turn."""
        channels, width = after.shape[0], after.shape[2]
        worth = work.block("worth", channels, len(self.rows), width)
        np.take(after, self.rows, axis=1, out=worth, mode="clip")
        shift(worth, self.points[:, None])
        if len(self.floor):
            out[:] = best_of(after[:, self.floor], axis=1)[:, None, :]
        else:
            out[:] = -np.inf
        _kernel.raise_rows(out, worth, channels, width, *self.offers)


@cache
def candidates(layout: Layout, roll: int, dense: bool) -> Candidates:
    """The candidates of ``roll``'s hands: with ``dense``, every box for every hand;
    otherwise a box whose points are never negative offers only the hands that score in
    it, its scratch joining the floor."""
    points = layout.points[roll - 1, 0]
    writes = layout.write_of[roll - 1, 0]
    scratches = layout.scratch_writes
    offers: list[tuple[int, int, int]] = []
    floor, checks = [], []
    for box in range(len(layout.rules.boxes)):
        sparse = not dense and scratches[box] is not None and points[box].min() >= 0
        hands = np.flatnonzero(points[box]) if sparse else range(points.shape[1])
        offers += [(int(h), int(writes[box, h]), int(points[box, h])) for h in hands]
        if sparse:
            floor.append(scratches[box])
            if len(layout.outcomes[box]) > 1:
                checks.append(box)
    combos = sorted({offer[1:] for offer in offers})
    number = {combo: i for i, combo in enumerate(combos)}
    by_hand: list[list[int]] = [[] for _ in range(points.shape[1])]
    for hand, write, got in offers:
        by_hand[hand].append(number[write, got])
    offered = (
        np.arange(len(by_hand)),
        np.cumsum([0] + [len(c) for c in by_hand]),
        np.array([c for run in by_hand for c in run], dtype=np.int64),
    )
    # Read by the compiled kernel without the interpreter's lock: never to change.
    for part in offered:
        part.flags.writeable = False
    return Candidates(
        np.array([write for write, _ in combos]),
        np.array([got for _, got in combos], dtype=float),
        np.array(floor, dtype=np.int64),
        _checks(layout, checks),
        offered,
    )


def _checks(layout: Layout, boxes: list[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    first = layout.write_first
    rows = [first[b] + np.arange(len(layout.outcomes[b])) for b in boxes]
    zeros = [np.full(len(r), layout.scratch_writes[b]) for b, r in zip(boxes, rows, strict=True)]
    values = [layout.outcomes[b] for b in boxes]
    return _joined(rows), _joined(values), _joined(zeros)


def _joined(parts: list[np.ndarray]) -> np.ndarray:
    """The arrays end to end (empty integers if there are none)."""
    return np.concatenate(parts) if parts else np.zeros(0, np.int64)


@dataclass(frozen=True)
class JokerBoxes:
    """Where one roll's five-of-a-kind hands may go as a forced joker: ``fives`` are the
    hands, face by face; ``writes`` and ``points`` are by box and face (the joker's
    points)."""

    fives: np.ndarray
    writes: np.ndarray
    points: np.ndarray


@cache
def joker_boxes(layout: Layout, roll: int) -> JokerBoxes:
    """The forced joker's boxes and points for ``roll``'s five-of-a-kind hands."""
    dice = layout.rules.dice
    fives = np.array([keeps(dice).index[(f,) * dice][1] for f in FACES])
    return JokerBoxes(
        fives, layout.write_of[roll - 1, 1][:, fives], layout.points[roll - 1, 1][:, fives]
    )


def _joker_best(
    layout: Layout, after: np.ndarray, states: States, rows: np.ndarray, roll: int
) -> np.ndarray:
    """Best value of each five-of-a-kind hand in joker states ``rows`` (the forced joker),
    a block (channels, faces, rows)."""
    boxes = joker_boxes(layout, roll)
    umask, _, lmask, j = (a[rows] for a in states)
    cand = after[:, :, rows][:, boxes.writes]
    shift(cand, boxes.points[:, :, None])
    allowed = layout.allowed[layout.pair(umask, lmask)][:, FACES].T
    places = np.arange(len(layout.rules.boxes))[:, None, None]
    best = best_of(np.where(allowed[None] >> places & 1 == 1, cand, -np.inf), axis=1)
    shift(best, layout.joker_bonuses[j])
    return best


def best_boxes(
    layout: Layout,
    after: np.ndarray,
    states: States,
    work: Workspace,
) -> dict[int, np.ndarray]:
    """Per roll: value of each hand written into its best allowed box (a block of hands by
    states); rolls alike share one array."""
    _, _, lmask, j = states
    rows = np.zeros(0, dtype=np.int64)
    if layout.rules.joker is not None:
        rows = np.flatnonzero(layout.joker_play[lmask >> layout.joker_bit & 1, j])
    channels, width = after.shape[0], after.shape[2]
    stops = {}
    for group in layout.roll_groups:
        roll = group[0]
        found = candidates(layout, roll, False)
        if not found.sound(after[0]):
            found = candidates(layout, roll, True)
        best = work.block(f"stops {roll}", channels, len(found.offers[0]), width)
        found.best(after, best, work)
        if len(rows):
            fives = joker_boxes(layout, roll).fives
            best[:, fives[:, None], rows[None, :]] = _joker_best(layout, after, states, rows, roll)
        stops.update(dict.fromkeys(group, best))
    return stops
