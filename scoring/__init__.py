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
from scoring.games import GAMES, rules_of
from scoring.hand import FACES, Hand, dice_text
from scoring.players import (
    HIDDEN_CATEGORIES,
    LONGEST_NAME,
    MAX_PLAYERS,
    disguised,
    look_alikes,
    name_key,
    player_name,
    player_names,
)
from scoring.record_file import report_on
from scoring.rolls import EarlierRoll, earlier_rolls
from scoring.rules import ENGLISH, MOST_DICE, Box, GameRules, Joker, Section, UpperBonus
from scoring.scorer import (
    Column,
    allowed_boxes,
    box_points,
    check_column,
    extra_bonus,
    joker_applies,
    options,
    score,
)
from scoring.sheet import SCRATCH, is_scratch, sheet_csv, sheet_rows, text_cell
from scoring.suggestions import Reason, Suggestion, Why, suggest
from scoring.totals import Totals

__all__ = [
    "ENGLISH",
    "FACES",
    "GAMES",
    "HIDDEN_CATEGORIES",
    "LONGEST_NAME",
    "MAX_PLAYERS",
    "MOST_DICE",
    "SCRATCH",
    "Box",
    "BoxFilledError",
    "BoxNotAllowedError",
    "Column",
    "CorruptRecordError",
    "EarlierRoll",
    "Game",
    "GameOverError",
    "GameRules",
    "Hand",
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
    "allowed_boxes",
    "box_points",
    "check_column",
    "dice_text",
    "disguised",
    "earlier_rolls",
    "extra_bonus",
    "is_scratch",
    "joker_applies",
    "look_alikes",
    "name_key",
    "options",
    "player_name",
    "player_names",
    "report_on",
    "rules_of",
    "score",
    "sheet_csv",
    "sheet_rows",
    "suggest",
    "text_cell",
]
