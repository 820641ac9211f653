"""A game's column states as array indices, derived from its rules.

A state is the filled upper boxes (``umask``), the upper sum clamped to what can still
change the bonus (``u``), the filled lower boxes (``lmask``) and, for games with a joker,
whether the five-of-a-kind box holds more than 0 (``j``).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from advisor.dice import keeps
from scoring.errors import ScoringError
from scoring.hand import Hand
from scoring.rules import GameRules, Section
from scoring.scorer import box_points

ROLLS = (1, 2, 3)
Index = np.ndarray | int


def _points(rules: GameRules) -> np.ndarray:
    """Points of every (roll, joker, box, hand), from the engine."""
    hands = [Hand(h) for h in keeps().hands]
    return np.array(
        [
            [
                [[box_points(b, h, roll, joker=joker) for h in hands] for b in rules.boxes]
                for joker in (False, True)
            ]
            for roll in ROLLS
        ]
    )


@dataclass(frozen=True)
class Writes:
    """Every (box, outcome) pair as parallel arrays: what writing it does to a state.

    ``starts`` splits the pairs by box, in box order.
    """

    adds: np.ndarray
    upper_bit: np.ndarray
    lower_bit: np.ndarray
    sets_j: np.ndarray
    j: np.ndarray
    starts: np.ndarray


@dataclass(eq=False)
class Layout:
    """Index arithmetic and points tables for one game's solver."""

    rules: GameRules
    points: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
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
    def n_j(self) -> int:
        return 1 if self.joker_bit is None else 2

    @property
    def full_upper(self) -> int:
        return (1 << len(self.upper)) - 1

    @property
    def full_lower(self) -> int:
        return (1 << len(self.lower)) - 1

    @cached_property
    def box_values(self) -> tuple[np.ndarray, ...]:
        """Per box: every value it can hold, sorted."""
        return tuple(np.unique(self.points[:, :, b, :]) for b in range(len(self.rules.boxes)))

    @cached_property
    def _value_sets(self) -> tuple[frozenset[int], ...]:
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
        return np.clip(u, lo[umask], hi[umask])

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
    def u_min(self) -> int:
        return int(self.bounds[0].min())

    @cached_property
    def n_u(self) -> int:
        return int(self.bounds[1].max()) - self.u_min + 1

    @property
    def size(self) -> int:
        """Length of the flat value array over all (reachable or not) states."""
        return (self.full_upper + 1) * self.n_u * (self.full_lower + 1) * self.n_j

    def flat(self, umask: Index, u: Index, lmask: Index, j: Index) -> Index:
        """Index of states in the flat value array."""
        upper = umask * self.n_u + (u - self.u_min)
        return (upper * (self.full_lower + 1) + lmask) * self.n_j + j

    def level(self, filled: int) -> tuple[np.ndarray, ...]:
        """Every reachable state with ``filled`` boxes filled, as arrays (umask, u, lmask, j)."""
        by_count: dict[int, list[int]] = {}
        for lmask in range(self.full_lower + 1):
            by_count.setdefault(lmask.bit_count(), []).append(lmask)
        parts = []
        for umask, sums in enumerate(self.upper_sums):
            lmasks = by_count.get(filled - umask.bit_count(), [])
            if self.rules.upper_first and umask != self.full_upper:
                lmasks = [m for m in lmasks if m == 0]
            for lmask in lmasks:
                has_joker = self.joker_bit is not None and lmask >> self.joker_bit & 1
                for j in (0, 1) if has_joker else (0,):
                    parts.append((umask, sums, lmask, j))
        if not parts:
            return tuple(np.zeros(0, dtype=np.int64) for _ in range(4))
        return tuple(
            np.concatenate([np.broadcast_to(np.asarray(p[k]), p[1].shape) for p in parts])
            for k in range(4)
        )

    @cached_property
    def outcomes(self) -> tuple[np.ndarray, ...]:
        """Per box: the values that lead to different next states (one entry if none do)."""
        return tuple(
            values if b in self.upper or self._is_joker_box(b) else np.zeros(1, np.int64)
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
    def zero_outcome(self) -> tuple[int | None, ...]:
        """Per box: the index in ``outcomes[box]`` of a scratch (0 points), if there is one."""
        return tuple(
            int(np.flatnonzero(o == 0)[0]) if (o == 0).any() else None for o in self.outcomes
        )

    @cached_property
    def scoring_hands(self) -> tuple[tuple[np.ndarray, ...], ...]:
        """Per roll and box: the hands (without joker) that score other than 0."""
        return tuple(tuple(np.flatnonzero(points) for points in table[0]) for table in self.points)

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
        joker = np.array([self._is_joker_box(b) for b in boxes], dtype=bool)
        return Writes(
            adds=np.where(upper, values, 0),
            upper_bit=np.where(upper, 1 << position, 0),
            lower_bit=np.where(upper, 0, 1 << position),
            sets_j=joker,
            j=(values > 0).astype(np.int64),
            starts=np.cumsum([len(o) for o in self.outcomes])[:-1],
        )

    def _is_joker_box(self, box: int) -> bool:
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

    def state(self, column: Mapping[str, int]) -> tuple[int, int, int, int]:
        """The state of a validated column; raises ``ScoringError`` for a value no hand gives."""
        umask = lmask = u = j = 0
        for position, box in enumerate(self.rules.boxes):
            if box.id not in column:
                continue
            points = column[box.id]
            if points not in self._value_sets[position]:
                raise ScoringError(f"{box.name('en')} cannot hold {points} in {self.rules.id}")
            if position in self.upper:
                umask |= 1 << self.upper.index(position)
                u += points
            else:
                lmask |= 1 << self.lower.index(position)
                j = j or int(self._is_joker_box(position) and points > 0)
        lo, hi = self.bounds
        return umask, min(max(u, int(lo[umask])), int(hi[umask])), lmask, j
