"""Persistence of game records in one SQLite file (path from $DICE_TABLE_DB)."""

from store.errors import ConflictError, GameNotFoundError, StoreError
from store.game_store import GameStore
from store.location import default_path
from store.models import GameSummary, SavedGame

__all__ = [
    "ConflictError",
    "GameNotFoundError",
    "GameStore",
    "GameSummary",
    "SavedGame",
    "StoreError",
    "default_path",
]
