"""Persistence of game records in one SQLite file (path from $DICE_TABLE_DB)."""

from store.errors import (
    BusyError,
    ConflictError,
    DiskFullError,
    GameNotFoundError,
    ReadOnlyError,
    StoreError,
)
from store.game_store import GameStore
from store.location import default_path
from store.models import GameSummary, SavedGame

__all__ = [
    "BusyError",
    "ConflictError",
    "DiskFullError",
    "GameNotFoundError",
    "GameStore",
    "GameSummary",
    "ReadOnlyError",
    "SavedGame",
    "StoreError",
    "default_path",
]
