"""Skill apart from luck: a player who always follows the advisor gives up nothing; one
known mistake a game costs exactly that mistake per game; the interval holds the mean."""

import math

import pytest

from advisor import default_cache, review
from player_stats import SeatReview, review_facts, skill_of
from tests.player_stats.play import advised_game

KIND = "catalan"


@pytest.fixture(scope="module", autouse=True)
def _solved() -> None:
    default_cache().solved(KIND)


def test_statistics_a_player_who_follows_the_advisor_gives_up_nothing() -> None:
    reviews = []
    for seed in range(4):
        game, _ = advised_game(KIND, ["Ann", "Bob"], seed)
        facts = review_facts(review(game, chances=False))
        reviews += [SeatReview.from_dict(facts["players"][p]) for p in game.players]
    skill = skill_of(r for r in reviews if r is not None)
    assert skill is not None
    assert skill.choices > 8 * len(reviews)
    assert skill.per_choice == skill.per_game == skill.low == skill.high == 0.0


def test_statistics_one_known_mistake_a_game_costs_exactly_that_per_game() -> None:
    costs, reviews = [], []
    for seed in range(4):
        game, cost = advised_game(KIND, ["Ann", "Bob"], seed, mistaken="Bob")
        assert cost > 0
        costs.append(cost)
        facts = review_facts(review(game, chances=False))
        reviews.append(SeatReview.from_dict(facts["players"]["Bob"]))
        ann = SeatReview.from_dict(facts["players"]["Ann"])
        assert ann is not None and ann.loss == 0.0
    skill = skill_of(r for r in reviews if r is not None)
    assert skill is not None
    assert skill.per_game == pytest.approx(sum(costs) / len(costs), abs=1e-9)
    assert skill.per_choice == pytest.approx(sum(costs) / skill.choices, abs=1e-9)
    assert skill.low is not None and skill.high is not None
    assert skill.low <= skill.per_choice <= skill.high


def test_statistics_the_interval_is_the_normal_one_over_every_choice() -> None:
    losses = [0.0] * 30 + [2.0, 4.0, 0.5]
    one = SeatReview(len(losses), len(losses), sum(losses), sum(x * x for x in losses), 0.0)
    skill = skill_of([one])
    assert skill is not None
    mean = sum(losses) / len(losses)
    sd = math.sqrt(sum((x - mean) ** 2 for x in losses) / (len(losses) - 1))
    half = 1.96 * sd / math.sqrt(len(losses))
    assert skill.per_choice == pytest.approx(mean)
    assert skill.low == pytest.approx(max(0.0, mean - half), rel=1e-3)
    assert skill.high == pytest.approx(mean + half, rel=1e-3)
    assert skill_of([]) is None


def test_statistics_a_kept_review_that_cannot_be_read_counts_as_none() -> None:
    for bad in (
        None,
        {},
        {"choices": "x"},
        {"choices": 1, "boxes": 2, "loss": 0, "squares": 0, "luck": 0},
        {"choices": 1, "boxes": 1, "loss": math.inf, "squares": 0, "luck": 0},
    ):
        assert SeatReview.from_dict(bad) is None
