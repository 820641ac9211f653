"""The exact advisor: the play that maximises a player's expected final score (solitaire),
each player's chance to win under that play (``win_chances``), and play to win in a
player's last turns (``advise_to_win``).

Tables are solved once per rule set by backward induction and cached on disk, in the
folder of a ``TableCache``: by default ``$DICE_TABLE_ADVISOR_CACHE`` or
``~/.cache/dice-table/advisor`` (``default_cache()``). Build them ahead with
``python -m advisor build``.
"""

from advisor.chances import win_chances
from advisor.layout import NoAdviceError, advised_games, no_chances, unsolvable
from advisor.queries import (
    BoxChoice,
    KeepChoice,
    advise_box,
    advise_keep,
    advised_first,
    expected_score,
    forget_turns,
)
from advisor.reviewing import KeepReview, Review, TurnReview, costliest, review, turning_points
from advisor.sheet_columns import advise_box_columns, advise_keep_columns
from advisor.solver import SolveAbandonedError
from advisor.tables import CACHE_ENV, TableCache, default_cache, solve_afresh
from advisor.to_win import ENDGAME, Endgame, EndgameAdvice, Line, advise_to_win, endgame

__all__ = [
    "CACHE_ENV",
    "ENDGAME",
    "BoxChoice",
    "Endgame",
    "EndgameAdvice",
    "KeepChoice",
    "KeepReview",
    "Line",
    "NoAdviceError",
    "Review",
    "SolveAbandonedError",
    "TableCache",
    "TurnReview",
    "advise_box",
    "advise_box_columns",
    "advise_keep",
    "advise_keep_columns",
    "advise_to_win",
    "advised_first",
    "advised_games",
    "costliest",
    "default_cache",
    "endgame",
    "expected_score",
    "forget_turns",
    "no_chances",
    "review",
    "solve_afresh",
    "turning_points",
    "unsolvable",
    "win_chances",
]
