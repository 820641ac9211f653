"""The keep tables: sizes, steps between keep sizes, and the chances they imply."""

from itertools import product
from math import comb

import numpy as np
import pytest

from advisor.dice import keeps, sub_keeps
from advisor.turn import best_keep, rolled, transitions


@pytest.mark.parametrize(("dice", "hands", "every_keep"), [(5, 252, 462), (6, 462, 924)])
def test_there_are_252_hands_and_462_keeps_of_five_dice_and_more_of_six(
    dice: int, hands: int, every_keep: int
) -> None:
    tables = keeps(dice)
    assert len(tables.hands) == hands
    assert sum(len(level) for level in tables.by_size) == every_keep
    assert [len(level) for level in tables.by_size] == [comb(s + 5, 5) for s in range(dice + 1)]


@pytest.mark.parametrize("dice", [5, 6])
def test_growing_and_shrinking_a_keep_by_one_die(dice: int) -> None:
    tables = keeps(dice)
    of = {number: keep for keep, number in tables.flat.items()}
    targets, sources = tables.rerolls
    assert [len(of[t]) for t in targets] == sorted(
        (len(k) for k in of.values() if len(k) < dice), reverse=True
    )
    for target, row in zip(targets, sources, strict=True):
        assert [of[i] for i in row] == [tuple(sorted((*of[target], face))) for face in range(1, 7)]
    targets, starts, runs = tables.drops
    assert [len(of[t]) for t in targets] == sorted(len(k) for k in of.values() if k)
    for target, start, stop in zip(targets, starts[:-1], starts[1:], strict=True):
        keep = of[target]
        assert sorted(of[i] for i in runs[start:stop]) == sorted(
            {tuple(sorted(keep[:i] + keep[i + 1 :])) for i in range(len(keep))}
        )


def test_sub_keeps_are_the_distinct_multisets() -> None:
    assert len(sub_keeps((1, 1, 2, 3, 4))) == 3 * 2 * 2 * 2
    assert len(sub_keeps((6, 6, 6, 6, 6))) == 6
    assert sub_keeps((1, 2, 3, 4, 5))[0] == (1, 2, 3, 4, 5)


def by_recursion(hand_values: np.ndarray, dice: int) -> list[np.ndarray]:
    block = np.full((1, len(keeps(dice).flat), hand_values.shape[1]), np.nan)
    block[0, -len(hand_values) :] = hand_values
    rolled(block, dice)
    return by_size(block[0], dice)


def by_matrix(hand_values: np.ndarray, dice: int) -> list[np.ndarray]:
    return by_size(transitions(dice)[0] @ hand_values, dice)


def by_size(rows: np.ndarray, dice: int) -> list[np.ndarray]:
    sizes = [len(level) for level in keeps(dice).by_size]
    return np.split(rows, np.cumsum(sizes)[:-1])


@pytest.mark.parametrize("dice", [5, 6])
@pytest.mark.parametrize("states", [1, 20])
@pytest.mark.parametrize("method", [by_matrix, by_recursion])
def test_keep_values_are_the_averages_over_every_ordered_reroll(
    states: int, method, dice: int
) -> None:
    tables = keeps(dice)
    hand_values = np.random.default_rng(states).uniform(0, 50, (len(tables.hands), states))
    value_of = {hand: hand_values[i] for i, hand in enumerate(tables.hands)}
    levels = method(hand_values, dice)
    for keep in [(), (6,), (2, 5), (1, 1, 4), (3, 3, 3, 6), (1, 2, 3, 4, 5)]:
        rolls = list(product(range(1, 7), repeat=dice - len(keep)))
        exact = sum(value_of[tuple(sorted(keep + r))] for r in rolls) / len(rolls)
        size, index = tables.index[keep]
        np.testing.assert_allclose(levels[size][index], exact)


@pytest.mark.parametrize("dice", [5, 6])
def test_best_keep_raises_each_keep_to_its_best_sub_keep(dice: int) -> None:
    tables = keeps(dice)
    rng = np.random.default_rng(5)
    block = rng.uniform(0, 50, (1, len(tables.flat), 3))
    value_of = {keep: block[0, number].copy() for keep, number in tables.flat.items()}
    best_keep(block, dice)
    levels = by_size(block[0], dice)
    for hand in [(1, 1, 1, 1, 1), (1, 2, 3, 4, 5), (2, 2, 5, 5, 6), (3, 3, 3, 6, 6)]:
        hand = (*hand, 6)[:dice]
        for keep in sub_keeps(hand):
            exact = np.max([value_of[k] for k in sub_keeps(keep)], axis=0)
            np.testing.assert_array_equal(levels[len(keep)][tables.index[keep][1]], exact)
