"""The advice for any sheet: of one column or several multiplied ones (×1 ×2 ×3), with
rolls saved for later turns or not, built on the exact one-column tables.

Where these are the whole game (one column, no rolls saved) it is the exact advice.
Otherwise it is an approximation, as no table of the whole game builds: each column is
valued by its expected final score were it played alone, without saved rolls (its exact
table); a hand goes where it adds the most to the sum of those values, each counted its
column's multiplier times; a keep is valued by the same measure of the hands it can lead
to, over every roll the player has left (the turn's own and the saved ones), a saved
roll being worth nothing once the turn ends. Its cost is measured by
``python -m tools.approximation_benchmark``.
"""

from collections.abc import Iterable, Sequence
from operator import attrgetter

import numpy as np

from advisor.column import State
from advisor.dice import LAST_ROLL
from advisor.queries import (
    BoxChoice,
    KeepChoice,
    column_state,
    hand_of,
    scored_boxes,
    stop_values,
    sub_keep_rows,
)
from advisor.tables import Solved, TableCache, default_cache
from advisor.turn import play
from scoring import (
    Column,
    GameOverError,
    GameRules,
    InvalidRollError,
    ScoringError,
    extra_bonus,
    rules_of,
)


def _columns(
    tables: Solved, rules: GameRules, filled: Sequence[Column | None]
) -> list[tuple[dict[str, int], State, float]]:
    """Each column checked, with its state and its expected final score alone."""
    if len(filled) != len(rules.columns):
        raise ScoringError(
            "the sheet has {count} columns, got {given}",
            count=len(rules.columns),
            given=len(filled),
        )
    found = []
    for column in filled:
        checked, state, rest = column_state(tables, column)
        found.append((checked, state, sum(checked.values()) + rest))
    return found


def advise_box_columns(
    game: str | GameRules,
    dice: Iterable[int],
    roll: int,
    columns: Sequence[Column | None],
    *,
    saved: int = 0,
    cache: TableCache | None = None,
) -> list[BoxChoice]:
    """Every legal (column, box) for ``dice`` from roll ``roll`` (past the turn's own with
    ``saved`` rolls saved), best first, each with the sheet's expected final score
    (multiplied) as the module says."""
    rules = rules_of(game)
    tables = (cache or default_cache()).solved(rules)
    hand = hand_of(rules, dice)
    roll = rules.check_roll(roll, saved)
    found = _columns(tables, rules, columns)
    now = sum(times * alone for times, (_, _, alone) in zip(rules.columns, found, strict=True))
    choices = []
    for number, (times, (column, state, alone)) in enumerate(
        zip(rules.columns, found, strict=True)
    ):
        bonus = extra_bonus(rules, hand, column)
        for box, points, value in scored_boxes(tables, hand, roll, column, state):
            expected = now + times * (value - alone)
            choices.append(BoxChoice(box, points, bonus, expected, 0.0, number))
    choices.sort(key=attrgetter("expected"), reverse=True)
    best = choices[0].expected if choices else 0.0
    return [
        BoxChoice(c.box, c.points, c.extra_bonus, c.expected, best - c.expected, c.column)
        for c in choices
    ]


def advise_keep_columns(
    game: str | GameRules,
    dice: Iterable[int],
    roll: int,
    columns: Sequence[Column | None],
    *,
    saved: int = 0,
    cache: TableCache | None = None,
) -> list[KeepChoice]:
    """After any roll but the last the player has (the turn's own and ``saved`` more):
    every distinct keep (and scoring now) with the sheet's expected final score as the
    module says, best first."""
    rules = rules_of(game)
    tables = (cache or default_cache()).solved(rules)
    hand = hand_of(rules, dice)
    last = rules.rolls + saved
    if rules.check_roll(roll, saved) == last:
        raise InvalidRollError(
            "after the last roll ({last}) no dice are rerolled: ask for the box instead",
            last=last,
        )
    found = _columns(tables, rules, columns)
    open_columns = [n for n, (column, _, _) in enumerate(found) if len(column) < len(rules.boxes)]
    if not open_columns:
        raise GameOverError("the sheet is full: there is nothing left to roll for")
    now = sum(times * alone for times, (_, _, alone) in zip(rules.columns, found, strict=True))
    # What a hand scored after each roll adds at best, over every open column.
    gains: dict[int, np.ndarray] = {}
    for number in open_columns:
        column, state, alone = found[number]
        rest = alone - sum(column.values())
        for each, stops in stop_values(tables, state).items():
            gain = rules.columns[number] * (stops - rest)
            gains[each] = gain if each not in gains else np.maximum(gains[each], gain)
    for extra in range(LAST_ROLL + 1, last + 1):
        gains[extra] = gains[LAST_ROLL]
    before_next = play(gains, rules.dice, last=last)[roll + 1]
    best_box = advise_box_columns(rules, hand.dice, roll, columns, saved=saved, cache=cache)[0]
    score_now = best_box.expected
    choices = [(hand.dice, True, score_now)]
    choices += [
        (keep, False, now + float(before_next[row])) for keep, row in sub_keep_rows(hand.dice)
    ]
    choices.sort(key=lambda choice: choice[2], reverse=True)
    best = choices[0][2]
    return [KeepChoice(keep, scores, value, best - value) for keep, scores, value in choices]
