"""The variants of RULES.md ("Variants and house rules"): Maxi Yatzy's six dice, twenty
boxes and saved rolls, and Hoyle's Yacht."""

import pytest

from scoring import GAMES, Game, options, score
from scoring.errors import InvalidDiceError, InvalidRollError
from tests.scoring import reference

MAXI_CHECKS = [
    ([2, 2, 5, 5, 6, 6], "three_pairs", 26),
    ([3, 4, 4, 6, 6, 6], "full_house", 26),
    ([2, 2, 2, 5, 5, 5], "villa", 21),
    ([3, 3, 6, 6, 6, 6], "tower", 30),
    ([1, 2, 3, 4, 5, 6], "full_straight", 21),
    ([6, 4, 2, 6, 5, 1], "pair", 12),
]


@pytest.mark.parametrize(("dice", "box", "points"), MAXI_CHECKS)
def test_variant_maxi_worked_checks(dice, box, points):
    assert score("maxi", box, dice) == points


def test_variant_maxi_is_six_dice_and_twenty_boxes_with_100_at_84():
    rules = GAMES["maxi"]
    assert (rules.dice, rules.rolls, rules.saved_rolls) == (6, 3, True)
    assert len(rules.boxes) == 20
    assert (rules.upper_bonus.points, rules.upper_bonus.at_least) == (100, 84)
    assert score("maxi", "six_of_a_kind", [4] * 6) == 100
    assert score("maxi", "chance", [1, 2, 3, 4, 5, 6]) == 21
    assert score("maxi", "small_straight", [1, 2, 3, 4, 5, 5]) == 15
    assert score("maxi", "large_straight", [2, 3, 4, 5, 6, 6]) == 20
    assert score("maxi", "villa", [2, 2, 2, 2, 5, 5]) == 0, "a villa is two different threes"


def test_variant_maxi_options_take_six_dice_and_refuse_five():
    offered = dict(options("maxi", [6, 6, 6, 6, 5, 5]))
    assert offered["tower"] == 34
    assert offered["full_house"] == 28
    assert offered["four_of_a_kind"] == 24
    with pytest.raises(InvalidDiceError, match="6 dice"):
        options("maxi", [6, 6, 6, 6, 5])
    with pytest.raises(InvalidDiceError, match="5 dice"):
        options("yatzy", [6, 6, 6, 6, 5, 5])


def test_variant_maxi_saved_rolls_carry_to_later_turns_and_never_go_below_zero():
    game = Game("maxi", ["Ann", "Bob"])
    game.record("chance", [1, 2, 3, 4, 5, 6], roll=1)
    assert game.saved_rolls("Ann") == 2
    assert game.last_roll("Ann") == 5
    game.record("chance", [6] * 6, roll=3)
    assert game.saved_rolls("Bob") == 0
    with pytest.raises(InvalidRollError, match="1 to 5"):
        game.record("sixes", [6] * 6, roll=6)
    turn = game.record("sixes", [6] * 6, roll=5)
    assert turn.roll == 5 and game.saved_rolls("Ann") == 0
    with pytest.raises(InvalidRollError, match="1 to 3"):
        game.record("sixes", [6] * 6, roll=4)
    with pytest.raises(InvalidRollError):
        game.record("sixes", [6] * 6, roll=0)
    again = Game.from_dict(game.to_dict())
    assert again.turns == game.turns and again.saved_rolls("Ann") == 0


def test_variant_rolls_are_only_saved_where_the_rules_save_them():
    game = Game("yatzy", ["Ann"])
    game.record("chance", [1, 2, 3, 4, 5], roll=1)
    assert game.saved_rolls("Ann") == 0
    with pytest.raises(InvalidRollError):
        game.record("sixes", [6] * 5, roll=4)


def test_variant_yacht_has_twelve_boxes_and_no_bonus():
    rules = GAMES["yacht"]
    assert [b.id for b in rules.boxes] == list(reference.BOXES["yacht"])
    assert score("yacht", "full_house", [6, 6, 6, 5, 5]) == 28
    assert score("yacht", "four_of_a_kind", [6, 6, 6, 6, 1]) == 24
    assert score("yacht", "small_straight", [5, 4, 3, 2, 1]) == 30
    assert score("yacht", "large_straight", [2, 3, 4, 5, 6]) == 30
    assert score("yacht", "five_of_a_kind", [3] * 5) == 50
    game = Game("yacht", ["Ann"])
    for face, box in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), 1):
        game.record(box, [face] * 5)
    assert game.totals()["Ann"].upper_bonus == 0
