"""The advisor against exhaustive search on games small enough to solve by hand or brute force."""

from fractions import Fraction

import pytest

from advisor import advise_box, advise_keep, expected_score
from tests.advisor.brute_force import search
from tests.advisor.games import CHANCE_ONLY, SCHOOL_AND_PAIR, SIXES_AND_POKER, SIXES_AND_TOWER

CASES = [
    (CHANCE_ONLY, {}),
    (SIXES_AND_POKER, {}),
    (SIXES_AND_POKER, {"sixes": 12}),
    (SIXES_AND_POKER, {"sixes": 18}),
    (SIXES_AND_POKER, {"five_of_a_kind": 50}),
    (SCHOOL_AND_PAIR, {}),
    (SCHOOL_AND_PAIR, {"twos": -2}),
    (SCHOOL_AND_PAIR, {"twos": 4}),
    # Six dice: the solver reads the dice count from the rules.
    (SIXES_AND_TOWER, {}),
    (SIXES_AND_TOWER, {"sixes": 24}),
    (SIXES_AND_TOWER, {"tower": 0}),
]


def test_chance_alone_is_five_dice_kept_at_five_then_four() -> None:
    # One die, three rolls: keep 5-6 after roll 1, 4-6 after roll 2; worth 14/3 each.
    assert expected_score(CHANCE_ONLY) == pytest.approx(float(Fraction(70, 3)), abs=1e-9)


@pytest.mark.parametrize(("rules", "filled"), CASES, ids=lambda c: getattr(c, "id", str(c)))
def test_expected_score_equals_exhaustive_search(rules, filled) -> None:
    exact = search(rules).total(frozenset(filled.items()))
    assert expected_score(rules, filled) == pytest.approx(float(exact), abs=1e-9)


@pytest.mark.parametrize(
    ("rules", "filled", "dice", "roll"),
    [
        (SIXES_AND_POKER, {}, (6, 6, 6, 2, 1), 1),
        (SIXES_AND_POKER, {"sixes": 18}, (6, 6, 3, 3, 3), 2),
        (SCHOOL_AND_PAIR, {"twos": 0}, (3, 3, 1, 5, 6), 1),
        (SCHOOL_AND_PAIR, {"twos": 0}, (1, 2, 3, 4, 6), 2),
        (SIXES_AND_TOWER, {}, (6, 6, 6, 2, 2, 1), 1),
        (SIXES_AND_TOWER, {"sixes": 18}, (6, 6, 3, 3, 3, 3), 2),
    ],
)
def test_every_keep_and_box_value_equals_exhaustive_search(rules, filled, dice, roll) -> None:
    exact_search = search(rules)
    column = frozenset(filled.items())
    for choice in advise_keep(rules, dice, roll, filled):
        if choice.score_now:
            exact = exact_search.score_now(column, tuple(sorted(dice)), roll)
        else:
            exact = exact_search.reroll(column, choice.keep, roll + 1)
        assert choice.expected == pytest.approx(float(exact), abs=1e-9), choice
    for choice in advise_box(rules, dice, roll, filled):
        exact = exact_search.total(column | {(choice.box, choice.points)})
        assert choice.expected == pytest.approx(float(exact), abs=1e-9), choice


def test_first_roll_doubling_makes_stopping_after_roll_one_best() -> None:
    # 6-6-x on roll 1 in a doubled pair box: 24 now beats chasing more sixes.
    best = advise_keep(SCHOOL_AND_PAIR, (6, 6, 1, 2, 3), 1, {"twos": 0})[0]
    assert best.score_now
    assert best.expected == pytest.approx(50 + 24)
