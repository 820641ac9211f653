"""The legal boxes for a hand, best first, each with the reasons a player may not see at once."""

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.hand import LAST_ROLL, Hand, check_roll
from scoring.patterns import Face
from scoring.rules import Box, GameRules, Section
from scoring.scorer import (
    Column,
    box_points,
    check_column,
    extra_bonus,
    joker_applies,
    options,
    rules_of,
)
from scoring.totals import upper_bonus, upper_sum


@dataclass(frozen=True)
class Suggestion:
    """One legal box for the hand, its points, and why they are what they are."""

    box: str
    points: int
    reasons: tuple[str, ...]


def par(box: Box) -> int:
    """What three dice of the box's face score: the pace that earns the upper bonus."""
    if not isinstance(box.pattern, Face):
        raise TypeError(f"{box.id} is not a face box")
    face = box.pattern.face
    return box_points(box, Hand.of([face] * 3 + [7 - face] * 2), roll=LAST_ROLL)


def _reasons(
    rules: GameRules, box: Box, points: int, hand: Hand, roll: int, column: Column
) -> list[str]:
    reasons = []
    if joker_applies(rules, hand, column):
        if box.section is Section.UPPER:
            reasons.append("forced: an extra five of a kind goes to its face box first")
        else:
            reasons.append("joker: an extra five of a kind counts as any pattern")
    if box.doubled_on_first_roll and roll == 1 and points > 0:
        reasons.append("doubled on the first roll")
    if box.made_bonus and points > 0:
        reasons.append(f"includes the +{box.made_bonus} bonus")
    if box.section is Section.UPPER:
        after = {**column, box.id: points}
        if upper_bonus(rules, after) > upper_bonus(rules, column):
            reasons.append(f"earns the +{rules.upper_bonus.points} upper bonus")
        elif not upper_bonus(rules, column):
            pace = points - par(box)
            still = rules.upper_bonus.at_least - upper_sum(rules, after)
            progress = f"{still} still needed" if still > 0 else "on course"
            reasons.append(f"{pace:+d} against par for the bonus ({progress})")
    elif points == 0:
        reasons.append("scratch: the pattern is not there")
    return reasons


def suggest(
    game: str | GameRules, dice: Iterable[int], roll: int = LAST_ROLL, filled: Column | None = None
) -> list[Suggestion]:
    """Every legal box with points and reasons, best first; a +100 extra bonus is named too."""
    rules = rules_of(game)
    hand = Hand.of(dice)
    column = check_column(rules, filled)
    roll = check_roll(roll)
    bonus = extra_bonus(rules, hand, column)
    suggestions = []
    for box_id, points in options(rules, hand.dice, roll, column):
        reasons = _reasons(rules, rules.box(box_id), points, hand, roll, column)
        if bonus:
            reasons.insert(0, f"+{bonus} bonus for an extra five of a kind")
        suggestions.append(Suggestion(box_id, points, tuple(reasons)))
    return suggestions
