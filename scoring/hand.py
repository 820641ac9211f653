"""Validation of dice and roll numbers, and the face counts every pattern works from."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from numbers import Integral

from scoring.errors import InvalidDiceError

FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Hand:
    """A game's dice, order irrelevant: kept sorted so equal hands compare equal."""

    dice: tuple[int, ...]

    @classmethod
    def of(cls, dice: Iterable[int], size: int) -> "Hand":
        """Validate `dice` as a hand of `size` dice and build it; raises `InvalidDiceError`."""
        if isinstance(dice, str | bytes) or not isinstance(dice, Iterable):
            raise InvalidDiceError(
                "dice must be a list of {size} numbers, got {dice!r}", size=size, dice=dice
            )
        values = list(dice)
        if len(values) != size:
            raise InvalidDiceError(
                "a hand is {size} dice, got {count}: {dice}",
                size=size,
                count=len(values),
                dice=values,
            )
        for value in values:
            if not is_whole(value) or value not in FACES:
                raise InvalidDiceError(
                    "a die shows 1 to 6, got {value!r} in {dice}", value=value, dice=values
                )
        return cls(tuple(sorted(int(v) for v in values)))

    @cached_property
    def counts(self) -> dict[int, int]:
        """How many dice show each face (faces not shown are absent)."""
        return dict(Counter(self.dice))

    @property
    def total(self) -> int:
        """Sum of all the dice."""
        return sum(self.dice)

    @property
    def all_alike(self) -> bool:
        """True when every die shows the same face (five of a kind in a five-dice game)."""
        return len(self.counts) == 1


def dice_text(dice: Iterable[int]) -> str:
    """Dice as the sheet and the messages write them: 6-6-2."""
    return "-".join(map(str, dice))


def check_keep(kept: object, hand: Hand) -> tuple[int, ...]:
    """The dice kept from `hand` (sorted); raises `InvalidDiceError` for dice it does not hold."""
    if isinstance(kept, str | bytes) or not isinstance(kept, Iterable):
        raise InvalidDiceError("the dice kept must be a list of numbers, got {kept!r}", kept=kept)
    values = list(kept)
    if not all(is_whole(value) for value in values):
        raise InvalidDiceError("the dice kept must be whole numbers, got {kept}", kept=values)
    missing = Counter(int(value) for value in values) - Counter(hand.dice)
    if missing:
        raise InvalidDiceError(
            "{missing} cannot be kept from {hand}",
            missing=sorted(missing.elements()),
            hand=dice_text(hand.dice),
        )
    return tuple(sorted(int(value) for value in values))


def is_whole(value: object) -> bool:
    """True for whole numbers (numpy integers included); false for bools, floats and text."""
    return isinstance(value, Integral) and not isinstance(value, bool)
