"""A plain, exact expectimax over whole columns, written apart from the advisor.

Dice are rolled as ordered outcomes, keeps are chosen by die position, values are
`Fraction`s, and every legal box and its points come from the engine.
"""

from fractions import Fraction
from functools import cache
from itertools import product

from scoring.hand import Hand
from scoring.rules import GameRules
from scoring.scorer import extra_bonus, options
from scoring.totals import column_totals

FACES = range(1, 7)
Column = frozenset[tuple[str, int]]


class BruteForce:
    """Expected final totals (boxes and bonuses) of one game's columns under optimal play."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.total = cache(self._total)
        self.score_now = cache(self._score_now)
        self.best = cache(self._best)
        self.reroll = cache(self._reroll)

    def _total(self, column: Column) -> Fraction:
        filled = dict(column)
        if len(filled) == len(self.rules.boxes):
            return Fraction(column_totals(self.rules, filled, 0).total)
        return self.reroll(column, (), 1)

    def _score_now(self, column: Column, hand: tuple[int, ...], roll: int) -> Fraction:
        filled = dict(column)
        bonus = extra_bonus(self.rules, Hand.of(hand, len(hand)), filled)
        return max(
            bonus + self.total(column | {(box, points)})
            for box, points in options(self.rules, hand, roll, filled)
        )

    def _best(self, column: Column, hand: tuple[int, ...], roll: int) -> Fraction:
        value = self.score_now(column, hand, roll)
        if roll == 3:
            return value
        for picked in range(1 << self.rules.dice):
            keep = tuple(sorted(hand[i] for i in range(self.rules.dice) if picked >> i & 1))
            value = max(value, self.reroll(column, keep, roll + 1))
        return value

    def _reroll(self, column: Column, keep: tuple[int, ...], roll: int) -> Fraction:
        outcomes = list(product(FACES, repeat=self.rules.dice - len(keep)))
        total = sum(self.best(column, tuple(sorted(keep + rolled)), roll) for rolled in outcomes)
        return Fraction(total, len(outcomes))


_searches: dict[str, BruteForce] = {}


def search(rules: GameRules) -> BruteForce:
    """One exhaustive search per game (by id: give variants of one game ids of their own)
    for the whole test run: each takes seconds, and every column asked of it is
    remembered."""
    return _searches.setdefault(rules.id, BruteForce(rules))
