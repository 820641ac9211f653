"""The solver's box choice for every hand agrees with the engine's legal boxes and points.

Random follow-on values stand in for the solved table, so every legal box matters; the
columns come from games played through the engine, with joker states included.
"""

import random

import numpy as np
import pytest

from advisor.boxes import after_writes, best_boxes
from advisor.column import Columns
from advisor.dice import keeps
from advisor.layout import Layout
from advisor.workspace import Workspace
from scoring.game import Game
from scoring.games import GAMES
from scoring.hand import Hand
from scoring.scorer import extra_bonus, options

ROLLS = (1, 3)


def columns(game: str) -> list[dict[str, int]]:
    """Columns met while playing random legal boxes, often with five of a kind in hand."""
    rng = random.Random(game)
    seen = []
    for _ in range(3):
        table = Game(game, ["p"])
        while not table.finished:
            seen.append(table.column("p"))
            face = rng.randint(1, 6)
            dice = [face] * 5 if rng.random() < 0.4 else [rng.randint(1, 6) for _ in range(5)]
            legal = [box for box, _ in table.options(dice, roll=3)]
            poker = "five_of_a_kind" in legal and len(set(dice)) == 1 and rng.random() < 0.5
            table.record("five_of_a_kind" if poker else rng.choice(legal), dice, roll=3)
    return seen[::4]


def engine_best(
    layout: Layout, columns: Columns, values: np.ndarray, column: dict, hand, roll: int
) -> float:
    rules = layout.rules
    bonus = extra_bonus(rules, Hand.of(hand, len(hand)), column)
    return max(
        bonus + points + values[columns.position(columns.state({**column, box: points}))]
        for box, points in options(rules, hand, roll, column)
    )


@pytest.mark.parametrize("game", ["catalan", "greek", "yahtzee", "yatzy"])
def test_best_box_value_of_every_hand_matches_the_engine(game: str) -> None:
    layout = Layout(GAMES[game])
    values = np.random.default_rng(7).uniform(0, 100, layout.count)
    read = Columns(layout)
    for column in columns(game):
        state = tuple(np.array([part]) for part in read.state(column))
        stops = best_boxes(layout, after_writes(layout, values[None], state), state, Workspace())
        for roll in ROLLS:
            for index, hand in enumerate(keeps(5).hands):
                expected = engine_best(layout, read, values, column, hand, roll)
                assert stops[roll][0, index, 0] == pytest.approx(expected), (column, hand, roll)


@pytest.mark.parametrize("game", ["greek", "yahtzee"])
def test_columns_cover_joker_states(game: str) -> None:
    found = {c.get("five_of_a_kind") for c in columns(game)}
    assert {None, 0, 50} <= found


@pytest.mark.parametrize("game", ["catalan", "greek", "yahtzee", "yatzy"])
def test_a_batch_of_states_gets_the_box_choices_of_each_state_alone(game: str) -> None:
    # Batches go through layers of candidates, single states through one padded gather.
    layout = Layout(GAMES[game])
    values = np.random.default_rng(3).uniform(0, 100, layout.count)
    start, stop = layout.level(len(layout.rules.boxes) - 2)
    batch = layout.states(start, min(stop, start + 40))
    together = best_boxes(layout, after_writes(layout, values[None], batch), batch, Workspace())
    for i in range(len(batch[0])):
        one = tuple(part[i : i + 1] for part in batch)
        alone = best_boxes(layout, after_writes(layout, values[None], one), one, Workspace())
        for roll in ROLLS:
            np.testing.assert_array_equal(together[roll][:, :, i], alone[roll][:, :, 0])
