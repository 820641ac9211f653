"""Every hand, box, roll and joker state of every game against the plain reading of RULES.md."""

from itertools import combinations_with_replacement

import pytest

from scoring import GAMES, options, score
from tests.scoring import reference


def hands(game: str) -> list[list[int]]:
    """Every hand of the game's dice."""
    return [list(h) for h in combinations_with_replacement(range(1, 7), GAMES[game].dice)]


JOKER_STATES = [
    {},
    {"five_of_a_kind": 50},
    {"five_of_a_kind": 0},
    {"five_of_a_kind": 50, "ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 0},
]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_box_matches_the_reference(game):
    for filled in JOKER_STATES:
        for dice in hands(game):
            for roll in (1, 2, 3):
                for box in reference.BOXES[game]:
                    expected = reference.points(game, box, dice, roll, filled)
                    assert score(game, box, dice, roll, filled) == expected, (box, dice, roll)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_boxes_are_the_reference_sheet(game):
    assert [b.id for b in GAMES[game].boxes] == list(reference.BOXES[game])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_options_offer_exactly_the_legal_boxes_best_first(game):
    school_done = dict.fromkeys(reference.UPPER, 0)
    states = [*JOKER_STATES, school_done, {**school_done, "five_of_a_kind": 50, "chance": 5}]
    for filled in states:
        filled = {b: v for b, v in filled.items() if b in reference.BOXES[game]}
        for dice in hands(game):
            offered = options(game, dice, 2, filled)
            legal = reference.legal(game, dice, filled)
            assert sorted(b for b, _ in offered) == sorted(legal)
            points = [p for _, p in offered]
            assert points == sorted(points, reverse=True)
            for box, p in offered:
                assert p == reference.points(game, box, dice, 2, filled)
