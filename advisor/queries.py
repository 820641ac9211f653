"""What to keep and where to score: the advisor's answers for one player's turn.

"Expected final score" is the expected total of the player's column at the end of the
game (every box, the upper or school bonus and extra five-of-a-kind bonuses still to
come) when the player follows the advisor from now on: the points already in
``filled`` plus the expected rest. Extra bonuses earned in earlier turns are not in
``filled`` and are not counted.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter
from typing import Protocol, TypeVar

import numpy as np

from advisor.boxes import after_writes, best_boxes
from advisor.column import State
from advisor.dice import LAST_ROLL, keeps, sub_keeps
from advisor.tables import Solved, TableCache, default_cache
from advisor.turn import play
from advisor.workspace import Workspace
from scoring import (
    Column,
    GameOverError,
    GameRules,
    Hand,
    InvalidRollError,
    ScoringError,
    allowed_boxes,
    check_column,
    extra_bonus,
    joker_applies,
    rules_of,
)


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
    """One legal box for the hand (of the player's column ``column``, from 0): its points
    now, any extra bonus, and where it leads."""

    box: str
    points: int
    extra_bonus: int
    expected: float
    loss: float
    column: int = 0

    @property
    def place(self) -> tuple[int, str]:
        """Where the hand goes: the column and the box."""
        return self.column, self.box


class Boxed(Protocol):
    """Anything that names a box of a column, such as the engine's ``Suggestion``."""

    @property
    def box(self) -> str:
        """The box's id."""
        ...

    @property
    def column(self) -> int:
        """The player's column the box is in, from 0."""
        ...


B = TypeVar("B", bound=Boxed)


def advised_first(options: Iterable[B], advised: Iterable[BoxChoice]) -> list[B]:
    """The options with the advisor's choice among ``advised`` (the least loss) first, the
    rest in their order; all in their order when ``advised`` is empty. The advisor's
    choice need not score the most points now."""
    found = list(advised)
    if not found:
        return list(options)
    choice = min(found, key=lambda c: c.loss).place
    return sorted(options, key=lambda option: (option.column, option.box) != choice)


def column_state(tables: Solved, filled: Column | None) -> tuple[dict[str, int], State, float]:
    """The validated column, its state and the expected points still to come from it."""
    column = check_column(tables.layout.rules, filled)
    state = tables.columns.state(column)
    index = tables.columns.position(state)
    if index < 0:
        raise ScoringError(
            "this {game} column cannot occur: {column}", game=tables.layout.rules.id, column=column
        )
    return column, state, tables.values.item(index)


@lru_cache(maxsize=256)
def stop_values(tables: Solved, state: State) -> dict[int, np.ndarray]:
    """Per roll: the expected rest of the game from ``state`` for every hand scored in its
    best box after that roll (in ``keeps(dice).hands`` order)."""
    umask, u, lmask, j = (np.array([part]) for part in state)
    one = (umask, u, lmask, j)
    after = after_writes(tables.layout, tables.values[None], one)
    stops = best_boxes(tables.layout, after, one, Workspace())
    return {roll: hands[0, :, 0] for roll, hands in stops.items()}


@lru_cache(maxsize=256)
def _keep_values(tables: Solved, state: State) -> dict[int, list[float]]:
    """For rolls 2 and 3: the expected rest of the game for every keep made before it
    (in ``keeps(dice).flat`` order)."""
    before = play(stop_values(tables, state), tables.layout.rules.dice)
    return {roll: found.tolist() for roll, found in before.items() if roll > 1}


def forget_turns() -> None:
    """Forget the keep values of the states asked about so far (each is solved on first ask)."""
    stop_values.cache_clear()
    _keep_values.cache_clear()


_hands: dict[tuple[int, tuple[int, ...]], Hand] = {}


def hand_of(rules: GameRules, dice: Iterable[int]) -> Hand:
    """``rules.hand(dice)``, remembered for dice given as a list or tuple of plain ints
    (validating them is a tenth of a box query)."""
    if isinstance(dice, list | tuple) and all(type(die) is int for die in dice):
        key = (rules.dice, tuple(dice))
        hand = _hands.get(key)
        if hand is None:
            hand = _hands[key] = rules.hand(key[1])
        return hand
    return rules.hand(dice)


@cache
def sub_keep_rows(hand: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every distinct keep of ``hand`` with its place in ``keeps(len(hand)).flat``."""
    flat = keeps(len(hand)).flat
    return tuple((keep, flat[keep]) for keep in sub_keeps(hand))


def scored_boxes(
    tables: Solved, hand: Hand, roll: int, column: dict[str, int], state: State
) -> list[tuple[str, int, float]]:
    """Each legal box for ``hand`` with its points and expected final score, best first;
    ties as ``options`` orders them (more points first, then the sheet's order)."""
    rules, columns, values = tables.layout.rules, tables.columns, tables.values
    joker = joker_applies(rules, hand, column)
    points = columns.points_of(roll, joker, keeps(rules.dice).index[hand.dice][1])
    so_far = sum(column.values()) + extra_bonus(rules, hand, column)
    scored = []
    for box in allowed_boxes(rules, hand, column):
        got = points[box.id]
        after = values.item(columns.position_after(state, box.id, got))
        scored.append((box.id, got, so_far + got + after))
    # Stable sorts, the last one first: by points, then by expected score.
    scored.sort(key=itemgetter(1), reverse=True)
    scored.sort(key=itemgetter(2), reverse=True)
    return scored


def expected_score(
    game: str | GameRules, filled: Column | None = None, *, cache: TableCache | None = None
) -> float:
    """Expected final score of a column (an empty sheet by default) under the advisor, with
    the tables of ``cache`` (``default_cache()`` when None, as for every query here)."""
    column, _, rest = column_state((cache or default_cache()).solved(game), filled)
    return sum(column.values()) + rest


def advise_box(
    game: str | GameRules,
    dice: Iterable[int],
    roll: int = LAST_ROLL,
    filled: Column | None = None,
    *,
    cache: TableCache | None = None,
) -> list[BoxChoice]:
    """Every legal box for ``dice`` from roll ``roll`` with the expected final score, best first."""
    rules = rules_of(game)
    tables = (cache or default_cache()).solved(rules)
    hand = hand_of(rules, dice)
    roll = rules.check_roll(roll)
    column, state, _ = column_state(tables, filled)
    bonus = extra_bonus(rules, hand, column)
    scored = scored_boxes(tables, hand, roll, column, state)
    best = scored[0][2] if scored else 0.0
    return [BoxChoice(box, points, bonus, value, best - value) for box, points, value in scored]


def advise_keep(
    game: str | GameRules,
    dice: Iterable[int],
    roll: int,
    filled: Column | None = None,
    *,
    cache: TableCache | None = None,
) -> list[KeepChoice]:
    """After roll 1 or 2: every distinct keep (and scoring now) with its expected final score."""
    rules = rules_of(game)
    tables = (cache or default_cache()).solved(rules)
    hand = hand_of(rules, dice)
    if rules.check_roll(roll) == LAST_ROLL:
        raise InvalidRollError("after roll 3 no dice are rerolled: ask advise_box instead")
    column, state, _ = column_state(tables, filled)
    if len(column) == len(rules.boxes):
        raise GameOverError("the column is full: there is nothing left to roll for")
    before_next = _keep_values(tables, state)[roll + 1]
    so_far = sum(column.values())
    # Scoring now, then the keeps largest first: a stable sort keeps that order in ties.
    choices = [(hand.dice, True, scored_boxes(tables, hand, roll, column, state)[0][2])]
    choices += [(keep, False, so_far + before_next[row]) for keep, row in sub_keep_rows(hand.dice)]
    choices.sort(key=itemgetter(2), reverse=True)
    best = choices[0][2]
    return [KeepChoice(keep, now, value, best - value) for keep, now, value in choices]
