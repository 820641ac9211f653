"""The worked checks table of RULES.md, verbatim."""

import pytest

from scoring import score

WORKED_CHECKS = [
    ("catalan", [2, 2, 3, 6, 1], 3, "twos", -2),
    ("catalan", [6, 6, 6, 6, 6], 2, "sixes", 12),
    ("catalan", [1, 3, 5, 4, 6], 3, "chance", 19),
    ("catalan", [3, 3, 1, 5, 6], 2, "pair", 6),
    ("catalan", [3, 3, 1, 5, 6], 1, "pair", 12),
    ("catalan", [1, 3, 5, 4, 6], 1, "chance", 19),
    ("catalan", [6, 6, 6, 6, 6], 1, "five_of_a_kind", 110),
    ("russian", [6, 6, 6, 2, 2], 3, "full_house", 22),
    ("russian", [6, 6, 6, 4, 2], 3, "three_of_a_kind", 18),
    ("greek", [5, 5, 3, 2, 1], 3, "pair", 16),
    ("greek", [2, 3, 4, 5, 5], 3, "small_straight", 30),
    ("greek", [2, 2, 2, 3, 3], 3, "full_house", 25),
    ("yahtzee", [3, 3, 3, 3, 3], 3, "full_house", 0),
]


@pytest.mark.parametrize(("game", "dice", "roll", "box", "points"), WORKED_CHECKS)
def test_worked_check(game, dice, roll, box, points):
    assert score(game, box, dice, roll) == points


@pytest.mark.parametrize(
    ("box", "points"), [("full_house", 22), ("sixes", 18), ("three_of_a_kind", 18), ("chance", 24)]
)
def test_russian_seed_examples(box, points):
    dice = [6, 6, 6, 2, 2] if box == "full_house" else [6, 6, 6, 4, 2]
    assert score("russian", box, dice) == points
