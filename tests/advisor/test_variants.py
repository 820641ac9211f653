"""The advisor and the variants: the games it solves, and a word on those it does not."""

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from advisor import (
    NoAdviceError,
    TableCache,
    advise_box,
    advise_box_columns,
    advise_keep,
    advise_keep_columns,
    advised_games,
    expected_score,
    no_chances,
    review,
    unsolvable,
    win_chances,
)
from advisor.column import Columns
from advisor.dice import keeps
from advisor.layout import Layout
from advisor.policy import allowed
from scoring import GAMES, Game, Hand, HouseRules, InvalidRollError, allowed_boxes, house_rules
from tests.advisor.brute_force import BruteForce
from tests.advisor.games import SCHOOL_AND_PAIR, SIXES_AND_POKER, SIXES_AND_TOWER

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = tuple(box.id for box in GAMES["yatzy"].lower_boxes)


def test_variant_maxi_is_advised_from_its_table_without_saved_rolls(tmp_path):
    cache = TableCache(tmp_path)
    maxi = GAMES["maxi"]
    assert unsolvable(maxi) is None
    assert "saved" in str(no_chances(maxi)), "its advice is approximate: no chances to win"
    without = house_rules(maxi, HouseRules(saved_rolls=False))
    assert cache.path(maxi) == cache.path(without)
    assert cache.states(maxi) == 33_472_512
    assert list(tmp_path.iterdir()) == [], "counting its states solves nothing"


def test_variant_every_five_dice_preset_is_solved_exactly():
    assert advised_games() == [game for game, rules in GAMES.items() if rules.dice == 5]
    assert "yacht" in advised_games()


SAVING = replace(SIXES_AND_TOWER, saved_rolls=True)


@pytest.mark.parametrize(("dice", "roll"), [((6, 6, 6, 2, 2, 1), 1), ((6, 6, 3, 3, 3, 3), 2)])
def test_variant_saved_rolls_advice_without_any_saved_is_the_exact_advice(dice, roll, tmp_path):
    cache = TableCache(tmp_path)
    keeps = advise_keep_columns(SAVING, dice, roll, [{}], cache=cache)
    exact = advise_keep(SIXES_AND_TOWER, dice, roll, {}, cache=cache)
    assert {(c.keep, c.score_now): c.expected for c in keeps} == pytest.approx(
        {(c.keep, c.score_now): c.expected for c in exact}
    )


def test_variant_saved_rolls_are_rolled_past_the_third_and_never_worth_less(tmp_path):
    cache = TableCache(tmp_path)
    dice = (6, 6, 6, 2, 2, 1)
    found = [advise_keep_columns(SAVING, dice, 3, [{}], saved=s, cache=cache) for s in (1, 2)]
    assert all(choices[0].keep == (6, 6, 6) for choices in found), "sixes kept for a fourth roll"
    assert found[0][0].expected <= found[1][0].expected, "a second saved roll is worth more"
    with pytest.raises(InvalidRollError, match="last roll"):
        advise_keep_columns(SAVING, dice, 4, [{}], saved=1, cache=cache)
    boxes = advise_box_columns(SAVING, dice, 5, [{}], saved=2, cache=cache)
    assert {c.box for c in boxes} == {"sixes", "tower"}


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


TRIPLE_SIXES = replace(SIXES_AND_POKER, columns=(1, 2, 3))
HANDS = [([6, 6, 6, 6, 6], 1), ([6, 6, 5, 5, 1], 1), ([6, 6, 5, 5, 1], 2), ([6, 2, 3, 6, 6], 3)]


@pytest.mark.parametrize(("dice", "roll"), HANDS)
def test_variant_columns_advice_with_one_column_open_is_its_exact_advice(dice, roll, tmp_path):
    """With the other columns full, the approximation is the exact solitaire play of the
    open one, its losses counted its multiplier's times."""
    cache = TableCache(tmp_path)
    columns = [
        {"sixes": 18, "five_of_a_kind": 50},
        {"sixes": 24},
        {"sixes": 0, "five_of_a_kind": 0},
    ]
    boxes = advise_box_columns(TRIPLE_SIXES, dice, roll, columns, cache=cache)
    exact = advise_box(SIXES_AND_POKER, dice, roll, columns[1], cache=cache)
    assert [c.place for c in boxes] == [(1, c.box) for c in exact]
    assert [c.loss for c in boxes] == pytest.approx([2 * c.loss for c in exact])
    if roll < 3:
        keeps = advise_keep_columns(TRIPLE_SIXES, dice, roll, columns, cache=cache)
        exact_keeps = advise_keep(SIXES_AND_POKER, dice, roll, columns[1], cache=cache)
        assert {(c.keep, c.score_now): c.loss for c in keeps} == pytest.approx(
            {(c.keep, c.score_now): 2 * c.loss for c in exact_keeps}
        )


def test_variant_columns_advice_weighs_every_open_column_by_its_multiplier(tmp_path):
    cache = TableCache(tmp_path)
    boxes = advise_box_columns(TRIPLE_SIXES, [6] * 5, 3, [{}, {}, {}], cache=cache)
    assert boxes[0].place == (2, "five_of_a_kind")
    assert {c.place for c in boxes} == {
        (n, b) for n in range(3) for b in ("sixes", "five_of_a_kind")
    }
    assert cache.path(TRIPLE_SIXES) == cache.path(SIXES_AND_POKER), "one column's table serves"


def test_variant_several_columns_get_no_chances_or_review_and_say_why(tmp_path):
    rules = house_rules(GAMES["yacht"], HouseRules(columns=(1, 2, 3)))
    assert "several columns" in str(no_chances(rules))
    assert no_chances(GAMES["yacht"]) is None
    with pytest.raises(NoAdviceError, match="several columns"):
        win_chances(rules, [{}, {}], cache=TableCache(tmp_path))
    with pytest.raises(NoAdviceError, match="several columns"):
        review(Game(rules, ["Ann"]))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(advised_games())),
    st.booleans(),
    st.sampled_from([None, True, False]),
    st.randoms(use_true_random=False),
)
def test_variant_the_advisor_allows_exactly_the_boxes_the_scorer_allows(game, forced, joker, rng):
    """The boxes a hand may take (forced order, the school first, the forced joker) are
    stated once, in the engine: the advisor's tables of them agree in every state."""
    rules = house_rules(GAMES[game], HouseRules(forced_order=forced, joker=joker))
    layout = Layout(rules)
    table = Game(rules, ["Ann"])
    for _ in range(rng.randrange(len(rules.boxes))):
        hand = sorted(rng.choice([rng.randint(1, 6)] * 3 + [6]) for _ in range(5))
        table.record(rng.choice(table.options(hand))[0], hand)
    column = table.column("Ann")
    state = Columns(layout).state(column)
    hands = np.arange(len(keeps(rules.dice).hands))
    states = tuple(np.full(len(hands), part) for part in state)
    may, _ = allowed(layout, states, hands)
    for row, dice in enumerate(keeps(rules.dice).hands):
        places = {rules.boxes.index(b) for b in allowed_boxes(rules, Hand(dice), column)}
        assert set(np.flatnonzero(may[row])) == places, (dice, column)
