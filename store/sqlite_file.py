"""Opening the SQLite game file: schema creation and check, transactions, error messages.

An operation that only reads opens the file read-only, so a full disk or a folder that
cannot be written still shows every game; when even that needs a file SQLite cannot make
there (the WAL mode's shared-memory file), the file is read as it stands on disk, which
holds every saved change once no connection is open. A write that cannot be made says
why: the disk is full, the folder is read-only, or another program holds the lock (waited
for at most BUSY_TIMEOUT_SECONDS).
"""

import errno
import logging
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from store.errors import (
    BusyError,
    DiskFullError,
    ForeignSchemaError,
    ReadOnlyError,
    StoreError,
)
from store.game_store import GAME_COLUMNS, ISSUED_TABLES, STATISTICS_TABLES
from store.records import count_tables_again, fingerprints_again, new_table, summaries_again

log = logging.getLogger(__name__)
SCHEMA_VERSION = 5
# Files of version 1 (before tables), 2 (before statistics), 3 (before tables were
# issued) and 4 (before summaries marked house rules) are brought up to date when first
# opened to write.
EARLIER_VERSION = 1
TABLES_VERSION = 2
STATISTICS_VERSION = 3
ISSUED_VERSION = 4
BUSY_TIMEOUT_SECONDS = 2.0
# What SQLite says when the file system, not the file, keeps a read-only open from working.
_CANNOT_SHARE = (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_IOERR)
# Free space under which a write failure is put down to a full disk: SQLite's journal and
# shared-memory files need some tens of kilobytes.
ROOM_NEEDED = 256 * 1024
_GAMES = """
    CREATE TABLE games (
        id TEXT PRIMARY KEY NOT NULL,
        record TEXT NOT NULL,
        revision INTEGER NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        sequence INTEGER NOT NULL,
        table_id TEXT NOT NULL,
        finished INTEGER NOT NULL,
        summary TEXT,
        fingerprint TEXT
    )
    """
# What version 2 added beside the games: its meta table, and the index by which a table's
# start page reads its most recent games, in progress or finished, first.
_TABLES_ADDED = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)",
    "CREATE INDEX games_by_table ON games (table_id, finished, sequence)",
)
# The next change number is the largest so far plus one: found in this index, never by
# reading every table's games.
_BY_SEQUENCE = "CREATE INDEX games_by_sequence ON games (sequence)"
_CREATE = (_GAMES, *_TABLES_ADDED, *STATISTICS_TABLES, *ISSUED_TABLES, _BY_SEQUENCE)
# The key in `meta` of the table that holds the games saved before there were tables.
EARLIER_GAMES_KEY = "earlier_games_table"


@contextmanager
def connect(path: Path, write: bool = True) -> Iterator[sqlite3.Connection]:
    """Open the game file for one operation and close it: to write (creating or checking
    its schema), or read-only when `write` is false and the file exists.

    A file of an earlier version is opened to write even to read, once, so that it is
    brought up to date. Any sqlite3 error raised inside the block is re-raised as a
    StoreError naming the file.
    """
    reading = not write and path.exists()
    conn = _read_only(path) if reading else _writable(path)
    try:
        if reading and _read_schema_state(conn)[0] in _UPGRADES:
            conn.close()
            conn, reading = _writable(path), False
        _prepare(conn, path, write=not reading)
        yield conn
    except sqlite3.Error as exc:
        raise _failure(exc, path) from exc
    finally:
        conn.close()


def _writable(path: Path) -> sqlite3.Connection:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return sqlite3.connect(path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
    except OSError as exc:
        raise _os_failure(exc, path) from exc
    except sqlite3.Error as exc:
        raise _failure(exc, path) from exc


def _read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection; read as the file stands when SQLite cannot share it."""
    address = f"file:{quote(str(path))}?mode=ro"
    try:
        conn = sqlite3.connect(address, uri=True, timeout=BUSY_TIMEOUT_SECONDS)
        _read_schema_state(conn)
        return conn
    except sqlite3.Error as exc:
        if _primary_code(exc) not in _CANNOT_SHARE:
            raise _failure(exc, path) from exc
    try:
        return sqlite3.connect(f"{address}&immutable=1", uri=True)
    except sqlite3.Error as exc:
        raise _failure(exc, path) from exc


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


def _prepare(conn: sqlite3.Connection, path: Path, write: bool) -> None:
    """Check that the file holds our schema; to write, first create it in an empty file
    (or bring a file of an earlier version up to date) and use WAL mode."""
    version, tables = _read_schema_state(conn)
    if write and (version, tables) == (0, 0):
        with transaction(conn):
            version, tables = _read_schema_state(conn)
            if (version, tables) == (0, 0):
                for statement in _CREATE:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                version = SCHEMA_VERSION
    while write and version in _UPGRADES:
        with transaction(conn):
            if _read_schema_state(conn)[0] == version:
                _UPGRADES[version](conn)
            version = _read_schema_state(conn)[0]
    if version == 0:
        raise ForeignSchemaError(
            f"The game file {path} is an SQLite database from another program "
            "(it has tables but no dice-table schema); it was left untouched."
        )
    if version in _UPGRADES:
        raise StoreError(
            f"The game file {path} was saved by an earlier version of this program; it is "
            "brought up to date the first time the server can write to it."
        )
    if version != SCHEMA_VERSION:
        raise ForeignSchemaError(
            f"The game file {path} has schema version {version}, but this program "
            f"only reads version {SCHEMA_VERSION}; it was written by another program "
            "or another version of this one."
        )
    columns = tuple(row[1] for row in conn.execute("PRAGMA table_info(games)"))
    if columns != GAME_COLUMNS:
        raise ForeignSchemaError(
            f"The game file {path} does not contain a dice-table games table "
            "in the expected layout; it was written by another program."
        )
    if write:
        conn.execute("PRAGMA synchronous = FULL")
        _use_wal(conn)


def _add_tables(conn: sqlite3.Connection) -> None:
    """Bring a file of the version before tables up to date: every game it holds goes to
    one new table (`earlier_games_table`), and each gets its summary."""
    _check_columns(conn, GAME_COLUMNS[:6])
    table = new_table()
    conn.execute(f"ALTER TABLE games ADD COLUMN table_id TEXT NOT NULL DEFAULT '{table}'")
    conn.execute("ALTER TABLE games ADD COLUMN finished INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE games ADD COLUMN summary TEXT")
    _summarise_all(conn)
    for statement in _TABLES_ADDED:
        conn.execute(statement)
    conn.execute("DROP INDEX IF EXISTS games_by_change")
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (EARLIER_GAMES_KEY, table))
    conn.execute(f"PRAGMA user_version = {TABLES_VERSION}")
    log.warning("The games saved before tables existed are now at the table %s.", table)


def _add_statistics(conn: sqlite3.Connection) -> None:
    """Bring a file of the version before statistics up to date: the tables for kept
    reviews and players' names, and every game's summary worked out again with what the
    statistics count."""
    for statement in STATISTICS_TABLES:
        conn.execute(statement)
    _summarise_all(conn)
    conn.execute(f"PRAGMA user_version = {STATISTICS_VERSION}")


def _issue_tables(conn: sqlite3.Connection) -> None:
    """Bring a file of the version before tables were issued up to date: every table with
    games is issued, with what it holds, and each game's fingerprint gets its column."""
    _check_columns(conn, GAME_COLUMNS[:-1])
    conn.execute("ALTER TABLE games ADD COLUMN fingerprint TEXT")
    conn.executemany(
        "UPDATE games SET fingerprint = ? WHERE id = ?",
        fingerprints_again(conn.execute("SELECT id, summary FROM games").fetchall()),
    )
    for statement in (*ISSUED_TABLES, _BY_SEQUENCE):
        conn.execute(statement)
    conn.executemany(
        "INSERT INTO issued_tables (id, created, games, bytes) VALUES (?, ?, ?, ?)",
        count_tables_again(conn.execute("SELECT table_id, created, record FROM games")),
    )
    conn.execute(f"PRAGMA user_version = {ISSUED_VERSION}")


def _mark_house_rules(conn: sqlite3.Connection) -> None:
    """Bring a file of the version before summaries marked house rules up to date: every
    game's summary worked out again, so its statistics count under its own rules."""
    _summarise_all(conn)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _check_columns(conn: sqlite3.Connection, expected: tuple[str, ...]) -> None:
    """Refuse, before an upgrade, a games table whose columns are not those of the
    version it claims."""
    columns = tuple(row[1] for row in conn.execute("PRAGMA table_info(games)"))
    if columns != expected:
        raise ForeignSchemaError(
            "The game file does not contain a dice-table games table in the expected "
            "layout; it was written by another program."
        )


def _summarise_all(conn: sqlite3.Connection) -> None:
    """Work out every stored game's summary (and whether it is finished) again."""
    rows = conn.execute("SELECT id, record FROM games").fetchall()
    conn.executemany(
        "UPDATE games SET finished = ?, summary = ? WHERE id = ?", summaries_again(rows)
    )


_UPGRADES = {
    EARLIER_VERSION: _add_tables,
    TABLES_VERSION: _add_statistics,
    STATISTICS_VERSION: _issue_tables,
    ISSUED_VERSION: _mark_house_rules,
}


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


def _failure(exc: sqlite3.Error, path: Path) -> StoreError:
    """Turn an sqlite3 error into a StoreError a player can act on."""
    code = _primary_code(exc)
    if code == sqlite3.SQLITE_NOTADB:
        return StoreError(
            f"The game file {path} is not an SQLite database (another kind of file "
            "or badly damaged); it was left untouched."
        )
    if code == sqlite3.SQLITE_CORRUPT:
        return StoreError(f"The game file {path} is damaged: {exc}.")
    if code == sqlite3.SQLITE_FULL or (code in _CANNOT_SHARE and _disk_full(path)):
        return DiskFullError(f"The disk holding the game file {path} is full: {exc}.")
    if code == sqlite3.SQLITE_READONLY or (code in _CANNOT_SHARE and _read_only_folder(path)):
        return ReadOnlyError(f"The game file {path} or its folder cannot be written: {exc}.")
    if _is_busy(exc):
        return BusyError(f"The game file {path} is busy in another program or browser.")
    return StoreError(f"Cannot use the game file {path}: {exc}.")


def _disk_full(path: Path) -> bool:
    """Whether the disk holding the game file has no room left for SQLite's own files."""
    try:
        disk = os.statvfs(path.parent)
    except OSError:
        return False
    return disk.f_bavail * disk.f_frsize < ROOM_NEEDED


def _read_only_folder(path: Path) -> bool:
    """Whether the game file's folder is on a read-only disk or cannot be written to."""
    try:
        disk = os.statvfs(path.parent)
    except OSError:
        return False
    return bool(disk.f_flag & os.ST_RDONLY) or not os.access(path.parent, os.W_OK)


def _os_failure(exc: OSError, path: Path) -> StoreError:
    """Turn a failure to make the game file's folder into a StoreError."""
    if exc.errno == errno.ENOSPC:
        return DiskFullError(f"The disk holding the game file {path} is full: {exc}.")
    if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return ReadOnlyError(f"The folder of the game file {path} cannot be written: {exc}.")
    return StoreError(f"Cannot open the game file {path}: {exc}")


def _is_busy(exc: sqlite3.Error) -> bool:
    """Tell whether the error means another connection holds the lock."""
    return _primary_code(exc) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _primary_code(exc: sqlite3.Error) -> int:
    """Return SQLite's primary result code for the error (0 when it has none)."""
    return (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
