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
    RulesError,
    ScoringError,
    UnknownBoxError,
    UnknownGameError,
)
from scoring.game import Game, Standing, Turn
from scoring.games import GAMES, rules_of
from scoring.hand import FACES, Hand, dice_text
from scoring.house import (
    FIXED_BOXES,
    STRAIGHTS,
    Difference,
    HouseRules,
    differences,
    house_rules,
)
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
from scoring.rules_data import (
    LONGEST_RULES_NAME,
    MOST_POINTS,
    check_rules,
    house_mark,
    rules_from_record,
    rules_record,
    rules_signature,
    rules_variant,
)
from scoring.scorer import (
    Column,
    allowed_boxes,
    allowed_places,
    box_points,
    check_column,
    extra_bonus,
    joker_applies,
    joker_bonus,
    joker_in_play,
    options,
    score,
)
from scoring.sheet import SCRATCH, is_scratch, sheet_csv, sheet_header, sheet_rows, text_cell
from scoring.suggestions import Reason, Suggestion, Why, suggest, suggest_columns
from scoring.totals import Totals

__all__ = [
    "ENGLISH",
    "FACES",
    "FIXED_BOXES",
    "GAMES",
    "HIDDEN_CATEGORIES",
    "LONGEST_NAME",
    "LONGEST_RULES_NAME",
    "MAX_PLAYERS",
    "MOST_DICE",
    "MOST_POINTS",
    "SCRATCH",
    "STRAIGHTS",
    "Box",
    "BoxFilledError",
    "BoxNotAllowedError",
    "Column",
    "CorruptRecordError",
    "Difference",
    "EarlierRoll",
    "Game",
    "GameOverError",
    "GameRules",
    "Hand",
    "HouseRules",
    "InvalidDiceError",
    "InvalidRollError",
    "InvalidRollsError",
    "Joker",
    "NothingToUndoError",
    "PlayerError",
    "Reason",
    "RulesError",
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
    "allowed_places",
    "box_points",
    "check_column",
    "check_rules",
    "dice_text",
    "differences",
    "disguised",
    "earlier_rolls",
    "extra_bonus",
    "house_mark",
    "house_rules",
    "is_scratch",
    "joker_applies",
    "joker_bonus",
    "joker_in_play",
    "look_alikes",
    "name_key",
    "options",
    "player_name",
    "player_names",
    "report_on",
    "rules_from_record",
    "rules_of",
    "rules_record",
    "rules_signature",
    "rules_variant",
    "score",
    "sheet_csv",
    "sheet_header",
    "sheet_rows",
    "suggest",
    "suggest_columns",
    "text_cell",
]
