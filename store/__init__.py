"""Persistence of game records, by table: one SQLite file by default, or a PostgreSQL
database when $DICE_TABLE_DB is a `postgresql://` URL."""

from store.change_feed import ChangeFeed
from store.errors import (
    BusyError,
    ConflictError,
    DiskFullError,
    ForeignSchemaError,
    GameNotFoundError,
    QuotaError,
    ReadOnlyError,
    StoreError,
    UnknownTableError,
    UnreachableError,
)
from store.game_file import (
    LARGEST_FILE,
    GamesFileError,
    checked_game,
    games_file,
    games_in_file,
    read_games_file,
)
from store.game_store import GameStore, Quota
from store.location import ENV_VAR, default_path
from store.models import FiledGame, GameSummary, SavedGame
from store.opening import open_store
from store.postgres_store import PostgresStore
from store.records import ABANDONED_FIELD, is_table_token, new_table
from store.sqlite_store import SqliteStore

__all__ = [
    "ABANDONED_FIELD",
    "ENV_VAR",
    "LARGEST_FILE",
    "BusyError",
    "ChangeFeed",
    "ConflictError",
    "DiskFullError",
    "FiledGame",
    "ForeignSchemaError",
    "GameNotFoundError",
    "GameStore",
    "GameSummary",
    "GamesFileError",
    "PostgresStore",
    "Quota",
    "QuotaError",
    "ReadOnlyError",
    "SavedGame",
    "SqliteStore",
    "StoreError",
    "UnknownTableError",
    "UnreachableError",
    "checked_game",
    "default_path",
    "games_file",
    "games_in_file",
    "is_table_token",
    "new_table",
    "open_store",
    "read_games_file",
]
