"""The declarative description of a game: its boxes, bonuses and special rules.

One engine reads these records; a new game or a house rule is a new record,
not a new code path.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property
from numbers import Integral
from typing import cast

from scoring.errors import InvalidRollError, UnknownBoxError
from scoring.hand import Hand, is_whole
from scoring.patterns import Face, Pattern
from scoring.points import Points

ENGLISH = "en"
# The most dice a game may roll (Maxi Yatzy's six): a page draws this many rows at most.
MOST_DICE = 6


class Section(StrEnum):
    """The two halves of a scoresheet: face boxes above, combinations below."""

    UPPER = "upper"
    LOWER = "lower"


@dataclass(frozen=True, eq=False)
class Box:
    """One row of the scoresheet: a pattern, how it scores, and its names.

    `made_bonus` is added when the pattern is there (after any doubling);
    `doubled_on_first_roll` doubles the dice points of a hand from roll 1.
    """

    id: str
    section: Section
    pattern: Pattern
    points: Points
    names: Mapping[str, str]
    made_bonus: int = 0
    doubled_on_first_roll: bool = False

    def name(self, language: str) -> str:
        """Display name in `language`, falling back to English."""
        return self.names.get(language, self.names[ENGLISH])


@dataclass(frozen=True)
class UpperBonus:
    """Points added when the upper sum reaches `at_least`."""

    points: int
    at_least: int


@dataclass(frozen=True)
class Joker:
    """Extra five of a kind: a bonus while the box holds its full value, and forced use.

    `on_scratch` says whether the forced joker also applies when the
    five-of-a-kind box holds 0 (it does in Hasbro Yahtzee, without the bonus).
    """

    box: str
    bonus: int
    on_scratch: bool


@dataclass(frozen=True)
class GameRules:
    """Everything the engine needs to know about one game.

    `boxes` are in the sheet's order, which `forced_order` makes the order of play.
    A turn is `rolls` rolls of `dice` dice; with `saved_rolls`, the rolls a turn leaves
    unused are the player's for later turns. Each player keeps one column of the boxes
    per entry of `columns`, whose total counts that many times (Triple Yahtzee's 1, 2,
    3). `name` is a table's own name for its rules.
    """

    id: str
    language: str
    title: Mapping[str, str]
    summary: str
    boxes: tuple[Box, ...]
    upper_bonus: UpperBonus
    upper_first: bool = False
    joker: Joker | None = None
    settles_against_average: bool = False
    labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    dice: int = 5
    rolls: int = 3
    saved_rolls: bool = False
    forced_order: bool = False
    name: str = ""
    columns: tuple[int, ...] = (1,)
    box_by_id: Mapping[str, Box] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "box_by_id", {b.id: b for b in self.boxes})

    def box(self, box_id: str) -> Box:
        """The box with this id; raises `UnknownBoxError` with the valid ids."""
        try:
            return self.box_by_id[box_id]
        except (KeyError, TypeError):
            raise UnknownBoxError(
                "{game} has no box {box!r}; its boxes are: {boxes}",
                game=self.id,
                box=box_id,
                boxes=", ".join(self.box_by_id),
            ) from None

    def hand(self, dice: Iterable[int]) -> Hand:
        """`dice` as a hand of this game; raises `InvalidDiceError` for the wrong count."""
        return Hand.of(dice, self.dice)

    @property
    def most_saved(self) -> int:
        """The most rolls a player can have saved: every turn but the last leaving all but one."""
        return (self.rolls - 1) * (self.boxes_per_player - 1) if self.saved_rolls else 0

    @property
    def boxes_per_player(self) -> int:
        """How many boxes each player fills, in all their columns: one turn each."""
        return len(self.boxes) * len(self.columns)

    def check_roll(self, roll: object, saved: int | None = None) -> int:
        """`roll` if a hand may come from it, with `saved` rolls in hand (any a player could
        have when not given); raises `InvalidRollError` otherwise."""
        last = self.rolls + (self.most_saved if saved is None else saved)
        number = int(cast("Integral", roll)) if is_whole(roll) else 0
        if not 1 <= number <= last:
            raise InvalidRollError(
                "the roll number is from 1 to {last}, got {roll!r}", last=last, roll=roll
            )
        return number

    @property
    def roll_matters(self) -> bool:
        """Whether the roll that gave a hand changes its points (first-roll doubling)."""
        return any(box.doubled_on_first_roll for box in self.boxes)

    def turns_for(self, players: int) -> int:
        """How many turns a game of this many players lasts: one per box per player."""
        return players * self.boxes_per_player

    def finished_after(self, turns: int, players: int) -> bool:
        """Whether a game of this many players is over once this many turns are recorded."""
        return turns >= self.turns_for(players)

    @property
    def upper_boxes(self) -> tuple[Box, ...]:
        return tuple(b for b in self.boxes if b.section is Section.UPPER)

    @property
    def lower_boxes(self) -> tuple[Box, ...]:
        return tuple(b for b in self.boxes if b.section is Section.LOWER)

    def check_column(self, column: object) -> int:
        """`column` (from 0) if the sheet has it; raises `UnknownBoxError` otherwise."""
        if isinstance(column, bool) or not isinstance(column, int):
            column = -1
        if not 0 <= column < len(self.columns):
            raise UnknownBoxError(
                "{game} has columns 1 to {count}, not {column!r}",
                game=self.id,
                count=len(self.columns),
                column=column,
            )
        return column

    @cached_property
    def upper_places(self) -> int:
        """The upper boxes as bits over the sheet's places (bit i is `boxes[i]`)."""
        return sum(1 << i for i, b in enumerate(self.boxes) if b.section is Section.UPPER)

    @cached_property
    def face_places(self) -> Mapping[int, int]:
        """Each face's upper box as a bit over the sheet's places (0 where it has none)."""
        return {
            b.pattern.face: 1 << i for i, b in enumerate(self.boxes) if isinstance(b.pattern, Face)
        }

    def label(self, row: str, language: str) -> str:
        """Display name of a summary row (`upper`, `upper_bonus`, ...)."""
        names = self.labels.get(row, {})
        return names.get(language) or names.get(ENGLISH) or row.replace("_", " ").capitalize()

    def upper_box_for(self, face: int) -> Box:
        """The upper box that counts `face`."""
        return next(b for b in self.upper_boxes if b.pattern == Face(face))
