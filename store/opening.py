"""Choosing the store: PostgreSQL for a `postgresql://` address, else an SQLite file."""

import os

from store.game_store import GameStore
from store.location import ENV_VAR
from store.postgres_store import PostgresStore
from store.sqlite_store import SqliteStore

URL_SCHEMES = ("postgresql://", "postgres://")


def open_store(address: str | os.PathLike[str] | None = None) -> GameStore:
    """The store at `address`, or at `$DICE_TABLE_DB` when None: a PostgreSQL database
    for a `postgresql://` URL, else the SQLite file at that path (or the default file)."""
    text = os.fspath(address) if address is not None else os.environ.get(ENV_VAR, "")
    if text.startswith(URL_SCHEMES):
        return PostgresStore(text)
    return SqliteStore(text or None)
