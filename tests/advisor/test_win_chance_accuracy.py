"""``advisor.win_chances`` against simulation by the advisor's own play: 30 random
mid-game positions of 2 to 4 players in each game, 10,000 simulated continuations per
column (``tools.win_chance_accuracy``)."""

import statistics

import pytest

from tests.advisor.games import SOLVED
from tools.win_chance_accuracy import check_games, differences

POSITIONS = 30
SIMULATIONS = 10_000


@pytest.fixture(scope="module")
def compared():
    return check_games(SOLVED, POSITIONS, SIMULATIONS, seed=1)


@pytest.mark.parametrize("game", SOLVED)
def test_the_chances_match_simulation_within_a_point_on_average_and_three_at_most(
    compared, game
) -> None:
    found = compared[game]
    assert len(found) == POSITIONS
    errors = [e for one in found for e in one.errors]
    assert statistics.fmean(errors) <= 0.005, "the simulation itself is that close"
    gaps = [abs(d) for d in differences(found)]
    assert statistics.fmean(gaps) <= 1.0
    assert max(gaps) <= 3.0
