"""A column's final totals under the advisor's own answers, by enumerating every roll.

Written apart from ``advisor.finals`` and ``advisor.policy``: each keep and box comes
from ``advise_keep`` and ``advise_box``, every reroll is enumerated as ordered dice, and
the total is the engine's.
"""

import random
from collections import Counter
from functools import cache
from itertools import product

from advisor import advise_box, advise_keep
from scoring import Game, rules_of
from scoring.totals import column_totals
from tools.advisor_simulate import play_turn

Ends = Counter[tuple[str, int, int]]


@cache
def rerolled(keep: tuple[int, ...]) -> dict[tuple[int, ...], float]:
    """Every hand that keeping ``keep`` can end in, with its chance."""
    rolls = list(product(range(1, 7), repeat=5 - len(keep)))
    found = Counter(tuple(sorted(keep + roll)) for roll in rolls)
    return {hand: count / len(rolls) for hand, count in found.items()}


def turn_ends(game: str, column: dict[str, int]) -> Ends:
    """Every (box, points, extra bonus) the advisor's turn can end in, with its chance."""
    known: dict[tuple[tuple[int, ...], int], Ends] = {}

    def ends(hand: tuple[int, ...], roll: int) -> Ends:
        if (hand, roll) in known:
            return known[hand, roll]
        found: Ends = Counter()
        best = advise_keep(game, hand, roll, column)[0] if roll < 3 else None
        if best is not None and not best.score_now:
            for after, chance in rerolled(best.keep).items():
                for end, more in ends(after, roll + 1).items():
                    found[end] += chance * more
        else:
            box = advise_box(game, hand, roll, column)[0]
            found[box.box, box.points, box.extra_bonus] = 1.0
        known[hand, roll] = found
        return found

    total: Ends = Counter()
    for hand, chance in rerolled(()).items():
        for end, more in ends(hand, 1).items():
            total[end] += chance * more
    return total


def final_chances(game: str, column: dict[str, int], earned: int = 0) -> dict[int, float]:
    """Every final total of ``column`` (with ``earned`` extra bonuses so far) and its chance."""
    rules = rules_of(game)
    if len(column) == len(rules.boxes):
        return {column_totals(rules, column, earned).total: 1.0}
    found: Counter[int] = Counter()
    for (box, points, bonus), chance in turn_ends(game, column).items():
        for total, more in final_chances(game, {**column, box: points}, earned + bonus).items():
            found[total] += chance * more
    return dict(found)


def win_share(players: list[dict[int, float]], player: int) -> float:
    """The chance that ``player`` finishes first, ties shared, by summing over every
    combination of the players' totals."""
    share = 0.0
    for totals in product(*(p.items() for p in players)):
        chance = 1.0
        for _, more in totals:
            chance *= more
        best = max(total for total, _ in totals)
        if totals[player][0] == best:
            share += chance / sum(total == best for total, _ in totals)
    return share


def played(game: str, players: int, turns: int, seed: int) -> Game:
    """A game the advisor played ``turns`` turns of, with seeded dice."""
    table = Game(game, [f"p{i}" for i in range(players)])
    rng = random.Random(seed)
    for _ in range(turns):
        play_turn(table, rng)
    return table
