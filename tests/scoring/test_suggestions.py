"""Every reason a suggestion can give: shown where it applies, absent where it does not."""

import pytest

from scoring import GAMES, Reason, Why, suggest

YAHTZEE_LOWER = [b.id for b in GAMES["yahtzee"].lower_boxes]
CATALAN_SCHOOL = {b.id: 0 for b in GAMES["catalan"].upper_boxes}


def reasons_of(game, dice, roll=3, filled=None) -> dict[str, tuple[Reason, ...]]:
    return {s.box: s.reasons for s in suggest(game, dice, roll, filled or {})}


def whys(reasons) -> set[Why]:
    return {r.why for r in reasons}


def test_an_extra_five_of_a_kind_over_a_fifty_names_its_bonus_first():
    shown = reasons_of("yahtzee", [6] * 5, filled={"five_of_a_kind": 50})
    assert shown["sixes"][0] == Reason(Why.EXTRA_FIVE, 100)


def test_no_bonus_is_named_over_a_scratched_yahtzee():
    shown = reasons_of("yahtzee", [6] * 5, filled={"five_of_a_kind": 0})
    assert all(Why.EXTRA_FIVE not in whys(r) for r in shown.values())


def test_a_forced_joker_goes_to_its_empty_face_box_first():
    shown = reasons_of("yahtzee", [6] * 5, filled={"five_of_a_kind": 50})
    assert list(shown) == ["sixes"]
    assert Why.FACE_BOX_FIRST in whys(shown["sixes"])


def test_with_its_face_box_full_the_joker_scores_any_lower_pattern():
    shown = reasons_of("yahtzee", [6] * 5, filled={"five_of_a_kind": 50, "sixes": 18})
    assert set(shown) == set(YAHTZEE_LOWER) - {"five_of_a_kind"}
    assert all(Why.JOKER in whys(r) and Why.FACE_BOX_FIRST not in whys(r) for r in shown.values())


def test_with_its_face_box_and_the_lower_boxes_full_it_takes_0_above():
    filled = dict.fromkeys(YAHTZEE_LOWER, 10) | {"five_of_a_kind": 50, "sixes": 18}
    shown = reasons_of("yahtzee", [6] * 5, filled=filled)
    assert "ones" in shown
    assert Why.JOKER_UPPER_ZERO in whys(shown["ones"])
    assert Why.FACE_BOX_FIRST not in whys(shown["ones"])
    assert Why.JOKER not in whys(shown["ones"])


def test_no_joker_reason_without_a_joker():
    shown = reasons_of("yahtzee", [6] * 5)
    jokers = {Why.FACE_BOX_FIRST, Why.JOKER, Why.JOKER_UPPER_ZERO}
    assert all(not (jokers & whys(r)) for r in shown.values())


def test_a_first_roll_is_doubled_and_says_so():
    assert Why.DOUBLED in whys(reasons_of("catalan", [3, 3, 1, 5, 6], 1, CATALAN_SCHOOL)["pair"])
    assert Why.DOUBLED not in whys(
        reasons_of("catalan", [3, 3, 1, 5, 6], 3, CATALAN_SCHOOL)["pair"]
    )
    assert Why.DOUBLED not in whys(
        reasons_of("catalan", [3, 3, 1, 5, 6], 1, CATALAN_SCHOOL)["chance"]
    )


def test_a_made_poker_includes_its_bonus():
    made = reasons_of("catalan", [4] * 5, 3, CATALAN_SCHOOL)["five_of_a_kind"]
    assert Reason(Why.MADE_BONUS, 50) in made
    missed = reasons_of("catalan", [4, 4, 4, 4, 1], 3, CATALAN_SCHOOL)["five_of_a_kind"]
    assert Why.MADE_BONUS not in whys(missed)


def test_the_box_that_reaches_the_upper_bonus_says_so():
    filled = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15}
    reaching = reasons_of("yatzy", [6, 6, 6, 1, 2], filled=filled)["sixes"]
    assert Reason(Why.EARNS_UPPER_BONUS, 50) in reaching
    short = reasons_of("yatzy", [6, 1, 1, 1, 2], filled=filled)["sixes"]
    assert Why.EARNS_UPPER_BONUS not in whys(short)


def test_an_upper_box_gives_its_pace_against_par_and_what_is_still_needed():
    shown = reasons_of("yatzy", [6, 6, 6, 6, 1])
    assert Reason(Why.PAR, 24 - 18, 63 - 24) in shown["sixes"]
    assert Reason(Why.PAR, 1 - 3, 63 - 1) in shown["ones"]


def test_no_pace_once_the_bonus_is_earned():
    filled = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
    shown = reasons_of("yatzy", [1, 1, 1, 2, 3], filled=filled)
    assert all(Why.PAR not in whys(r) for r in shown.values())


def test_on_course_leaves_nothing_still_needed():
    """A catalan school at or over 0 is on course, but its bonus waits for all six boxes."""
    shown = reasons_of("catalan", [3, 3, 3, 3, 1], 3, {"ones": 0, "twos": 0})["threes"]
    pace = [r for r in shown if r.why is Why.PAR]
    assert pace and pace[0].needed == 0 and pace[0].amount > 0


@pytest.mark.parametrize(("box", "scratch"), [("five_of_a_kind", True), ("chance", False)])
def test_a_missed_pattern_is_a_scratch(box, scratch):
    assert (Why.SCRATCH in whys(reasons_of("yatzy", [1, 2, 3, 4, 6])[box])) is scratch
