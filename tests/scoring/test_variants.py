"""The variants of RULES.md ("Variants and house rules"): Maxi Yatzy's six dice, twenty
boxes and saved rolls, Hoyle's Yacht, house settings, and sheets of ×1 ×2 ×3 columns."""

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import (
    GAMES,
    BoxNotAllowedError,
    CorruptRecordError,
    Game,
    GameRules,
    HouseRules,
    RulesError,
    differences,
    house_rules,
    options,
    rules_from_record,
    rules_record,
    score,
)
from scoring.errors import InvalidDiceError, InvalidRollError, UnknownBoxError
from scoring.house import FIXED_BOXES, STRAIGHTS
from scoring.scorer import box_range
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


HOUSE = st.builds(
    HouseRules,
    upper_bonus_points=st.none() | st.integers(0, 100),
    upper_bonus_at_least=st.none() | st.integers(0, 80),
    fixed_points=st.dictionaries(st.sampled_from(FIXED_BOXES), st.integers(0, 60), max_size=2),
    straights=st.none() | st.sampled_from([("small_straight",), ("large_straight",), STRAIGHTS]),
    four_in_a_row_small=st.none() | st.booleans(),
    joker=st.none() | st.booleans(),
    first_roll_doubling=st.none() | st.booleans(),
    forced_order=st.none() | st.booleans(),
    columns=st.none() | st.sampled_from([(1, 2, 3), (2, 1)]),
    saved_rolls=st.none() | st.booleans(),
)


@st.composite
def house_games(draw) -> GameRules:
    """The rules of a preset under random house settings the engine accepts."""
    preset = GAMES[draw(st.sampled_from(sorted(GAMES)))]
    house = draw(HOUSE)
    try:
        return house_rules(preset, house)
    except RulesError:
        assume(False)
        raise


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(house_games(), st.data())
def test_variant_house_rules_order_of_dice_and_bounds_and_replay(rules, data):
    hand = data.draw(st.lists(st.integers(1, 6), min_size=rules.dice, max_size=rules.dice))
    shuffled = data.draw(st.permutations(hand))
    for box in rules.boxes:
        assert score(rules, box.id, hand) == score(rules, box.id, shuffled)
        low, high = box_range(box, rules.dice)
        assert low <= score(rules, box.id, hand, 1) <= high
    game = Game(rules, ["Ann", "Bob"])
    for _ in range(data.draw(st.integers(0, 2 * len(rules.boxes)))):
        column = data.draw(st.integers(0, len(rules.columns) - 1))
        offered = game.options(hand, column=column)
        if rules.forced_order:
            assert len(offered) == 1
        game.record(data.draw(st.sampled_from(offered))[0], hand, column=column)
        hand = data.draw(st.lists(st.integers(1, 6), min_size=rules.dice, max_size=rules.dice))
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.rules is rules_from_record(rules_record(rules))
    assert again.totals() == game.totals() and again.turns == game.turns


def test_variant_forced_order_offers_only_the_next_box_of_the_sheet():
    rules = house_rules(GAMES["yahtzee"], HouseRules(forced_order=True))
    game = Game(rules, ["Ann"])
    assert game.options([6, 6, 6, 6, 6]) == [("ones", 0)]
    with pytest.raises(BoxNotAllowedError, match="in order"):
        game.record("five_of_a_kind", [6, 6, 6, 6, 6])
    for box in ("ones", "twos", "threes"):
        game.record(box, [1, 2, 3, 4, 5])
    assert [box for box, _ in game.options([4, 4, 4, 4, 4])] == ["fours"]


@pytest.mark.parametrize(
    ("preset", "house", "why"),
    [
        (
            "yatzy",
            HouseRules(straights=("large_straight",), four_in_a_row_small=True),
            "small straight",
        ),
        ("yatzy", HouseRules(extra_bonus=100), "needs the joker"),
        ("yatzy", HouseRules(upper_bonus_at_least=106), "at most 105"),
        ("maxi", HouseRules(upper_bonus_at_least=130), "at most 126"),
        (
            "yatzy",
            HouseRules(order=("chance", *[b.id for b in GAMES["yatzy"].boxes if b.id != "chance"])),
            "above",
        ),
        ("yatzy", HouseRules(order=("ones",)), "every box"),
        ("yacht", HouseRules(fixed_points={"full_house": 2000}), "0 to 1000"),
        ("yacht", HouseRules(fixed_points={"chance": 20}), "no fixed points"),
        ("yacht", HouseRules(fixed_points={"tower": 20}), "no fixed points"),
    ],
)
def test_variant_contradictory_settings_are_refused_saying_why(preset, house, why):
    with pytest.raises(RulesError, match=why):
        house_rules(GAMES[preset], house)


def test_variant_house_rules_say_what_differs_from_the_preset():
    rules = house_rules(
        GAMES["yatzy"],
        HouseRules(
            name="Grandma", upper_bonus_points=50, upper_bonus_at_least=60, forced_order=True
        ),
    )
    found = {d.setting: (d.preset, d.house) for d in differences(GAMES["yatzy"], rules)}
    assert found == {
        "upper_bonus": ({"points": 50, "at_least": 63}, {"points": 50, "at_least": 60}),
        "forced_order": (False, True),
    }
    assert differences(GAMES["yatzy"], GAMES["yatzy"]) == []


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.pop("boxes"),
        lambda r: r.update(dice=7),
        lambda r: r.update(rolls=0),
        lambda r: r.update(id="poker"),
        lambda r: r["boxes"][3].update(pattern="royal_flush"),
        lambda r: r["boxes"][9].update(points={"fixed": -5}),
        lambda r: r["boxes"].append(dict(r["boxes"][0])),
        lambda r: r.update(boxes=[r["boxes"][0]] * 31),
        lambda r: r.update(upper_bonus={"points": 50}),
        lambda r: r.update(saved_rolls="yes"),
        lambda r: r.update(columns=[1, 0]),
        lambda r: r.update(columns=[1] * 7),
        lambda r: r.update(columns="1,2,3"),
    ],
)
def test_variant_a_damaged_rules_record_is_refused_and_changes_nothing(damage):
    record = Game("yatzy", ["Ann"]).to_dict()
    damage(record["rules"])
    with pytest.raises(CorruptRecordError):
        Game.from_dict(record)


def test_variant_a_record_without_rules_is_read_as_its_preset():
    record = {"game": "yatzy", "players": ["Ann"], "turns": []}
    assert Game.from_dict(record).rules is GAMES["yatzy"]


TRIPLE = HouseRules(columns=(1, 2, 3))


@pytest.mark.parametrize("preset", ["yahtzee", "catalan", "yatzy"])
def test_variant_three_columns_multiply_as_specified(preset):
    """Each column plays as a game of its own (bonuses and joker within it), and the
    player's total is the first column's, twice the second's and thrice the third's."""
    rules = house_rules(GAMES[preset], TRIPLE)
    game = Game(rules, ["Ann"])
    alone = [Game(preset, ["Ann"]) for _ in rules.columns]
    dice = random.Random(preset)
    for _ in range(len(rules.boxes)):
        for column, single in enumerate(alone):
            hand = [dice.choice([6, 6, 5, dice.randint(1, 6)]) for _ in range(5)]
            box, points = single.options(hand)[0]
            single.record(box, hand)
            assert game.record(box, hand, column=column).points == points
    assert game.finished and all(single.finished for single in alone)
    expected = sum(
        times * single.totals()["Ann"].total for times, single in zip((1, 2, 3), alone, strict=True)
    )
    assert game.totals()["Ann"].total == expected
    assert [t.total for t in game.column_totals("Ann")] == [
        single.totals()["Ann"].total for single in alone
    ]


def test_variant_a_column_has_its_own_five_of_a_kind_bonus_and_joker():
    game = Game(house_rules(GAMES["yahtzee"], TRIPLE), ["Ann"])
    game.record("five_of_a_kind", [4] * 5)
    second = game.record("chance", [4] * 5, column=1)
    assert (second.points, second.extra_bonus) == (20, 0)
    third = game.record("fours", [4] * 5)
    assert (third.points, third.extra_bonus) == (20, 100)
    assert game.totals()["Ann"].extra_bonus == 100
    assert game.options([2] * 5, column=2)[0][0] == "five_of_a_kind"


def test_variant_forced_order_holds_within_each_column():
    game = Game(house_rules(GAMES["yatzy"], HouseRules(forced_order=True, columns=(1, 2))), ["A"])
    game.record("ones", [1, 1, 2, 3, 4])
    assert game.options([6] * 5, column=0) == [("twos", 0)]
    assert game.options([6] * 5, column=1) == [("ones", 0)]


def test_variant_a_column_past_the_sheet_is_refused_and_changes_nothing():
    game = Game(house_rules(GAMES["yatzy"], TRIPLE), ["Ann"])
    for column in (3, -1, True, "2"):
        with pytest.raises(UnknownBoxError, match="columns 1 to 3"):
            game.record("chance", [1, 2, 3, 4, 5], column=column)
    with pytest.raises(UnknownBoxError):
        Game("yatzy", ["Ann"]).record("chance", [1, 2, 3, 4, 5], column=1)
    assert game.turns == ()


def test_variant_three_columns_last_three_times_as_many_rounds():
    rules = house_rules(GAMES["yacht"], TRIPLE)
    game = Game(rules, ["Ann", "Bob"])
    for turn in range(rules.turns_for(2)):
        assert not game.finished
        column = turn // 2 % 3
        game.record(
            game.options([1, 2, 3, 4, 6], column=column)[0][0], [1, 2, 3, 4, 6], column=column
        )
    assert game.finished and game.round == 36 == 3 * len(rules.boxes)
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.totals() == game.totals()
    assert {d.setting for d in differences(GAMES["yacht"], rules)} == {"columns"}


@pytest.mark.parametrize("columns", [(), (1,) * 7, (0, 1), (11,)])
def test_variant_a_sheet_of_no_or_too_many_columns_is_refused(columns):
    with pytest.raises(RulesError, match="column"):
        house_rules(GAMES["yatzy"], HouseRules(columns=columns))


def test_variant_kniffel_scores_as_schmidt_spiele_sheet_without_an_extra_bonus():
    assert score("kniffel", "small_straight", [1, 2, 3, 4, 6]) == 30
    assert score("kniffel", "large_straight", [2, 3, 4, 5, 6]) == 40
    assert score("kniffel", "full_house", [2, 2, 5, 5, 5]) == 25
    assert score("kniffel", "three_of_a_kind", [2, 2, 5, 5, 5]) == 19
    assert score("kniffel", "five_of_a_kind", [4] * 5) == 50
    game = Game("kniffel", ["Ann"])
    game.record("five_of_a_kind", [4] * 5)
    second = game.record("full_house", [3] * 5)
    assert (second.points, second.extra_bonus) == (0, 0), "no joker, no extra bonus"
    for face, box in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), 1):
        game.record(box, [face] * 3 + [6, 6] if face != 6 else [6] * 3 + [1, 1])
    assert game.totals()["Ann"].upper_bonus == 35
    assert GAMES["kniffel"].box("five_of_a_kind").name("de") == "Kniffel"
