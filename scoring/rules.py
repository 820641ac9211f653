"""The declarative description of a game: its boxes, bonuses and special rules.

One engine reads these records; a new game or a house rule is a new record,
not a new code path.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from scoring.errors import UnknownBoxError
from scoring.patterns import Face, Pattern
from scoring.points import Points

ENGLISH = "en"


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
    """Everything the engine needs to know about one game."""

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

    @property
    def roll_matters(self) -> bool:
        """Whether the roll that gave a hand changes its points (first-roll doubling)."""
        return any(box.doubled_on_first_roll for box in self.boxes)

    def turns_for(self, players: int) -> int:
        """How many turns a game of this many players lasts: one per box per player."""
        return players * len(self.boxes)

    def finished_after(self, turns: int, players: int) -> bool:
        """Whether a game of this many players is over once this many turns are recorded."""
        return turns >= self.turns_for(players)

    @property
    def upper_boxes(self) -> tuple[Box, ...]:
        return tuple(b for b in self.boxes if b.section is Section.UPPER)

    @property
    def lower_boxes(self) -> tuple[Box, ...]:
        return tuple(b for b in self.boxes if b.section is Section.LOWER)

    def label(self, row: str, language: str) -> str:
        """Display name of a summary row (`upper`, `upper_bonus`, ...)."""
        names = self.labels.get(row, {})
        return names.get(language) or names.get(ENGLISH) or row.replace("_", " ").capitalize()

    def upper_box_for(self, face: int) -> Box:
        """The upper box that counts `face`."""
        return next(b for b in self.upper_boxes if b.pattern == Face(face))
