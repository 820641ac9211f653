"""SqliteStore: the game store in one SQLite file, the embedded default."""

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from store.game_store import GameStore, Row, Session
from store.location import default_path
from store.sqlite_file import connect, transaction


class _SqliteSession:
    """A connection as the shared store logic uses it."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._conn.execute(sql, params).fetchall()

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._conn.execute(sql, params).rowcount


class SqliteStore(GameStore):
    """Game records kept in one SQLite file, shared safely by threads and processes.

    Every call opens its own short-lived connection and closes it before returning, so one
    store (or several, on the same file) serves any number of page threads without sharing
    a connection between threads. Writes run in `BEGIN IMMEDIATE` transactions on a
    WAL-mode file with a busy timeout, so concurrent writers queue instead of failing, and
    a crash leaves either the old or the new game.
    """

    next_sequence = "(SELECT coalesce(max(sequence), 0) + 1 FROM games)"
    byte_length = "length(CAST(record AS BLOB))"

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        """Use the game file at `path`, or `default_path()` when None; it is opened lazily."""
        self.path: Path = (Path(path) if path is not None else default_path()).absolute()
        self.where = str(self.path)

    @contextmanager
    def _reading(self) -> Iterator[_SqliteSession]:
        with connect(self.path, write=False) as conn:
            yield _SqliteSession(conn)

    @contextmanager
    def _writing(self) -> Iterator[_SqliteSession]:
        with connect(self.path) as conn, transaction(conn):
            yield _SqliteSession(conn)

    def _announce(self, session: Session, game_id: str, revision: int) -> None:
        """Nobody is told: pages on an SQLite file check the revision themselves."""

    def close(self) -> None:
        """Nothing to let go of: every call opens and closes its own connection."""
