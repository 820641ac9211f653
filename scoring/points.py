"""How a matched pattern turns into points: the second half of a box's rule."""

from dataclasses import dataclass

from scoring.hand import Hand
from scoring.patterns import Face, Pattern


@dataclass(frozen=True)
class PatternSum:
    """The sum of the dice that form the pattern (6-6-3-3-1 as a pair: 12)."""

    def __call__(self, pattern: Pattern, matched: tuple[int, ...], hand: Hand) -> int:
        return sum(matched)


@dataclass(frozen=True)
class DiceSum:
    """The sum of all five dice, once the pattern is there."""

    def __call__(self, pattern: Pattern, matched: tuple[int, ...], hand: Hand) -> int:
        return hand.total


@dataclass(frozen=True)
class Fixed:
    """A fixed value, once the pattern is there (a full house for 25)."""

    value: int

    def __call__(self, pattern: Pattern, matched: tuple[int, ...], hand: Hand) -> int:
        return self.value


@dataclass(frozen=True)
class AbovePar:
    """Face boxes scored against a par: `(count - par) * face`, negative below par."""

    par: int

    def __call__(self, pattern: Pattern, matched: tuple[int, ...], hand: Hand) -> int:
        if not isinstance(pattern, Face):
            raise TypeError("AbovePar scores face boxes only")
        return (len(matched) - self.par) * pattern.face


Points = PatternSum | DiceSum | Fixed | AbovePar
