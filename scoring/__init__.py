"""Exact scoring for five Yahtzee-family dice games.

>>> from scoring import GAMES, Game, options, score
>>> score("catalan", "pair", [3, 3, 1, 5, 6], roll=1)
12
>>> options("yatzy", [6, 6, 6, 2, 2])[:2]
[('full_house', 22), ('chance', 22)]
"""

from scoring.errors import (
    BoxFilledError,
    BoxNotAllowedError,
    CorruptRecordError,
    GameOverError,
    InvalidDiceError,
    InvalidRollError,
    InvalidRollsError,
    NothingToUndoError,
    PlayerError,
    ScoringError,
    UnknownBoxError,
    UnknownGameError,
)
from scoring.game import Game, Standing, Turn
from scoring.games import GAMES
from scoring.rolls import EarlierRoll
from scoring.rules import Box, GameRules, Joker, Section, UpperBonus
from scoring.scorer import options, score
from scoring.suggestions import Reason, Suggestion, Why, suggest
from scoring.totals import Totals

__all__ = [
    "GAMES",
    "Box",
    "BoxFilledError",
    "BoxNotAllowedError",
    "CorruptRecordError",
    "EarlierRoll",
    "Game",
    "GameOverError",
    "GameRules",
    "InvalidDiceError",
    "InvalidRollError",
    "InvalidRollsError",
    "Joker",
    "NothingToUndoError",
    "PlayerError",
    "Reason",
    "ScoringError",
    "Section",
    "Standing",
    "Suggestion",
    "Totals",
    "Turn",
    "UnknownBoxError",
    "UnknownGameError",
    "UpperBonus",
    "Why",
    "options",
    "score",
    "suggest",
]
