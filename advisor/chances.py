"""Each player's chance to win: to finish first, a tie for first shared equally.

Players' futures are independent, so the chance follows from each column's distribution
of its final total (``advisor.finals``). Player i with total x against the others: each
other j is below x with chance F_j(x - 1) and level with it with chance p_j(x); with k
of them level and the rest below, i gets 1 / (k + 1). That is the integral over t from 0
to 1 of the product of (F_j(x - 1) + p_j(x) t), a polynomial of degree n - 1 that
Gauss-Legendre quadrature with n nodes integrates exactly.
"""

from collections.abc import Mapping, Sequence

import numpy as np

from advisor.finals import Final, final_total
from advisor.layout import refuse_chances
from advisor.tables import TableCache, default_cache
from scoring import Column, GameRules, check_column, rules_of


def shares_at(others: Sequence[Final], low: int, high: int) -> np.ndarray:
    """The share of first place of a final total of each of ``low`` to ``high`` - 1
    against ``others`` (1 against nobody)."""
    nodes, weights = np.polynomial.legendre.leggauss(len(others) + 1)
    nodes, weights = (nodes + 1) / 2, weights / 2
    level = np.ones((len(nodes), high - low))
    for final in others:
        chances = np.zeros(high - low)
        start, stop = max(final.start, low), min(final.start + len(final.chances), high)
        if stop > start:
            chances[start - low : stop - low] = final.chances[
                start - final.start : stop - final.start
            ]
        under = final.chances[: min(max(low - final.start, 0), len(final.chances))].sum()
        level *= np.cumsum(chances) - chances + under + chances * nodes[:, None]
    found: np.ndarray = weights @ level
    return found


def win_shares(finals: Sequence[Final]) -> list[float]:
    """Each column's chance to finish first (ties shared) given its final distribution."""
    shares = []
    for player, final in enumerate(finals):
        others = [f for j, f in enumerate(finals) if j != player]
        at = shares_at(others, final.start, final.start + len(final.chances))
        shares.append(min(max(float(final.chances @ at), 0.0), 1.0))
    return shares


def win_chances(
    game: str | GameRules,
    columns: Sequence[Column],
    *,
    earned: Sequence[int] | None = None,
    cache: TableCache | None = None,
) -> list[float]:
    """Each player's chance to finish first (a tie for first shared equally) when every
    player plays the rest by the advisor; ``columns`` are the players' filled boxes (box id
    to points) in seat order, ``earned`` their extra bonuses so far (none by default)."""
    rules = rules_of(game)
    refuse_chances(rules)
    tables = (cache or default_cache()).with_moments(rules)
    bonuses = list(earned) if earned is not None else [0] * len(columns)
    if len(bonuses) != len(columns):
        raise ValueError("give one count of extra bonuses per column")
    checked: list[Mapping[str, int]] = [check_column(rules, column) for column in columns]
    return win_shares([final_total(tables, c, b) for c, b in zip(checked, bonuses, strict=True)])
