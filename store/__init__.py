"""Persistence of game records, by table: one SQLite file by default, or a PostgreSQL
database when $DICE_TABLE_DB is a `postgresql://` URL."""

from store.change_feed import ChangeFeed
from store.errors import (
    BusyError,
    ConflictError,
    DiskFullError,
    GameNotFoundError,
    ReadOnlyError,
    StoreError,
    UnreachableError,
)
from store.game_file import LARGEST_FILE, GamesFileError, games_file, read_games_file
from store.game_store import GameStore
from store.location import ENV_VAR, default_path
from store.models import GameSummary, SavedGame
from store.opening import open_store
from store.postgres_store import PostgresStore
from store.records import is_table_token, new_table
from store.sqlite_store import SqliteStore

__all__ = [
    "ENV_VAR",
    "LARGEST_FILE",
    "BusyError",
    "ChangeFeed",
    "ConflictError",
    "DiskFullError",
    "GameNotFoundError",
    "GameStore",
    "GameSummary",
    "GamesFileError",
    "PostgresStore",
    "ReadOnlyError",
    "SavedGame",
    "SqliteStore",
    "StoreError",
    "UnreachableError",
    "default_path",
    "games_file",
    "is_table_token",
    "new_table",
    "open_store",
    "read_games_file",
]
