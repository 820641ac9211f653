"""Opening the SQLite game file: schema creation and check, transactions, error messages."""

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from store.errors import StoreError

SCHEMA_VERSION = 1
BUSY_TIMEOUT_SECONDS = 10.0
_COLUMNS = ("id", "record", "revision", "created", "updated", "sequence")
_CREATE_GAMES = """
CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    record TEXT NOT NULL,
    revision INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    sequence INTEGER NOT NULL
)
"""


@contextmanager
def connect(path: Path) -> Iterator[sqlite3.Connection]:
    """Open the game file for one operation, creating or checking its schema, and close it.

    Any sqlite3 error raised inside the block is re-raised as a StoreError naming the file.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"Cannot open the game file {path}: {exc}") from exc
    try:
        _prepare(conn, path)
        yield conn
    except sqlite3.Error as exc:
        raise StoreError(_describe(exc, path)) from exc
    finally:
        conn.close()


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """Run the block in a write transaction: committed if it succeeds, rolled back otherwise."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def _prepare(conn: sqlite3.Connection, path: Path) -> None:
    """Create the schema in an empty file, or check that an existing file holds our schema."""
    version, tables = _read_schema_state(conn)
    if (version, tables) == (0, 0):
        with transaction(conn):
            version, tables = _read_schema_state(conn)
            if (version, tables) == (0, 0):
                conn.execute(_CREATE_GAMES)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                version = SCHEMA_VERSION
    if version == 0:
        raise StoreError(
            f"The game file {path} is an SQLite database from another program "
            "(it has tables but no dice-table schema); it was left untouched."
        )
    if version != SCHEMA_VERSION:
        raise StoreError(
            f"The game file {path} has schema version {version}, but this program "
            f"only reads version {SCHEMA_VERSION}; it was written by another program "
            "or another version of this one."
        )
    columns = tuple(row[1] for row in conn.execute("PRAGMA table_info(games)"))
    if columns != _COLUMNS:
        raise StoreError(
            f"The game file {path} does not contain a dice-table games table "
            "in the expected layout; it was written by another program."
        )
    conn.execute("PRAGMA synchronous = FULL")
    _use_wal(conn)


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL mode once; retried, as SQLite does not wait for that lock."""
    deadline = time.monotonic() + BUSY_TIMEOUT_SECONDS
    while conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if not _is_busy(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _read_schema_state(conn: sqlite3.Connection) -> tuple[int, int]:
    """Return the file's schema version and table count, read in one consistent snapshot."""
    version, tables = conn.execute(
        "SELECT (SELECT user_version FROM pragma_user_version), count(*) FROM sqlite_schema"
    ).fetchone()
    return int(version), int(tables)


def _describe(exc: sqlite3.Error, path: Path) -> str:
    """Turn an sqlite3 error into a message a player can act on."""
    code = _primary_code(exc)
    if code == sqlite3.SQLITE_NOTADB:
        return (
            f"The game file {path} is not an SQLite database (another kind of file "
            "or badly damaged); it was left untouched."
        )
    if code == sqlite3.SQLITE_CORRUPT:
        return f"The game file {path} is damaged: {exc}."
    if _is_busy(exc):
        return f"The game file {path} is busy in another program or browser; try again."
    return f"Cannot use the game file {path}: {exc}."


def _is_busy(exc: sqlite3.Error) -> bool:
    """Tell whether the error means another connection holds the lock."""
    return _primary_code(exc) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _primary_code(exc: sqlite3.Error) -> int:
    """Return SQLite's primary result code for the error (0 when it has none)."""
    return (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
