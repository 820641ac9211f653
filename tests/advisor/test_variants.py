"""The advisor and the variants: the games it solves, and a word on those it does not."""

from dataclasses import replace

import pytest

from advisor import (
    NoAdviceError,
    TableCache,
    advise_box,
    advise_keep,
    advised_games,
    expected_score,
    unsolvable,
)
from scoring import GAMES, HouseRules, house_rules
from tests.advisor.brute_force import BruteForce
from tests.advisor.games import SCHOOL_AND_PAIR, SIXES_AND_POKER

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = tuple(box.id for box in GAMES["yatzy"].lower_boxes)


def test_variant_maxi_gets_no_advice_and_says_why(tmp_path):
    refusal = unsolvable(GAMES["maxi"])
    assert isinstance(refusal, NoAdviceError)
    assert "6 dice" in str(refusal)
    with pytest.raises(NoAdviceError, match="6 dice"):
        advise_box("maxi", [6] * 6, 3, cache=TableCache(tmp_path))
    assert list(tmp_path.iterdir()) == [], "nothing is stored for it"


def test_variant_every_five_dice_preset_is_solved():
    assert advised_games() == [game for game, rules in GAMES.items() if rules.dice == 5]
    assert "yacht" in advised_games()


FORCED_CASES = [
    (replace(SIXES_AND_POKER, forced_order=True), {}),
    (replace(SIXES_AND_POKER, forced_order=True), {"sixes": 12}),
    (replace(SCHOOL_AND_PAIR, forced_order=True), {}),
    (replace(SCHOOL_AND_PAIR, forced_order=True), {"twos": 4}),
]


@pytest.mark.parametrize(("rules", "filled"), FORCED_CASES)
def test_variant_forced_order_agrees_with_exhaustive_search(rules, filled, tmp_path):
    cache = TableCache(tmp_path)
    search = BruteForce(rules)
    column = frozenset(filled.items())
    exact = search.total(column)
    assert expected_score(rules, filled, cache=cache) == pytest.approx(float(exact), abs=1e-9)
    for dice, roll in (((6, 6, 6, 2, 1), 1), ((2, 2, 3, 5, 6), 2)):
        for choice in advise_keep(rules, dice, roll, filled, cache=cache):
            if choice.score_now:
                found = search.score_now(column, tuple(sorted(dice)), roll)
            else:
                found = search.reroll(column, choice.keep, roll + 1)
            assert choice.expected == pytest.approx(float(found), abs=1e-9), choice
        (only,) = advise_box(rules, dice, 3, filled, cache=cache)
        assert only.box == next(b.id for b in rules.boxes if b.id not in filled)


def test_variant_forced_yatzy_endgame_agrees_with_exhaustive_search(tmp_path):
    rules = house_rules(GAMES["yatzy"], HouseRules(forced_order=True))
    ids = [box.id for box in rules.boxes]
    filled = dict.fromkeys(ids[:-2], 0) | {"ones": 3, "twos": 6}
    exact = BruteForce(rules).total(frozenset(filled.items()))
    found = expected_score(rules, filled, cache=TableCache(tmp_path))
    assert found == pytest.approx(float(exact), abs=1e-9)


SETTINGS = {
    "upper bonus points": HouseRules(upper_bonus_points=49),
    "upper bonus threshold": HouseRules(upper_bonus_at_least=62),
    "full house points": HouseRules(fixed_points={"full_house": 26}),
    "straights": HouseRules(straights=("large_straight",)),
    "four in a row": HouseRules(four_in_a_row_small=True),
    "joker": HouseRules(joker=True),
    "extra bonus": HouseRules(joker=True, extra_bonus=50),
    "first-roll doubling": HouseRules(first_roll_doubling=True),
    "order": HouseRules(order=(*UPPER, "chance", *[b for b in LOWER if b != "chance"])),
    "forced order": HouseRules(forced_order=True),
}


@pytest.mark.parametrize("setting", SETTINGS)
def test_variant_a_changed_setting_never_reuses_another_games_table(setting, tmp_path):
    cache = TableCache(tmp_path)
    house = house_rules(GAMES["yatzy"], SETTINGS[setting])
    assert cache.path(house) != cache.path("yatzy"), "the changed rules have a table of their own"
    assert cache.path(house_rules(GAMES["yatzy"], SETTINGS[setting])) == cache.path(house)
