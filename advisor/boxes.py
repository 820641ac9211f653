"""Each hand's best box for a batch of column states, from the value after every write.

A write is one box taking one outcome (``Layout.writes``). Arrays hold one row per
write or hand and one column per state, so that gathering rows moves whole rows.
"""

from dataclasses import dataclass
from functools import cache

import numpy as np

from advisor.dice import keeps
from advisor.layout import Layout, States
from advisor.workspace import Workspace
from scoring import DICE_PER_HAND, FACES, LAST_ROLL

# Up to this many states, gathering every hand's candidates at once beats the layers.
FEW_STATES = 8


def after_writes(layout: Layout, values: np.ndarray, states: States) -> np.ndarray:
    """The value after each write from each state (writes by states); -inf where the
    write's box is filled or must wait for the upper section."""
    writes = layout.writes
    umask, u, lmask, j = (part[None, :] for part in states)
    upper_bit, lower_bit = writes.upper_bit[:, None], writes.lower_bit[:, None]
    closed = ((umask & upper_bit) | (lmask & lower_bit)) != 0
    if layout.rules.upper_first:
        closed |= (lower_bit != 0) & (umask != layout.full_upper)
    j = np.where(writes.sets_j[:, None], writes.j[:, None], j)
    index = layout.index(umask | upper_bit, u + writes.adds[:, None], lmask | lower_bit, j)
    after = values.take(index, mode="clip")
    after[closed] = -np.inf
    return after


@dataclass(frozen=True)
class Candidates:
    """How one roll's hands find their best box.

    A candidate is a write and its points: worth ``after[rows] + points``. Hands are
    taken in the order that puts those with the most candidates first: layer t holds
    the t-th candidate of as many hands as have one, so each layer is a prefix of that
    order, and ``back`` turns the order back into the hands' own. ``floor`` are the
    scratches (0 points) that bound every hand from below; ``checks`` the writes whose
    scratch is only then the box's worst use when ``after[rows] + values`` reach
    ``after[zeros]``, which ``sound`` tests. ``padded`` lists the hands' candidates, in
    their own order, as rows of t-th candidates filled up (at least once) with one past
    the last, the floor: for a few states at a time.
    """

    rows: np.ndarray
    points: np.ndarray
    layers: tuple[np.ndarray, ...]
    back: np.ndarray
    floor: np.ndarray
    checks: tuple[np.ndarray, np.ndarray, np.ndarray]
    padded: np.ndarray

    def sound(self, after: np.ndarray) -> bool:
        """Whether every checked scratch is its box's worst use in every state."""
        rows, values, zeros = self.checks
        return bool((after[rows] + values[:, None] >= after[zeros]).all())

    def best(self, after: np.ndarray, out: np.ndarray, work: Workspace) -> None:
        """Write the value of each hand in its best candidate (hands by states) to ``out``."""
        if after.shape[1] <= FEW_STATES:
            self._best_of_few(after, out)
        else:
            self._best_by_layers(after, out, work)

    def _floor(self, after: np.ndarray) -> np.ndarray | float:
        return after[self.floor].max(axis=0) if len(self.floor) else -np.inf

    def _best_of_few(self, after: np.ndarray, out: np.ndarray) -> None:
        worth = np.empty((after.shape[1], len(self.rows) + 1))
        worth[:, :-1] = after[self.rows].T + self.points
        worth[:, -1] = self._floor(after)
        out[:] = worth[:, self.padded].max(axis=1).T

    def _best_by_layers(self, after: np.ndarray, out: np.ndarray, work: Workspace) -> None:
        width = after.shape[1]
        worth = work.rows("worth", len(self.rows), width)
        np.take(after, self.rows, axis=0, out=worth, mode="clip")
        worth += self.points[:, None]
        best = work.rows("layered", len(self.back), width)
        best[:] = self._floor(after)
        for layer in self.layers:
            part = best[: len(layer)]
            gathered = work.rows("gathered", len(layer), width)
            np.take(worth, layer, axis=0, out=gathered, mode="clip")
            np.maximum(part, gathered, out=part)
        np.take(best, self.back, axis=0, out=out, mode="clip")


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
    widest = max(len(c) for c in by_hand)
    order = np.argsort([-len(c) for c in by_hand], kind="stable")
    return Candidates(
        np.array([write for write, _ in combos]),
        np.array([got for _, got in combos], dtype=float),
        tuple(
            np.array([by_hand[h][t] for h in order if len(by_hand[h]) > t]) for t in range(widest)
        ),
        np.argsort(order),
        np.array(floor, dtype=np.int64),
        _checks(layout, checks),
        np.array([c + [len(combos)] * (widest + 1 - len(c)) for c in by_hand]).T.copy(),
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
    """Where one roll's five-of-a-kind hands may go as a forced joker.

    ``writes`` and ``points`` are by box and face (the joker's points); ``own`` is each
    face's upper box by its bit in ``umask`` and ``own_box`` by its place among the boxes.
    """

    fives: np.ndarray
    writes: np.ndarray
    points: np.ndarray
    upper: list[int]
    lower: list[int]
    own: np.ndarray
    own_box: np.ndarray


@cache
def joker_boxes(layout: Layout, roll: int) -> JokerBoxes:
    """The forced joker's boxes and points for ``roll``'s five-of-a-kind hands."""
    rules = layout.rules
    fives = np.array([keeps().index[(f,) * DICE_PER_HAND][1] for f in FACES])
    own_box = np.array([rules.boxes.index(rules.upper_box_for(f)) for f in FACES])
    return JokerBoxes(
        fives,
        layout.write_of[roll - 1, 1][:, fives],
        layout.points[roll - 1, 1][:, fives],
        list(layout.upper),
        list(layout.lower),
        np.array([layout.upper.index(b) for b in own_box]),
        own_box,
    )


def _joker_best(
    layout: Layout, after: np.ndarray, states: States, rows: np.ndarray, roll: int
) -> np.ndarray:
    """Best value of each five-of-a-kind hand in joker states ``rows`` (the forced joker)."""
    rules, boxes = layout.rules, joker_boxes(layout, roll)
    assert rules.joker is not None, "joker states occur only in games with a joker"
    umask, _, lmask, j = (a[rows] for a in states)
    cand = after[:, rows][boxes.writes] + boxes.points[:, :, None]
    upper_best = cand[boxes.upper].max(axis=0)
    lower_best = cand[boxes.lower].max(axis=0)
    own_best = cand[boxes.own_box, range(len(FACES))]
    own_empty = (umask[None, :] >> boxes.own[:, None] & 1) == 0
    any_lower = lmask != layout.full_lower
    best = np.where(own_empty, own_best, np.where(any_lower, lower_best, upper_best))
    if rules.upper_first:
        best = np.where(umask != layout.full_upper, upper_best, best)
    with_bonus: np.ndarray = best + np.where(j == 1, rules.joker.bonus, 0)
    return with_bonus


def best_boxes(
    layout: Layout,
    after: np.ndarray,
    states: States,
    work: Workspace,
    out: np.ndarray | None = None,
) -> dict[int, np.ndarray]:
    """Per roll: value of each hand (hands by states) written into its best allowed box;
    rolls alike share one array, and roll 3's is ``out`` when given."""
    _, _, lmask, j = states
    joker = layout.rules.joker
    rows = np.zeros(0, dtype=np.int64)
    if joker is not None:
        has = lmask >> layout.joker_bit & 1 == 1
        rows = np.flatnonzero(has & ((j == 1) | joker.on_scratch))
    stops = {}
    for group in layout.roll_groups:
        roll = group[0]
        found = candidates(layout, roll, False)
        if not found.sound(after):
            found = candidates(layout, roll, True)
        best = work.rows(f"stops {roll}", len(found.back), after.shape[1])
        if out is not None and LAST_ROLL in group:
            best = out
        found.best(after, best, work)
        if len(rows):
            fives = joker_boxes(layout, roll).fives
            best[np.ix_(fives, rows)] = _joker_best(layout, after, states, rows, roll)
        stops.update(dict.fromkeys(group, best))
    return stops
