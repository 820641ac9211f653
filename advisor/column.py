"""One column at a time: its state, the index of a state and of the state after a write,
and a hand's points, looked up in plain Python lists (numpy scalars cost more)."""

from collections.abc import Mapping

from advisor.layout import Layout
from scoring import ScoringError

State = tuple[int, int, int, int]


class Columns:
    """A game's layout, read one column at a time.

    ``bits`` holds per box id: whether it is an upper box, its bit in its mask, the
    values it can hold and whether it is the joker's box; ``points`` holds per roll,
    joker and hand every box's points.
    """

    def __init__(self, layout: Layout) -> None:
        self.rules = layout.rules
        self.bits = {}
        for position, box in enumerate(layout.rules.boxes):
            upper = position in layout.upper
            bit = 1 << (layout.upper if upper else layout.lower).index(position)
            joker = layout.is_joker_box(position)
            self.bits[box.id] = (upper, bit, layout.value_sets[position], joker)
        self.points = [
            [[dict(zip(self.bits, by_box, strict=True)) for by_box in hands] for hands in rolls]
            for rolls in layout.points.transpose(0, 1, 3, 2).tolist()
        ]
        lo, hi = layout.bounds
        self.lo: list[int] = lo.tolist()
        self.hi: list[int] = hi.tolist()
        self.ranks: list[list[int]] = layout.ranks.tolist()
        self.raw_min = layout.raw_min
        self.base: list[int] = layout.groups.base.tolist()
        self.n_lower = layout.full_lower + 1
        self.n_sums: list[int] = layout.n_sums.tolist()
        self.n_j: list[int] = layout.n_j.tolist()

    def state(self, column: Mapping[str, int]) -> State:
        """The state of a validated column; raises ``ScoringError`` for a value no hand gives."""
        umask = lmask = u = j = 0
        for box_id, points in column.items():
            upper, bit, values, joker = self.bits[box_id]
            if points not in values:
                name = self.rules.box(box_id).name("en")
                raise ScoringError(
                    "{box} cannot hold {points} in {game}",
                    box=name,
                    points=points,
                    game=self.rules.id,
                )
            if upper:
                umask |= bit
                u += points
            else:
                lmask |= bit
                j = j or int(joker and points > 0)
        return umask, min(max(u, self.lo[umask]), self.hi[umask]), lmask, j

    def points_of(self, roll: int, joker: bool, hand: int) -> dict[str, int]:
        """Every box's points for hand number ``hand`` (``keeps(dice).hands`` order) from
        roll ``roll``; a roll past the turn's own (a saved one) scores as the last."""
        return self.points[min(roll, len(self.points)) - 1][joker][hand]

    def position(self, state: State) -> int:
        """Index of one state (its upper sum clamped or not), or -1 if it cannot occur."""
        return self._position(*state)

    def position_after(self, state: State, box_id: str, points: int) -> int:
        """Index of the state after an empty box of ``state`` takes ``points``."""
        umask, u, lmask, j = state
        upper, bit, _, joker = self.bits[box_id]
        if upper:
            return self._position(umask | bit, u + points, lmask, j)
        return self._position(umask, u, lmask | bit, int(points > 0) if joker else j)

    def _position(self, umask: int, u: int, lmask: int, j: int) -> int:
        rank = self.ranks[umask][u - self.raw_min]
        base = self.base[umask * self.n_lower + lmask]
        if rank < 0 or base < 0 or j >= self.n_j[lmask]:
            return -1
        return base + j * self.n_sums[umask] + rank
