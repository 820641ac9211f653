"""The keep tables: sizes, steps between keep sizes, and the chances they imply."""

from itertools import product
from math import comb

import numpy as np
import pytest

from advisor.dice import keeps, sub_keeps
from advisor.turn import best_keep, keep_values, rolled
from advisor.workspace import Workspace


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
    for size in range(dice):
        for keep, row in zip(tables.by_size[size], tables.grow[size], strict=True):
            grown = [tables.by_size[size + 1][i] for i in row]
            assert grown == [tuple(sorted((*keep, face))) for face in range(1, 7)]
    for size in range(1, dice + 1):
        covered = 0
        for start, without in tables.shrink[size]:
            assert start == covered
            covered += len(without)
            for keep, row in zip(tables.by_size[size][start:], without, strict=False):
                smaller = [tables.by_size[size - 1][i] for i in row]
                assert sorted(smaller) == sorted(
                    {tuple(sorted(keep[:i] + keep[i + 1 :])) for i in range(size)}
                )
        assert covered == len(tables.by_size[size])


def test_sub_keeps_are_the_distinct_multisets() -> None:
    assert len(sub_keeps((1, 1, 2, 3, 4))) == 3 * 2 * 2 * 2
    assert len(sub_keeps((6, 6, 6, 6, 6))) == 6
    assert sub_keeps((1, 2, 3, 4, 5))[0] == (1, 2, 3, 4, 5)


def by_recursion(hand_values: np.ndarray, dice: int) -> list[np.ndarray]:
    sizes = [len(level) for level in keeps(dice).by_size[:-1]]
    levels = [np.empty((1, size, hand_values.shape[1])) for size in sizes] + [hand_values[None]]
    rolled(levels, Workspace())
    return [level[0] for level in levels]


def by_matrix(hand_values: np.ndarray, dice: int) -> list[np.ndarray]:
    return [block[0] for block in keep_values(hand_values[None], dice)]


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
    levels = [rng.uniform(0, 50, (1, len(level), 3)) for level in tables.by_size]
    value_of = {keep: levels[len(keep)][0, tables.index[keep][1]].copy() for keep in tables.index}
    best_keep(levels, Workspace())
    for hand in [(1, 1, 1, 1, 1), (1, 2, 3, 4, 5), (2, 2, 5, 5, 6), (3, 3, 3, 6, 6)]:
        hand = (*hand, 6)[:dice]
        for keep in sub_keeps(hand):
            exact = np.max([value_of[k] for k in sub_keeps(keep)], axis=0)
            np.testing.assert_array_equal(levels[len(keep)][0, tables.index[keep][1]], exact)
