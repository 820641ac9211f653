"""What to keep and where to score: the advisor's answers for one player's turn.

"Expected final score" is the expected total of the player's column at the end of the
game (every box, the upper or school bonus and extra five-of-a-kind bonuses still to
come) when the player follows the advisor from now on: the points already in
``filled`` plus the expected rest. Extra bonuses earned in earlier turns are not in
``filled`` and are not counted.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from advisor.boxes import after_writes, best_boxes
from advisor.dice import keeps, sub_keeps
from advisor.tables import Solved, solved
from advisor.turn import play
from advisor.workspace import Workspace
from scoring.errors import GameOverError, InvalidRollError, ScoringError
from scoring.hand import Hand, check_roll
from scoring.rules import GameRules
from scoring.scorer import Column, check_column, extra_bonus, options, rules_of

State = tuple[int, int, int, int]


@dataclass(frozen=True)
class KeepChoice:
    """One choice after roll 1 or 2: keep ``keep`` and roll the rest, or score now.

    ``score_now`` means stop rolling and write the hand into the best box (``keep`` is
    then the whole hand); keeping all five without scoring passes to the next roll.
    ``loss`` is how much expected final score this choice gives up against the best.
    """

    keep: tuple[int, ...]
    score_now: bool
    expected: float
    loss: float


@dataclass(frozen=True)
class BoxChoice:
    """One legal box for the hand: its points now, any extra bonus, and where it leads."""

    box: str
    points: int
    extra_bonus: int
    expected: float
    loss: float


def _column(tables: Solved, filled: Column | None) -> tuple[dict[str, int], State]:
    column = check_column(tables.layout.rules, filled)
    state = tables.layout.state(column)
    if np.isnan(tables.value(state)):
        raise ScoringError(f"this {tables.layout.rules.id} column cannot occur: {column}")
    return column, state


@lru_cache(maxsize=256)
def _keep_values(tables: Solved, state: State) -> dict[int, list[np.ndarray]]:
    """For rolls 2 and 3: the expected rest of the game for every keep made before it."""
    one = tuple(np.array([part]) for part in state)
    after = after_writes(tables.layout, tables.values, one)
    return play(best_boxes(tables.layout, after, one, Workspace()), first=2)


def expected_score(game: str | GameRules, filled: Column | None = None) -> float:
    """Expected final score of a column (an empty sheet by default) under the advisor."""
    tables = solved(game)
    column, state = _column(tables, filled)
    return sum(column.values()) + tables.value(state)


def advise_box(
    game: str | GameRules, dice: Iterable[int], roll: int = 3, filled: Column | None = None
) -> list[BoxChoice]:
    """Every legal box for ``dice`` from roll ``roll`` with the expected final score, best first."""
    rules = rules_of(game)
    tables = solved(rules)
    hand = Hand.of(dice)
    column, _ = _column(tables, filled)
    bonus = extra_bonus(rules, hand, column)
    so_far = sum(column.values())
    scored = [
        (box, points, so_far + points + bonus + tables.value(tables.layout.state(after)))
        for box, points in options(rules, hand.dice, check_roll(roll), column)
        for after in [{**column, box: points}]
    ]
    scored.sort(key=lambda choice: -choice[2])
    best = scored[0][2] if scored else 0.0
    return [BoxChoice(box, points, bonus, value, best - value) for box, points, value in scored]


def advise_keep(
    game: str | GameRules, dice: Iterable[int], roll: int, filled: Column | None = None
) -> list[KeepChoice]:
    """After roll 1 or 2: every distinct keep (and scoring now) with its expected final score."""
    rules = rules_of(game)
    tables = solved(rules)
    hand = Hand.of(dice)
    if check_roll(roll) == 3:
        raise InvalidRollError("after roll 3 no dice are rerolled: ask advise_box instead")
    column, state = _column(tables, filled)
    if len(column) == len(rules.boxes):
        raise GameOverError("the column is full: there is nothing left to roll for")
    before_next = _keep_values(tables, state)[roll + 1]
    so_far = sum(column.values())
    index = keeps().index
    choices = [
        (keep, False, so_far + float(before_next[len(keep)][index[keep][1], 0]))
        for keep in sub_keeps(hand.dice)
    ]
    choices.append((hand.dice, True, advise_box(rules, hand.dice, roll, column)[0].expected))
    choices.sort(key=lambda c: (-c[2], not c[1], -len(c[0])))
    best = choices[0][2]
    return [KeepChoice(keep, now, value, best - value) for keep, now, value in choices]
