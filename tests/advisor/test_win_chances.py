"""Each player's chance to win against exact enumeration and against simulation."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from advisor import default_cache, expected_score, win_chances
from advisor.finals import final_total, forget_finals
from advisor.lockstep import rest_totals
from advisor.moments import spread_and_skew
from scoring import ScoringError, rules_of
from scoring.totals import column_totals
from tests.advisor.final_oracle import final_chances, played, win_share
from tests.advisor.games import SOLVED


def all_but(game: str, open_boxes: set[str], **points: int) -> dict[str, int]:
    """A column with every box but ``open_boxes`` scratched, or holding ``points``."""
    return {b.id: points.get(b.id, 0) for b in rules_of(game).boxes if b.id not in open_boxes}


@pytest.mark.parametrize("game", ["yahtzee", "yatzy"])
@pytest.mark.parametrize(("box", "gap"), [("fours", 0), ("fours", 4), ("fours", 12), ("sixes", 24)])
def test_two_players_with_only_chance_open_win_as_enumeration_says(
    game: str, box: str, gap: int
) -> None:
    ahead = all_but(game, {"chance"}, **{box: gap})
    behind = all_but(game, {"chance"})
    chances = win_chances(game, [ahead, behind])
    players = [final_chances(game, ahead), final_chances(game, behind)]
    assert chances == pytest.approx([win_share(players, 0), win_share(players, 1)], abs=1e-9)
    assert sum(chances) == pytest.approx(1.0)


@pytest.mark.parametrize("game", ["yahtzee", "yatzy"])
@pytest.mark.parametrize("sixes", [18, 24, 30])
def test_a_finished_player_against_one_with_one_box_open(game: str, sixes: int) -> None:
    finished = all_but(game, set(), sixes=sixes, chance=20)
    playing = all_but(game, {"chance"}, sixes=sixes - 6)
    total = column_totals(rules_of(game), finished, 0).total
    behind = final_chances(game, playing)
    below = sum(p for t, p in behind.items() if t < total)
    level = behind.get(total, 0.0)
    assert win_chances(game, [finished, playing]) == pytest.approx(
        [below + level / 2, 1 - below - level / 2], abs=1e-9
    )


@pytest.mark.parametrize("game", ["yahtzee", "greek"])
def test_the_final_totals_with_two_boxes_open_are_those_of_enumeration(game: str) -> None:
    table = played(game, 1, len(rules_of(game).boxes) - 2, seed=4)
    column = table.column("p0")
    earned = table.totals()["p0"].extra_bonus
    found = final_total(default_cache().solved(game), column, earned)
    assert found.exact
    exact = final_chances(game, column, earned)
    computed = {found.start + k: p for k, p in enumerate(found.chances) if p > 1e-15}
    assert computed.keys() == exact.keys()
    assert list(computed.values()) == pytest.approx([exact[t] for t in computed], abs=1e-12)


@pytest.mark.parametrize("game", SOLVED)
def test_a_decided_game_gives_one_and_zero(game: str) -> None:
    table = played(game, 3, 3 * len(rules_of(game).boxes), seed=9)
    columns = [table.column(p) for p in table.players]
    earned = [table.totals()[p].extra_bonus for p in table.players]
    totals = [table.totals()[p].total for p in table.players]
    best = max(totals)
    expected = [(t == best) / totals.count(best) for t in totals]
    assert win_chances(game, columns, earned=earned) == pytest.approx(expected, abs=1e-12)
    assert win_chances(game, [columns[0]] * 2) == pytest.approx([0.5, 0.5], abs=1e-12)


@pytest.mark.parametrize("game", SOLVED)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_identical_columns_share_the_chance_equally(game: str, players: int) -> None:
    column = played(game, 1, 5, seed=players).column("p0")
    assert win_chances(game, [column] * players) == pytest.approx(
        [1 / players] * players, abs=0.005
    )


def test_a_column_that_cannot_occur_is_refused() -> None:
    with pytest.raises(ScoringError):
        win_chances("yahtzee", [{"sixes": 7}, {}])
    with pytest.raises(ValueError):
        win_chances("yahtzee", [{}, {}], earned=[0])


@pytest.mark.parametrize("game", SOLVED)
def test_simulated_games_have_the_tables_mean_spread_and_skew(game: str) -> None:
    tables = default_cache().solved(game)
    state = tables.columns.state({})
    rest = rest_totals(tables, state, 20_000, np.random.default_rng(5))
    index = tables.columns.position(state)
    spread, skew = spread_and_skew(tables.tables[:, index])
    assert abs(rest.mean() - expected_score(game)) < 4 * rest.std() / len(rest) ** 0.5
    assert rest.std() == pytest.approx(float(spread), rel=0.03)
    simulated_skew = ((rest - rest.mean()) ** 3).mean() / rest.std() ** 3
    assert simulated_skew == pytest.approx(float(skew), abs=0.1)


def test_pages_asking_from_many_threads_at_once_get_the_chances_of_one_thread() -> None:
    games = [played("yatzy", 3, turns, seed=turns) for turns in (9, 18, 27, 36)]
    asked = [[g.column(p) for p in g.players] for g in games]
    forget_finals()
    alone = [win_chances("yatzy", columns) for columns in asked]
    forget_finals()
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda columns: win_chances("yatzy", columns), asked * 4))
    # A state's turn ends are worked out with whichever states are missing at the time;
    # in a batch of another size, rounding may choose another of two keeps of equal worth.
    for found, expected in zip(together, alone * 4, strict=True):
        assert found == pytest.approx(expected, abs=1e-6)


@pytest.mark.parametrize("game", ["yahtzee", "yatzy"])
def test_a_lead_no_roll_can_close_wins_for_sure(game: str) -> None:
    ahead = all_but(game, {"chance"}, sixes=30, fives=25, fours=20, five_of_a_kind=50)
    behind = all_but(game, {"chance", "sixes"})
    assert win_chances(game, [ahead, behind]) == [1.0, 0.0]
    assert win_chances(game, [behind, ahead]) == [0.0, 1.0]
