"""A game's column states as array indices, derived from its rules.

A state is the filled upper boxes (``umask``), the upper sum clamped to what can still
change the bonus (``u``), the filled lower boxes (``lmask``) and, for games with a joker,
whether the five-of-a-kind box holds more than 0 (``j``). Only the states that can
occur are numbered, level by level (by the count of filled boxes), so that a value
table holds nothing else and each level is one contiguous range.
"""

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from advisor.dice import LAST_ROLL, ROLLS, keeps
from scoring import (
    FACES,
    GAMES,
    GameRules,
    Hand,
    ScoringError,
    Section,
    allowed_places,
    box_points,
    joker_bonus,
    joker_in_play,
)

Index = np.ndarray | int
# A batch of states as four arrays: (umask, u, lmask, j).
States = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


class NoAdviceError(ScoringError):
    """Rules the advisor has no tables for: it says why."""


def unsolvable(rules: GameRules) -> NoAdviceError | None:
    """Why the advisor has no tables for ``rules``, or ``None`` when it has (or can build)
    them."""
    if rules.rolls != LAST_ROLL:
        return NoAdviceError("no advice yet for turns of other than three rolls")
    return None


def no_chances(rules: GameRules) -> NoAdviceError | None:
    """Why the advisor gives no chances to win, play to win or review in a game of
    ``rules`` (a sheet of several columns, or saved rolls, get approximate advice only),
    or ``None`` when it gives them."""
    if len(rules.columns) > 1:
        return NoAdviceError(
            "no chances to win or review on a sheet of several columns: its advice is an "
            "approximation"
        )
    if rules.saved_rolls:
        return NoAdviceError(
            "no chances to win or review where unused rolls are saved: its advice is an "
            "approximation"
        )
    return unsolvable(rules)


def refuse_chances(rules: GameRules) -> None:
    """Raise ``no_chances(rules)``'s error where there is one."""
    refusal = no_chances(rules)
    if refusal is not None:
        raise refusal


def advised_games() -> list[str]:
    """The ids of the games of ``scoring.GAMES`` that the advisor solves exactly, chances
    to win and reviews with them (Maxi Yatzy's saved rolls get approximate advice)."""
    return [game for game, rules in GAMES.items() if no_chances(rules) is None]


def _points(rules: GameRules) -> np.ndarray:
    """Points of every (roll, joker, box, hand), from the engine.

    A joker only ever comes with five of a kind: other hands get their plain points.
    """
    hands = [Hand(h) for h in keeps(rules.dice).hands]
    plain = np.array(
        [[[box_points(b, h, roll) for h in hands] for b in rules.boxes] for roll in ROLLS]
    )
    fives = [i for i, h in enumerate(hands) if h.all_alike]
    joker = plain.copy()
    joker[:, :, fives] = [
        [[box_points(b, hands[i], roll, joker=True) for i in fives] for b in rules.boxes]
        for roll in ROLLS
    ]
    return np.stack([plain, joker], axis=1)


@dataclass(frozen=True)
class Writes:
    """Every (box, outcome) pair as parallel arrays, box by box: what writing it does to a state."""

    adds: np.ndarray
    upper_bit: np.ndarray
    lower_bit: np.ndarray
    sets_j: np.ndarray
    j: np.ndarray
    place: np.ndarray
    """The write's box: its place on the sheet."""


@dataclass(frozen=True)
class Groups:
    """The (umask, lmask) pairs that can occur, in index order, level by level.

    A pair's states are numbered together, ``j`` before ``u``; ``base`` holds each
    pair's first index at ``umask * (full_lower + 1) + lmask`` (-1 if it cannot occur)
    and ``levels`` where each count of filled boxes begins (one past the last at the end).
    """

    umask: np.ndarray
    lmask: np.ndarray
    start: np.ndarray
    base: np.ndarray
    levels: np.ndarray


@dataclass(eq=False)
class Layout:
    """Index arithmetic and points tables for one game's solver."""

    rules: GameRules
    points: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        refusal = unsolvable(self.rules)
        if refusal is not None:
            raise refusal
        self.points = _points(self.rules)

    @cached_property
    def upper(self) -> tuple[int, ...]:
        """Positions in ``rules.boxes`` of the upper boxes (bit i of ``umask``)."""
        return tuple(i for i, b in enumerate(self.rules.boxes) if b.section is Section.UPPER)

    @cached_property
    def lower(self) -> tuple[int, ...]:
        """Positions in ``rules.boxes`` of the lower boxes (bit i of ``lmask``)."""
        return tuple(i for i, b in enumerate(self.rules.boxes) if b.section is Section.LOWER)

    @cached_property
    def joker_bit(self) -> int | None:
        """Bit of the five-of-a-kind box in ``lmask`` for games with a joker."""
        joker = self.rules.joker
        if joker is None:
            return None
        return next(i for i, b in enumerate(self.lower) if self.rules.boxes[b].id == joker.box)

    @property
    def full_upper(self) -> int:
        return (1 << len(self.upper)) - 1

    @property
    def full_lower(self) -> int:
        return (1 << len(self.lower)) - 1

    @cached_property
    def box_values(self) -> tuple[np.ndarray, ...]:
        """Per box: every value it can hold, sorted."""
        # Sorted by hand: np.unique would import numpy.ma, a tenth of a fresh query's time.
        return tuple(
            np.array(sorted(set(self.points[:, :, b, :].ravel().tolist())))
            for b in range(len(self.rules.boxes))
        )

    @cached_property
    def value_sets(self) -> tuple[frozenset[int], ...]:
        """Per box: every value it can hold."""
        return tuple(frozenset(v.tolist()) for v in self.box_values)

    @cached_property
    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per ``umask``: the upper sums below which the bonus is lost, at which it is sure.

        The sum is clamped to this range: values beyond it lead to the same outcomes.
        """
        at_least = self.rules.upper_bonus.at_least
        lo = np.zeros(self.full_upper + 1, dtype=np.int64)
        hi = np.zeros_like(lo)
        for umask in range(self.full_upper + 1):
            empty = [b for i, b in enumerate(self.upper) if not umask >> i & 1]
            lo[umask] = at_least - sum(int(self.box_values[b].max()) for b in empty) - 1
            hi[umask] = at_least - sum(int(self.box_values[b].min()) for b in empty)
        return lo, hi

    def clamp(self, umask: np.ndarray, u: np.ndarray) -> np.ndarray:
        lo, hi = self.bounds
        clamped: np.ndarray = np.clip(u, lo[umask], hi[umask])
        return clamped

    @cached_property
    def upper_sums(self) -> tuple[np.ndarray, ...]:
        """Per ``umask``: the clamped upper sums that its filled boxes can make."""
        sums: list[set[int]] = [set() for _ in range(self.full_upper + 1)]
        sums[0] = {int(self.clamp(np.array(0), np.array(0)))}
        for umask in sorted(range(self.full_upper + 1), key=int.bit_count):
            for i, b in enumerate(self.upper):
                if umask >> i & 1:
                    continue
                after = umask | 1 << i
                made = np.add.outer(sorted(sums[umask]), self.box_values[b]).ravel()
                sums[after].update(self.clamp(np.array(after), made).tolist())
        return tuple(np.array(sorted(s), dtype=np.int64) for s in sums)

    @cached_property
    def n_sums(self) -> np.ndarray:
        """Per ``umask``: how many clamped upper sums it can hold."""
        return np.array([len(s) for s in self.upper_sums], dtype=np.int32)

    @cached_property
    def _sums(self) -> tuple[np.ndarray, np.ndarray]:
        """Every ``umask``'s upper sums end to end, and where each ``umask``'s begin."""
        return np.concatenate(self.upper_sums), np.cumsum(self.n_sums) - self.n_sums

    @cached_property
    def raw_min(self) -> int:
        """The lowest upper sum a write can make from a clamped one (before clamping)."""
        lowest = min((int(self.box_values[b].min()) for b in self.upper), default=0)
        return int(self.bounds[0].min()) + min(lowest, 0)

    @cached_property
    def ranks(self) -> np.ndarray:
        """Per ``umask`` and upper sum (clamped or not, from ``raw_min``): the place of the
        clamped sum among ``upper_sums[umask]``, or -1 if that sum cannot occur."""
        lo, hi = self.bounds
        highest = max((int(self.box_values[b].max()) for b in self.upper), default=0)
        raw = np.arange(self.raw_min, int(hi.max()) + max(highest, 0) + 1)
        table = np.full((self.full_upper + 1, len(raw)), -1, dtype=np.int32)
        for umask, sums in enumerate(self.upper_sums):
            clamped = np.clip(raw, lo[umask], hi[umask])
            place = np.searchsorted(sums, clamped).clip(max=len(sums) - 1)
            table[umask] = np.where(sums[place] == clamped, place, -1)
        return table

    @cached_property
    def groups(self) -> Groups:
        """The (umask, lmask) pairs that can occur, in index order, and where each begins."""
        n_lower = self.full_lower + 1
        umask, lmask = (a.ravel() for a in np.indices((self.full_upper + 1, n_lower)))
        bits = np.array([i.bit_count() for i in range(max(self.full_upper, self.full_lower) + 1)])
        filled = bits[umask] + bits[lmask]
        size = np.where(self.reachable, self.n_sums[umask] * self.n_j[lmask], 0)
        order = np.lexsort((lmask, umask, filled))
        order = order[size[order] > 0]
        start = np.cumsum(size[order]) - size[order]
        base = np.full(len(umask), -1, dtype=np.int32)
        base[order] = start
        levels = np.searchsorted(filled[order], np.arange(len(self.rules.boxes) + 2))
        bounds = np.append(start, size[order].sum())[levels]
        return Groups(umask[order], lmask[order], start, base, bounds)

    @cached_property
    def n_j(self) -> np.ndarray:
        """Per ``lmask``: 2 if its five-of-a-kind box is filled (``j`` matters), else 1."""
        lmask = np.arange(self.full_lower + 1)
        if self.joker_bit is None:
            return np.ones_like(lmask)
        return 1 + (lmask >> self.joker_bit & 1)

    @property
    def count(self) -> int:
        """How many states can occur: the length of a value table."""
        return int(self.groups.levels[-1])

    def level(self, filled: int) -> tuple[int, int]:
        """The index range of the states with ``filled`` boxes filled."""
        levels = self.groups.levels
        return int(levels[filled]), int(levels[filled + 1])

    def index(self, umask: Index, u: Index, lmask: Index, j: Index) -> Index:
        """Index of states that can occur; ``u`` may be unclamped (from ``raw_min``)."""
        rank = self.ranks.ravel()[umask * self.ranks.shape[1] + (u - self.raw_min)]
        base = self.groups.base[umask * (self.full_lower + 1) + lmask]
        found: Index = base + j * self.n_sums[umask] + rank
        return found

    def states(self, start: int, stop: int) -> States:
        """The states with indices ``start`` to ``stop``, as arrays (umask, u, lmask, j)."""
        return self.states_at(np.arange(start, stop))

    def states_at(self, index: np.ndarray) -> States:
        """The states with these indices, as arrays (umask, u, lmask, j)."""
        groups = self.groups
        group = np.searchsorted(groups.start, index, side="right") - 1
        offset = index - groups.start[group]
        umask, lmask = groups.umask[group], groups.lmask[group]
        j, rank = np.divmod(offset, self.n_sums[umask])
        sums, first = self._sums
        u = sums[first[umask] + rank].astype(np.int32)
        return umask.astype(np.int32), u, lmask.astype(np.int32), j.astype(np.int32)

    @cached_property
    def outcomes(self) -> tuple[np.ndarray, ...]:
        """Per box: the values that lead to different next states (one entry if none do)."""
        return tuple(
            values if b in self.upper or self.is_joker_box(b) else np.zeros(1, np.int64)
            for b, values in enumerate(self.box_values)
        )

    @cached_property
    def outcome_of(self) -> np.ndarray:
        """Index into ``outcomes[box]`` of every (roll, joker, box, hand)'s points."""
        found = np.zeros_like(self.points)
        for b, values in enumerate(self.outcomes):
            if len(values) > 1:
                found[:, :, b, :] = np.searchsorted(values, self.points[:, :, b, :])
        return found

    @cached_property
    def write_first(self) -> np.ndarray:
        """Per box: the row in ``writes`` of its first outcome."""
        return np.cumsum([0] + [len(o) for o in self.outcomes[:-1]])

    @cached_property
    def write_of(self) -> np.ndarray:
        """Row in ``writes`` of every (roll, joker, box, hand): the box taking its points."""
        rows: np.ndarray = self.outcome_of + self.write_first[None, None, :, None]
        return rows

    @cached_property
    def scratch_writes(self) -> tuple[int | None, ...]:
        """Per box: the row in ``writes`` of a scratch (0 points), if it can take one."""
        return tuple(
            int(first + np.flatnonzero(o == 0)[0]) if (o == 0).any() else None
            for first, o in zip(self.write_first, self.outcomes, strict=True)
        )

    @cached_property
    def writes(self) -> Writes:
        """The state changes of every (box, outcome), for all boxes at once."""
        boxes = np.repeat(np.arange(len(self.outcomes)), [len(o) for o in self.outcomes])
        values = np.concatenate(self.outcomes)
        upper = np.isin(boxes, self.upper)
        position = np.array(
            [
                (self.upper if up else self.lower).index(b)
                for b, up in zip(boxes, upper, strict=True)
            ]
        )
        joker = np.array([self.is_joker_box(int(b)) for b in boxes], dtype=np.bool_)
        return Writes(
            adds=np.where(upper, values, 0).astype(np.int32),
            upper_bit=np.where(upper, 1 << position, 0).astype(np.int32),
            lower_bit=np.where(upper, 0, 1 << position).astype(np.int32),
            sets_j=joker,
            j=(values > 0).astype(np.int32),
            place=boxes,
        )

    def pair(self, umask: np.ndarray, lmask: np.ndarray) -> np.ndarray:
        """The index of each (umask, lmask) pair: ``umask * (full_lower + 1) + lmask``."""
        found: np.ndarray = umask.astype(np.int64) * (self.full_lower + 1) + lmask
        return found

    @cached_property
    def allowed(self) -> np.ndarray:
        """Per (umask, lmask) pair (see ``pair``) and per face of a forced joker (column 0:
        a hand that is none): the boxes the hand may go into, as bits over the sheet's
        places, as ``scoring.allowed_places`` says (asked once per pair and face)."""
        rules = self.rules
        umask, lmask = (a.ravel() for a in np.indices((self.full_upper + 1, self.full_lower + 1)))
        empty = np.zeros(len(umask), dtype=np.int64)
        for i, place in enumerate(self.upper):
            empty |= np.where(umask >> i & 1, 0, 1 << place)
        for i, place in enumerate(self.lower):
            empty |= np.where(lmask >> i & 1, 0, 1 << place)
        faces = (None, *FACES) if rules.joker is not None else (None,)
        return np.array(
            [
                [allowed_places(rules, open_boxes, face) for face in faces]
                for open_boxes in empty.tolist()
            ],
            dtype=np.int64,
        )

    @cached_property
    def reachable(self) -> np.ndarray:
        """Per (umask, lmask) pair: whether a game reaches it from the empty sheet, each
        turn filling a box that ``allowed`` gives some hand."""
        some_hand = np.bitwise_or.reduce(self.allowed, axis=1)
        steps = [
            (1 << self.upper.index(place)) * (self.full_lower + 1)
            if place in self.upper
            else 1 << self.lower.index(place)
            for place in range(len(self.rules.boxes))
        ]
        found = np.zeros(len(some_hand), dtype=np.bool_)
        level = np.zeros(1, dtype=np.int64)
        found[level] = True
        for _ in self.rules.boxes:
            level = np.unique(
                np.concatenate(
                    [
                        level[some_hand[level] >> place & 1 == 1] + step
                        for place, step in enumerate(steps)
                    ]
                )
            )
            found[level] = True
        return found

    @cached_property
    def joker_play(self) -> np.ndarray:
        """Per (joker's box filled, ``j``): whether an extra five of a kind is a joker, as
        ``scoring.joker_in_play`` says."""
        return np.array(
            [[joker_in_play(self.rules, bool(f), bool(j)) for j in (0, 1)] for f in (0, 1)]
        )

    @cached_property
    def joker_bonuses(self) -> np.ndarray:
        """Per ``j``: the extra bonus of a five of a kind, as ``scoring.joker_bonus`` says."""
        return np.array([joker_bonus(self.rules, bool(j)) for j in (0, 1)], dtype=np.int64)

    def is_joker_box(self, box: int) -> bool:
        """Whether the box at this position is the joker's five-of-a-kind box."""
        return self.joker_bit is not None and box == self.lower[self.joker_bit]

    @cached_property
    def roll_groups(self) -> tuple[tuple[int, ...], ...]:
        """Rolls whose points tables are identical, so one box choice serves them all."""
        groups: list[list[int]] = []
        for roll in ROLLS:
            table = self.points[roll - 1]
            same = next((g for g in groups if np.array_equal(self.points[g[0] - 1], table)), None)
            if same is None:
                groups.append([roll])
            else:
                same.append(roll)
        return tuple(tuple(g) for g in groups)
