"""The legal boxes for a hand, best first, each with the reasons a player may not see at once."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.errors import ScoringError
from scoring.games import rules_of
from scoring.hand import Hand
from scoring.patterns import Face
from scoring.rules import Box, GameRules, Section
from scoring.scorer import (
    Column,
    box_points,
    check_column,
    extra_bonus,
    joker_applies,
    options,
)
from scoring.totals import upper_bonus, upper_sum


class Why(StrEnum):
    """The kinds of reason a suggestion gives for its points."""

    EXTRA_FIVE = "extra_five"
    """An extra five of a kind earns a bonus (`amount`) beyond its box."""
    FACE_BOX_FIRST = "face_box_first"
    """A forced joker: an extra five of a kind must go to its empty face box."""
    JOKER = "joker"
    """A forced joker: its face box is full, so it scores any lower pattern in full."""
    JOKER_UPPER_ZERO = "joker_upper_zero"
    """A forced joker: its face box and every lower box are full, so it takes 0 above."""
    DOUBLED = "doubled"
    """A hand from the first roll counts double here."""
    MADE_BONUS = "made_bonus"
    """The box adds a bonus (`amount`) when its pattern is made."""
    EARNS_UPPER_BONUS = "earns_upper_bonus"
    """This box brings the upper sum to the upper bonus (`amount`)."""
    PAR = "par"
    """Points against three dice of the box's face (`amount`), the pace of the upper
    bonus, and the upper points still needed for it (`needed`, 0 when on course)."""
    SCRATCH = "scratch"
    """The pattern is not there: the box takes 0."""


@dataclass(frozen=True)
class Reason:
    """One reason behind a suggestion's points, with the numbers it speaks of."""

    why: Why
    amount: int = 0
    needed: int = 0


@dataclass(frozen=True)
class Suggestion:
    """One legal box for the hand (in the player's column `column`, from 0), its points,
    and why they are what they are."""

    box: str
    points: int
    reasons: tuple[Reason, ...]
    column: int = 0


def par(rules: GameRules, box: Box) -> int:
    """What the face box scores at the pace that earns the upper bonus: three dice of its
    face in a five-dice game, four in a six-dice one."""
    if not isinstance(box.pattern, Face):
        raise TypeError(f"{box.id} is not a face box")
    face, pace = box.pattern.face, rules.dice - 2
    return box_points(box, Hand(tuple(sorted((face,) * pace + (7 - face,) * 2))), roll=rules.rolls)


def _joker_reason(rules: GameRules, box: Box, hand: Hand) -> Reason:
    if box is rules.upper_box_for(hand.dice[0]):
        return Reason(Why.FACE_BOX_FIRST)
    if box.section is Section.LOWER:
        return Reason(Why.JOKER)
    return Reason(Why.JOKER_UPPER_ZERO)


def _reasons(
    rules: GameRules, box: Box, points: int, hand: Hand, roll: int, column: Column
) -> list[Reason]:
    reasons = []
    if joker_applies(rules, hand, column):
        reasons.append(_joker_reason(rules, box, hand))
    if box.doubled_on_first_roll and roll == 1 and points > 0:
        reasons.append(Reason(Why.DOUBLED))
    if box.made_bonus and points > 0:
        reasons.append(Reason(Why.MADE_BONUS, box.made_bonus))
    if box.section is Section.UPPER:
        after = {**column, box.id: points}
        if upper_bonus(rules, after) > upper_bonus(rules, column):
            reasons.append(Reason(Why.EARNS_UPPER_BONUS, rules.upper_bonus.points))
        elif not upper_bonus(rules, column):
            still = rules.upper_bonus.at_least - upper_sum(rules, after)
            reasons.append(Reason(Why.PAR, points - par(rules, box), max(0, still)))
    elif points == 0:
        reasons.append(Reason(Why.SCRATCH))
    return reasons


def suggest(
    game: str | GameRules,
    dice: Iterable[int],
    roll: int | None = None,
    filled: Column | None = None,
) -> list[Suggestion]:
    """Every legal box with points and reasons, best first; a +100 extra bonus is named too."""
    rules = rules_of(game)
    hand = rules.hand(dice)
    column = check_column(rules, filled)
    roll = rules.check_roll(rules.rolls if roll is None else roll)
    bonus = extra_bonus(rules, hand, column)
    suggestions = []
    for box_id, points in options(rules, hand.dice, roll, column):
        reasons = _reasons(rules, rules.box(box_id), points, hand, roll, column)
        if bonus:
            reasons.insert(0, Reason(Why.EXTRA_FIVE, bonus))
        suggestions.append(Suggestion(box_id, points, tuple(reasons)))
    return suggestions


def suggest_columns(
    game: str | GameRules,
    dice: Iterable[int],
    roll: int | None,
    columns: Sequence[Column],
) -> list[Suggestion]:
    """`suggest` over each of the player's `columns` (one per column of the sheet), best
    first by what each adds to the total once its column is multiplied."""
    rules = rules_of(game)
    if len(columns) != len(rules.columns):
        raise ScoringError(
            "the sheet has {count} columns, got {given}",
            count=len(rules.columns),
            given=len(columns),
        )
    found = [
        replace(suggestion, column=number)
        for number, filled in enumerate(columns)
        for suggestion in suggest(rules, dice, roll, filled)
    ]
    return sorted(found, key=lambda s: -s.points * rules.columns[s.column])
