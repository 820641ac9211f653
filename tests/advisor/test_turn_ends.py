"""The turn ends kept per state: right, the same however they were batched, bounded."""

import numpy as np
import pytest

from advisor import default_cache
from advisor import turn_ends as kept_ends
from advisor.turn_ends import forget_turn_ends, summed, turn_ends
from tests.advisor.final_oracle import played


def a_level(game: str, turns: int) -> np.ndarray:
    """The sorted states of the players of a played game."""
    tables = default_cache().solved(game)
    table = played(game, 4, turns, seed=turns)
    return np.unique(
        [tables.columns.position(tables.columns.state(table.column(p))) for p in table.players]
    )


@pytest.mark.parametrize("game", ["yahtzee", "greek", "catalan"])
def test_each_states_turn_ends_add_up_to_its_expected_score(game: str) -> None:
    tables = default_cache().solved(game)
    level = a_level(game, 12)
    ends = turn_ends(tables, level)
    for i, state in enumerate(level):
        rows = slice(ends.first[i], ends.first[i + 1])
        chance = ends.chance[rows]
        assert chance.sum() == pytest.approx(1.0)
        worth = chance @ (ends.gain[rows] + tables.values[ends.after[rows]])
        assert worth == pytest.approx(tables.values[state], abs=1e-9)


def test_kept_ends_equal_those_worked_out_one_state_at_a_time() -> None:
    tables = default_cache().solved("yatzy")
    level = np.union1d(a_level("yatzy", 8), a_level("yatzy", 20))
    forget_turn_ends()
    together = turn_ends(tables, level)
    for i, state in enumerate(level):
        forget_turn_ends()
        alone = turn_ends(tables, np.array([state]))
        rows = slice(together.first[i], together.first[i + 1])
        assert np.array_equal(together.after[rows], alone.after)
        assert np.array_equal(together.gain[rows], alone.gain)
        assert np.allclose(together.chance[rows], alone.chance, atol=1e-12)


def test_no_more_states_are_kept_than_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    tables = default_cache().solved("yatzy")
    level = a_level("yatzy", 8)
    forget_turn_ends()
    expected = turn_ends(tables, level)
    monkeypatch.setattr(kept_ends, "KEPT", 2)
    forget_turn_ends()
    for state in level:
        turn_ends(tables, np.array([state]))
    assert len(kept_ends._kept(tables)._ends) == 2
    again = turn_ends(tables, level)
    assert np.array_equal(again.after, expected.after)
    assert np.allclose(again.chance, expected.chance, atol=1e-12)


@pytest.mark.parametrize("dense", [0, 100])
def test_summed_rows_are_those_a_dictionary_adds_up(
    monkeypatch: pytest.MonkeyPatch, dense: int
) -> None:
    monkeypatch.setattr(kept_ends, "DENSE", dense)
    rng = np.random.default_rng(dense)
    keys = [rng.integers(-5, 40, 5000), rng.integers(100, 2000, 5000)]
    weights = rng.random(5000)
    added: dict[tuple[int, int], float] = {}
    for a, b, w in zip(*keys, weights, strict=True):
        added[int(a), int(b)] = added.get((int(a), int(b)), 0.0) + float(w)
    (first, second), total = summed(keys, weights)
    assert list(zip(first.tolist(), second.tolist(), strict=True)) == sorted(added)
    assert np.allclose(total, [added[row] for row in sorted(added)])
