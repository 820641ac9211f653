"""A turn's earlier rolls, as a game record may carry them: the dice each roll showed and
the dice kept from it, checked against the hand the turn ended with."""

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.errors import InvalidRollsError, ScoringError
from scoring.hand import Hand, check_keep, dice_text


@dataclass(frozen=True)
class EarlierRoll:
    """One roll before the turn's last: the dice it showed and those kept from it."""

    dice: tuple[int, ...]
    kept: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The roll as it appears in a turn's ``rolls``."""
        return {"dice": list(self.dice), "kept": list(self.kept)}


def _earlier_roll(number: int, entry: object, size: int) -> EarlierRoll:
    """One entry of ``rolls`` (a mapping with ``dice`` and ``kept``, or an EarlierRoll) of
    a game of ``size`` dice."""
    if isinstance(entry, EarlierRoll):
        entry = entry.to_dict()
    if not isinstance(entry, Mapping) or not {"dice", "kept"} <= entry.keys():
        raise InvalidRollsError(
            "roll {number} needs 'dice' and 'kept', got {entry!r}", number=number, entry=entry
        )
    try:
        hand = Hand.of(entry["dice"], size)
        return EarlierRoll(hand.dice, check_keep(entry["kept"], hand))
    except ScoringError as error:
        raise InvalidRollsError("roll {number}: {error}", number=number, error=error) from error


def earlier_rolls(rolls: object, hand: Hand, roll: int) -> tuple[EarlierRoll, ...]:
    """Check the rolls before the one that gave ``hand`` (roll ``roll``), oldest first:
    one per earlier roll, each roll's kept dice found again in the next roll's dice.

    Raises ``InvalidRollsError`` saying which roll does not fit.
    """
    if isinstance(rolls, str | bytes) or not isinstance(rolls, Sequence):
        raise InvalidRollsError("a turn's 'rolls' must be a list, got {rolls!r}", rolls=rolls)
    if len(rolls) != roll - 1:
        raise InvalidRollsError(
            "a hand from roll {roll} comes after {earlier} earlier rolls, "
            "but 'rolls' lists {count}",
            roll=roll,
            earlier=roll - 1,
            count=len(rolls),
        )
    checked = tuple(
        _earlier_roll(number, entry, len(hand.dice)) for number, entry in enumerate(rolls, 1)
    )
    # Each roll's dice after the first: what each earlier roll's kept dice must be in.
    following = [*(earlier.dice for earlier in checked), hand.dice][1:]
    for number, (earlier, dice) in enumerate(zip(checked, following, strict=True), 1):
        if Counter(earlier.kept) - Counter(dice):
            raise InvalidRollsError(
                "roll {roll} ({dice}) lacks the dice kept from roll {earlier} ({kept})",
                roll=number + 1,
                dice=dice_text(dice),
                earlier=number,
                kept=dice_text(earlier.kept),
            )
    return checked
