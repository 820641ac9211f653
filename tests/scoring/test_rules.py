"""One test per rule of RULES.md, game by game."""

import pytest

from scoring import GAMES, Game, options, score
from scoring.errors import BoxNotAllowedError
from tests.scoring import reference

# Every game uses ids from the one list of RULES.md; the 15-box sheets hold all of them
# but Maxi Yatzy's own.
ALL_IDS = list(reference.BOXES["yatzy"])
UPPER = list(reference.UPPER)


def test_the_games_with_the_shared_ids():
    assert set(GAMES) == {
        "catalan",
        "russian",
        "greek",
        "yahtzee",
        "yatzy",
        "maxi",
        "yacht",
        "kniffel",
    }
    for rules in GAMES.values():
        assert {b.id for b in rules.boxes} <= {*ALL_IDS, *reference.BOXES["maxi"]}
    assert len(GAMES["yahtzee"].boxes) == 13
    assert all(len(GAMES[g].boxes) == 15 for g in ("catalan", "russian", "greek", "yatzy"))
    assert len(GAMES["maxi"].boxes) == 20
    assert len(GAMES["yacht"].boxes) == 12


def test_names_in_own_language_and_english():
    assert GAMES["catalan"].box("chance").name("ca") == "Atzar"
    assert GAMES["russian"].box("full_house").name("ru") == "Дом"
    assert GAMES["greek"].box("five_of_a_kind").name("el") == "Πόκερ"
    for rules in GAMES.values():
        for box in rules.boxes:
            assert box.name("en") and box.name(rules.language)
    assert GAMES["catalan"].box("chance").name("en") == "Chance"


# --- catalan -----------------------------------------------------------------


@pytest.mark.parametrize(("count", "factor"), [(0, -3), (1, -2), (2, -1), (3, 0), (4, 1), (5, 2)])
@pytest.mark.parametrize("face", range(1, 7))
def test_catalan_school_scores_against_three(face, count, factor):
    other = 1 if face != 1 else 2
    dice = [face] * count + [other] * (5 - count)
    box = UPPER[face - 1]
    assert score("catalan", box, dice) == factor * face


def test_catalan_five_sixes_is_twelve_not_the_seed_slip():
    assert score("catalan", "sixes", [6] * 5) == 12
    assert score("catalan", "fives", [5] * 5) == 10


def test_catalan_part_two_scores_the_dice_of_the_pattern():
    assert score("catalan", "pair", [6, 6, 3, 3, 1]) == 12
    assert score("catalan", "two_pairs", [6, 6, 3, 3, 1]) == 18
    assert score("catalan", "three_of_a_kind", [4, 4, 4, 2, 1]) == 12
    assert score("catalan", "four_of_a_kind", [2, 2, 2, 2, 5]) == 8
    assert score("catalan", "full_house", [5, 5, 5, 1, 1]) == 17
    assert score("catalan", "small_straight", [5, 4, 3, 2, 1]) == 15
    assert score("catalan", "large_straight", [6, 2, 4, 3, 5]) == 20
    assert score("catalan", "five_of_a_kind", [2] * 5) == 60


def test_catalan_straights_are_exact():
    assert score("catalan", "small_straight", [2, 3, 4, 5, 6]) == 0
    assert score("catalan", "large_straight", [1, 2, 3, 4, 5]) == 0


def test_catalan_first_roll_doubles_part_two_except_chance():
    assert score("catalan", "small_straight", [1, 2, 3, 4, 5], roll=1) == 30
    assert score("catalan", "full_house", [5, 5, 5, 1, 1], roll=1) == 34
    assert score("catalan", "chance", [5, 5, 5, 1, 1], roll=1) == 17
    assert score("catalan", "pair", [1, 2, 3, 4, 6], roll=1) == 0
    assert score("catalan", "five_of_a_kind", [1] * 5, roll=1) == 60
    assert score("catalan", "ones", [1] * 5, roll=1) == 2


def test_catalan_school_must_be_complete_before_part_two():
    assert sorted(b for b, _ in options("catalan", [3, 3, 1, 5, 6])) == sorted(UPPER)
    game = Game("catalan", ["Ann"])
    with pytest.raises(BoxNotAllowedError, match="upper"):
        game.record("pair", [3, 3, 1, 5, 6])
    assert game.turns == ()
    filled = dict.fromkeys(UPPER, 0)
    offered = [b for b, _ in options("catalan", [3, 3, 1, 5, 6], filled=filled)]
    assert sorted(offered) == sorted(ALL_IDS[6:])


def _catalan_after_school(school: list[int]) -> Game:
    game = Game("catalan", ["Ann"])
    for face, count in zip(range(1, 7), school, strict=True):
        other = 1 if face != 1 else 2
        game.record(UPPER[face - 1], [face] * count + [other] * (5 - count))
    return game


def test_catalan_school_bonus_at_zero_or_more_once_complete():
    exactly_three = _catalan_after_school([3] * 6)
    assert exactly_three.totals()["Ann"].upper == 0
    assert exactly_three.totals()["Ann"].upper_bonus == 50
    one_short = _catalan_after_school([2, 3, 3, 3, 3, 3])
    assert one_short.totals()["Ann"].upper == -1
    assert one_short.totals()["Ann"].upper_bonus == 0


def test_catalan_school_bonus_waits_for_the_sixth_box():
    game = Game("catalan", ["Ann"])
    for box, face in zip(UPPER[1:], range(2, 7), strict=True):
        game.record(box, [face] * 5)
    assert game.totals()["Ann"].upper == 2 * (2 + 3 + 4 + 5 + 6)
    assert game.totals()["Ann"].upper_bonus == 0
    game.record("ones", [6] * 5)
    assert game.totals()["Ann"].upper_bonus == 50


def test_catalan_results_against_the_average_sum_to_zero():
    game = Game("catalan", ["Ann", "Bob", "Cy"])
    for face in range(1, 4):
        game.record(UPPER[face - 1], [face] * 5)
    totals = game.totals()
    assert [t.total for t in totals.values()] == [2, 4, 6]
    assert [t.vs_average for t in totals.values()] == [-2, 0, 2]


def test_only_catalan_settles_against_the_average():
    game = Game("yatzy", ["Ann", "Bob"])
    game.record("chance", [6] * 5)
    assert game.totals()["Ann"].vs_average is None


# --- russian and yatzy ---------------------------------------------------------


@pytest.mark.parametrize("game", ["russian", "yatzy"])
def test_scandinavian_boxes(game):
    assert score(game, "ones", [1, 1, 2, 3, 1]) == 3
    assert score(game, "pair", [6, 6, 3, 3, 1]) == 12
    assert score(game, "two_pairs", [3, 3, 4, 4, 6]) == 14
    assert score(game, "two_pairs", [6, 6, 6, 6, 2]) == 0
    assert score(game, "three_of_a_kind", [4, 4, 4, 5, 6]) == 12
    assert score(game, "four_of_a_kind", [3, 3, 3, 3, 1]) == 12
    assert score(game, "four_of_a_kind", [3, 3, 3, 3, 3]) == 12
    assert score(game, "small_straight", [1, 2, 3, 4, 5]) == 15
    assert score(game, "small_straight", [2, 3, 4, 5, 5]) == 0
    assert score(game, "large_straight", [2, 3, 4, 5, 6]) == 20
    assert score(game, "full_house", [3, 3, 3, 3, 3]) == 0
    assert score(game, "five_of_a_kind", [2] * 5) == 50
    assert score(game, "chance", [1, 2, 3, 4, 6]) == 16
    assert score(game, "pair", [1, 2, 3, 4, 5], roll=1) == 0
    assert score(game, "pair", [6, 6, 3, 3, 1], roll=1) == 12


def _upper_total(game_id: str, target: int) -> Game:
    """A one-player game whose upper boxes are filled to exactly `target`."""
    game = Game(game_id, ["Ann"])
    remaining = target
    for face in range(6, 0, -1):
        count = min(5, remaining // face) if face > 1 else remaining
        remaining -= count * face
        game.record(UPPER[face - 1], [face] * count + [7 - face if face != 1 else 2] * (5 - count))
    assert remaining == 0
    return game


@pytest.mark.parametrize(
    ("game", "at_63", "at_64"),
    [("russian", 0, 50), ("greek", 0, 35), ("yahtzee", 35, 35), ("yatzy", 50, 50)],
)
def test_upper_bonus_thresholds(game, at_63, at_64):
    assert _upper_total(game, 63).totals()["Ann"].upper_bonus == at_63
    assert _upper_total(game, 64).totals()["Ann"].upper_bonus == at_64
    assert _upper_total(game, 62).totals()["Ann"].upper_bonus == 0


def test_upper_bonus_shows_as_soon_as_it_is_reached():
    game = Game("yahtzee", ["Ann"])
    for face in (6, 5, 4):
        game.record(UPPER[face - 1], [face] * 5)
    assert game.totals()["Ann"].upper == 75
    assert game.totals()["Ann"].upper_bonus == 35


# --- greek ---------------------------------------------------------------------


def test_greek_sum_of_all_dice_boxes():
    assert score("greek", "pair", [5, 5, 3, 2, 1]) == 16
    assert score("greek", "two_pairs", [2, 2, 5, 5, 1]) == 15
    assert score("greek", "three_of_a_kind", [5, 5, 5, 2, 4]) == 21
    assert score("greek", "four_of_a_kind", [1, 1, 1, 1, 3]) == 7
    assert score("greek", "pair", [1, 2, 3, 4, 6]) == 0


def test_greek_fixed_boxes_and_runs():
    assert score("greek", "full_house", [2, 2, 2, 3, 3]) == 25
    assert score("greek", "small_straight", [1, 2, 3, 4, 6]) == 30
    assert score("greek", "small_straight", [1, 2, 3, 4, 5]) == 30
    assert score("greek", "small_straight", [1, 2, 3, 5, 6]) == 0
    assert score("greek", "large_straight", [1, 2, 3, 4, 5]) == 40
    assert score("greek", "large_straight", [2, 3, 4, 5, 6]) == 40
    assert score("greek", "large_straight", [1, 2, 3, 4, 6]) == 0
    assert score("greek", "five_of_a_kind", [4] * 5) == 50


def test_greek_joker_values_over_a_fifty():
    filled = {"five_of_a_kind": 50, "fours": 12}
    assert score("greek", "full_house", [4] * 5, filled=filled) == 25
    assert score("greek", "small_straight", [4] * 5, filled=filled) == 30
    assert score("greek", "large_straight", [4] * 5, filled=filled) == 40
    assert score("greek", "two_pairs", [4] * 5, filled=filled) == 20
    assert score("greek", "chance", [4] * 5, filled=filled) == 20


def test_greek_no_joker_over_a_scratch():
    filled = {"five_of_a_kind": 0, "fours": 12}
    assert score("greek", "full_house", [4] * 5, filled=filled) == 0
    assert score("greek", "two_pairs", [4] * 5, filled=filled) == 0
    assert len(options("greek", [4] * 5, filled=filled)) == 13


def test_forced_joker_order():
    dice = [4] * 5
    assert options("greek", dice, filled={"five_of_a_kind": 50}) == [("fours", 20)]
    lower_open = {"five_of_a_kind": 50, "fours": 8, "chance": 20, "pair": 10}
    offered = dict(options("greek", dice, filled=lower_open))
    assert offered == {
        "two_pairs": 20,
        "three_of_a_kind": 20,
        "four_of_a_kind": 20,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 40,
    }
    only_upper = dict.fromkeys(ALL_IDS[6:], 0) | {"five_of_a_kind": 50, "fours": 8}
    assert options("greek", dice, filled=only_upper) == [
        ("ones", 0),
        ("twos", 0),
        ("threes", 0),
        ("fives", 0),
        ("sixes", 0),
    ]


def _play(game_id: str, turns: list[tuple[str, list[int]]]) -> Game:
    game = Game(game_id, ["Ann"])
    for box, dice in turns:
        game.record(box, dice)
    return game


def test_greek_extra_poker_bonus_once_per_extra_five():
    game = _play(
        "greek",
        [("five_of_a_kind", [2] * 5), ("sixes", [6] * 5), ("full_house", [6] * 5)],
    )
    assert game.totals()["Ann"].extra_bonus == 200
    assert game.column("Ann") == {"five_of_a_kind": 50, "sixes": 30, "full_house": 25}
    assert game.totals()["Ann"].total == 50 + 30 + 25 + 200


def test_greek_no_bonus_over_a_scratched_poker():
    game = _play("greek", [("five_of_a_kind", [1, 2, 3, 4, 6]), ("chance", [6] * 5)])
    assert game.totals()["Ann"].extra_bonus == 0


# --- yahtzee -------------------------------------------------------------------


def test_yahtzee_boxes():
    assert score("yahtzee", "three_of_a_kind", [3, 3, 3, 4, 5]) == 18
    assert score("yahtzee", "four_of_a_kind", [6, 6, 6, 6, 1]) == 25
    assert score("yahtzee", "small_straight", [3, 4, 5, 6, 6]) == 30
    assert score("yahtzee", "five_of_a_kind", [5] * 5) == 50
    with pytest.raises(ValueError, match="pair"):
        score("yahtzee", "pair", [5] * 5)


def test_yahtzee_joker_also_over_a_scratch_but_no_bonus():
    filled = {"five_of_a_kind": 0, "threes": 9}
    assert score("yahtzee", "full_house", [3] * 5, filled=filled) == 25
    assert options("yahtzee", [3] * 5, filled={"five_of_a_kind": 0}) == [("threes", 15)]
    game = _play(
        "yahtzee",
        [("five_of_a_kind", [1, 2, 3, 4, 6]), ("threes", [3] * 5), ("large_straight", [3] * 5)],
    )
    assert game.column("Ann")["large_straight"] == 40
    assert game.totals()["Ann"].extra_bonus == 0


def test_yahtzee_bonus_over_a_fifty():
    game = _play("yahtzee", [("five_of_a_kind", [6] * 5), ("sixes", [6] * 5)])
    assert game.totals()["Ann"].extra_bonus == 100
    assert game.totals()["Ann"].total == 50 + 30 + 100 + 0
