"""What the page relies on: ordering, losses, legal boxes only, and the engine's errors."""

import pytest

from advisor import BoxChoice, advise_box, advise_keep, expected_score
from scoring import (
    GameOverError,
    InvalidDiceError,
    InvalidRollError,
    ScoringError,
    UnknownBoxError,
    UnknownGameError,
    options,
)
from tests.advisor.games import SCHOOL_AND_PAIR, SIXES_AND_POKER

FULL = {"sixes": 0, "five_of_a_kind": 0}
SCHOOL = {"ones": 0, "twos": -2, "threes": 3, "fours": 0, "fives": -5, "sixes": 6}


def test_box_choices_are_exactly_the_legal_boxes_best_first() -> None:
    choices = advise_box("catalan", [3, 3, 1, 5, 6], 1, SCHOOL)
    legal = options("catalan", [3, 3, 1, 5, 6], 1, SCHOOL)
    assert sorted((c.box, c.points) for c in choices) == sorted(legal)
    assert [c.expected for c in choices] == sorted((c.expected for c in choices), reverse=True)
    assert choices[0].loss == 0
    assert all(c.loss == pytest.approx(choices[0].expected - c.expected) for c in choices)
    assert all(isinstance(c, BoxChoice) for c in choices)


def test_box_expected_is_the_expected_score_of_the_column_it_makes() -> None:
    choices = advise_box(SIXES_AND_POKER, [6, 6, 6, 6, 6], 3)
    assert {c.box: c.points for c in choices} == {"sixes": 30, "five_of_a_kind": 50}
    for choice in choices:
        after = expected_score(SIXES_AND_POKER, {choice.box: choice.points})
        assert choice.expected == pytest.approx(after)


def test_keep_choices_cover_every_distinct_keep_and_scoring_now() -> None:
    choices = advise_keep("yatzy", [1, 1, 2, 3, 4], 2)
    kept = [c.keep for c in choices if not c.score_now]
    assert len(kept) == len(set(kept)) == 3 * 2 * 2 * 2
    assert [c.keep for c in choices if c.score_now] == [(1, 1, 2, 3, 4)]
    assert [c.expected for c in choices] == sorted((c.expected for c in choices), reverse=True)
    assert choices[0].loss == 0
    assert all(c.loss == pytest.approx(choices[0].expected - c.expected) for c in choices)


def test_scoring_now_is_worth_the_best_box() -> None:
    dice, filled = [2, 3, 4, 5, 6], {"ones": 3}
    now = next(c for c in advise_keep("yatzy", dice, 1, filled) if c.score_now)
    assert now.expected == advise_box("yatzy", dice, 1, filled)[0].expected


def test_expected_score_adds_what_is_filled() -> None:
    assert expected_score(SCHOOL_AND_PAIR, {"twos": 4, "pair": 12}) == 4 + 50 + 12
    assert expected_score(SCHOOL_AND_PAIR, {"twos": -6, "pair": 0}) == -6


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: expected_score("poker"), UnknownGameError),
        (lambda: expected_score("yatzy", {"sevens": 1}), UnknownBoxError),
        (lambda: expected_score("yatzy", {"ones": 7}), ScoringError),
        (lambda: expected_score("yatzy", {"ones": 1.0}), ScoringError),
        (lambda: expected_score("catalan", {"pair": 4}), ScoringError),
        (lambda: advise_box("yatzy", [1, 2, 3], 3), InvalidDiceError),
        (lambda: advise_box("yatzy", [1, 2, 3, 4, 7], 3), InvalidDiceError),
        (lambda: advise_box("yatzy", [1, 2, 3, 4, 5], 4), InvalidRollError),
        (lambda: advise_keep("yatzy", [1, 2, 3, 4, 5], 3), InvalidRollError),
        (lambda: advise_keep(SIXES_AND_POKER, [1, 2, 3, 4, 5], 1, FULL), GameOverError),
    ],
)
def test_bad_requests_raise_the_engines_errors(call, error) -> None:
    with pytest.raises(error):
        call()
    assert issubclass(error, ValueError)


def test_a_full_column_has_no_box_to_advise() -> None:
    assert advise_box(SIXES_AND_POKER, [6, 6, 6, 6, 6], 3, FULL) == []


def test_engine_refusals_are_not_advised() -> None:
    # Catalan's school comes first: no part-2 box is offered while it is incomplete.
    boxes = {c.box for c in advise_box("catalan", [6, 6, 6, 6, 6], 1)}
    assert boxes == {"ones", "twos", "threes", "fours", "fives", "sixes"}
