"""Tiny games built from the engine's own record types, small enough to solve by brute force."""

from advisor import advised_games
from scoring.patterns import Anything, Face, Groups
from scoring.points import AbovePar, DiceSum, Fixed, PatternSum
from scoring.rules import ENGLISH, Box, GameRules, Section, UpperBonus


def box(box_id: str, section: Section, pattern, points, **extra) -> Box:
    return Box(box_id, section, pattern, points, {ENGLISH: box_id}, **extra)


def tiny(game_id: str, boxes: tuple[Box, ...], bonus: UpperBonus, **rules) -> GameRules:
    return GameRules(game_id, ENGLISH, {ENGLISH: game_id}, "test game", boxes, bonus, **rules)


NO_BONUS = UpperBonus(points=0, at_least=0)

CHANCE_ONLY = tiny("chance-only", (box("chance", Section.LOWER, Anything(), DiceSum()),), NO_BONUS)

SIXES_AND_POKER = tiny(
    "sixes-and-poker",
    (
        box("sixes", Section.UPPER, Face(6), PatternSum()),
        box("five_of_a_kind", Section.LOWER, Groups((5,)), Fixed(50)),
    ),
    UpperBonus(points=35, at_least=18),
)

SCHOOL_AND_PAIR = tiny(
    "school-and-pair",
    (
        box("twos", Section.UPPER, Face(2), AbovePar(3)),
        box("pair", Section.LOWER, Groups((2,)), PatternSum(), doubled_on_first_roll=True),
    ),
    UpperBonus(points=50, at_least=0),
    upper_first=True,
)

# The games of `scoring.GAMES` that the advisor solves (Maxi Yatzy's six dice it does not).
SOLVED = advised_games()

# Six dice (as Maxi Yatzy rolls): sixes, and a tower (four alike and two alike).
SIXES_AND_TOWER = tiny(
    "sixes-and-tower",
    (
        box("sixes", Section.UPPER, Face(6), PatternSum()),
        box("tower", Section.LOWER, Groups((4, 2)), PatternSum()),
    ),
    UpperBonus(points=20, at_least=24),
    dice=6,
)
