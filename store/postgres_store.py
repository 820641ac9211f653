"""PostgresStore: the game store in a PostgreSQL database, shared by several servers.

Connections come from one pool per store, opened on first use. The schema is made on
first use under an advisory lock (so replicas starting together make it once) and is
checked before any game is read; a database that holds another program's tables, or
another version of ours, is refused untouched. Every save announces the game's new
revision on the `dice_table_games` channel when it commits, which `ChangeFeed` hears.
"""

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import conninfo
from psycopg_pool import ConnectionPool, PoolTimeout

from store.change_feed import CHANNEL, ChangeFeed
from store.errors import (
    DiskFullError,
    ForeignSchemaError,
    ReadOnlyError,
    StoreError,
    UnreachableError,
)
from store.game_store import GAME_COLUMNS, ISSUED_TABLES, STATISTICS_TABLES, GameStore, Row
from store.records import count_tables_again, fingerprints_again, summaries_again

SCHEMA_VERSION = 5
# A database of version 2 (before statistics), 3 (before tables were issued) or 4 (before
# summaries marked house rules) is brought up to date when first opened.
TABLES_VERSION = 2
STATISTICS_VERSION = 3
ISSUED_VERSION = 4
POOL_SIZE = 10
# How long an operation waits for a connection (the server may be down) before it says so,
# and how long one attempt to connect may take (libpq's least): well within the 5 s in
# which a page tells of a server that cannot be reached.
WAIT_SECONDS = 2.5
CONNECT_SECONDS = 2
# Once no connection could be had, every operation of the next DOWN_SECONDS says so at once
# rather than waiting again: a click's save and the page drawn after it wait only once.
DOWN_SECONDS = 5.0
# SQLSTATEs (a class, or one state) of a server that takes no connection: one that cannot
# be connected to, one shutting down, crashed or starting up, or one with no slot left.
_NO_CONNECTION = ("08", "57P01", "57P02", "57P03", "53300")
_DISK_FULL = "53100"
_READ_ONLY = "25006"
_CREATE = (
    "CREATE TABLE dice_table_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        revision INTEGER NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        sequence BIGINT NOT NULL,
        table_id TEXT NOT NULL,
        finished INTEGER NOT NULL,
        summary TEXT,
        fingerprint TEXT
    )
    """,
    "CREATE SEQUENCE games_sequence",
    "CREATE INDEX games_by_table ON games (table_id, finished, sequence)",
)
# Any fixed number: the advisory lock that replicas take to make the schema one at a time.
_SCHEMA_LOCK = 0x0D1CE7AB1E


class _PostgresSession:
    """A connection as the shared store logic uses it (its `?` become psycopg's `%s`)."""

    def __init__(self, conn: psycopg.Connection[Row]) -> None:
        self._conn = conn

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._conn.execute(sql.replace("?", "%s"), params).fetchall()

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self._conn.execute(sql.replace("?", "%s"), params).rowcount


class PostgresStore(GameStore):
    """Game records kept in a PostgreSQL database, shared by any number of servers.

    Writes are transactions at PostgreSQL's default isolation; a save reads its game
    `FOR UPDATE`, so of two simultaneous saves of one revision the second waits, then
    finds the revision moved on and raises ConflictError.
    """

    next_sequence = "nextval('games_sequence')"
    lock_row = " FOR UPDATE"
    byte_length = "octet_length(record)"

    def __init__(self, url: str) -> None:
        """Use the database at the `postgresql://` URL; nothing is opened until first use."""
        self.url = url
        self.where = _place(url)
        self._pool: ConnectionPool[psycopg.Connection[Row]] | None = None
        self._feed: ChangeFeed | None = None
        self._opening = threading.Lock()
        self._down_until = 0.0
        self._answered = 0.0

    @property
    def changes(self) -> ChangeFeed:
        """The revisions announced by every server's saves, as they commit."""
        with self._opening:
            if self._feed is None:
                self._feed = ChangeFeed(self.url)
            return self._feed

    def close(self) -> None:
        """Close the pool and stop hearing changes (a later use opens them again)."""
        with self._opening:
            pool, self._pool = self._pool, None
            feed, self._feed = self._feed, None
        if pool is not None:
            pool.close()
        if feed is not None:
            feed.close()

    @contextmanager
    def _reading(self) -> Iterator[_PostgresSession]:
        with self._connection() as conn:
            yield _PostgresSession(conn)

    _writing = _reading

    def _announce(self, session: Any, game_id: str, revision: int) -> None:
        session.rows("SELECT pg_notify(?, ?)", (CHANNEL, f"{game_id} {revision}"))

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Row]]:
        """A pooled connection in a transaction: committed when the block succeeds. None
        within WAIT_SECONDS is UnreachableError, and when no other use had one meanwhile
        (the server is down, not busy) so is every use of the next DOWN_SECONDS."""
        pool = self._opened()
        asked = time.monotonic()
        try:
            conn = pool.getconn(timeout=WAIT_SECONDS)
        except PoolTimeout as exc:
            if self._answered < asked:
                self._down_until = time.monotonic() + DOWN_SECONDS
            raise UnreachableError(
                f"The game database {self.where} cannot be reached (no connection within "
                f"{WAIT_SECONDS:g} s)."
            ) from exc
        self._answered = time.monotonic()
        try:
            with self._told(), conn:
                yield conn
        finally:
            pool.putconn(conn)

    @contextmanager
    def _told(self) -> Iterator[None]:
        """Re-raise psycopg's errors in the block as StoreErrors naming the database, each
        as its SQLSTATE says: a full disk, a read-only database, no connection, or other."""
        try:
            yield
        except psycopg.Error as exc:
            state = exc.sqlstate
            if state == _DISK_FULL:
                raise DiskFullError(
                    f"The disk holding the game database {self.where} is full: {exc}"
                ) from exc
            if state == _READ_ONLY:
                raise ReadOnlyError(f"The game database {self.where} is read-only: {exc}") from exc
            # psycopg's own failures to connect, or to hear back, have no SQLSTATE.
            if (state or "").startswith(_NO_CONNECTION) or (
                state is None and isinstance(exc, psycopg.OperationalError)
            ):
                raise UnreachableError(
                    f"The game database {self.where} cannot be reached: {exc}"
                ) from exc
            raise StoreError(f"Cannot use the game database {self.where}: {exc}") from exc

    def _opened(self) -> ConnectionPool[psycopg.Connection[Row]]:
        """The pool, opened with the schema made or checked the first time; UnreachableError
        at once while the server was found unreachable less than DOWN_SECONDS ago."""
        with self._opening:
            if time.monotonic() < self._down_until:
                raise UnreachableError(
                    f"The game database {self.where} cannot be reached (it could not be "
                    f"reached less than {DOWN_SECONDS:g} s ago)."
                )
            if self._pool is not None:
                return self._pool
            try:
                self._check_schema()
            except UnreachableError:
                self._down_until = time.monotonic() + DOWN_SECONDS
                raise
            pool: ConnectionPool[psycopg.Connection[Row]] = ConnectionPool(
                self.url,
                min_size=1,
                max_size=POOL_SIZE,
                timeout=WAIT_SECONDS,
                kwargs={"connect_timeout": CONNECT_SECONDS},
                check=ConnectionPool.check_connection,
                open=False,
                name="dice-table",
            )
            pool.open(wait=False)
            self._pool = pool
            return pool

    def _check_schema(self) -> None:
        """Make the schema in a database without it, or refuse one that is not ours."""
        with self._told(), psycopg.connect(self.url, connect_timeout=CONNECT_SECONDS) as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            meta, games = conn.execute(
                "SELECT to_regclass('dice_table_meta'), to_regclass('games')"
            ).fetchone() or (None, None)
            if meta is None and games is None:
                for statement in _CREATE + STATISTICS_TABLES + ISSUED_TABLES:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO dice_table_meta VALUES ('schema_version', %s)",
                    (str(SCHEMA_VERSION),),
                )
                return
            self._refuse_unless_ours(conn, meta is not None, games is not None)

    def _refuse_unless_ours(self, conn: psycopg.Connection[Any], meta: bool, games: bool) -> None:
        if not meta or not games:
            raise ForeignSchemaError(
                f"The game database {self.where} has a games table that is not dice-table's "
                "(or dice-table's without its games); it was left untouched."
            )
        row = conn.execute(
            "SELECT value FROM dice_table_meta WHERE key = 'schema_version'"
        ).fetchone()
        version = row[0] if row else None
        if version == str(TABLES_VERSION):
            _add_statistics(conn)
            version = str(STATISTICS_VERSION)
        if version == str(STATISTICS_VERSION):
            _issue_tables(conn)
            version = str(ISSUED_VERSION)
        if version == str(ISSUED_VERSION):
            _summarise_all(conn)
            _set_version(conn, SCHEMA_VERSION)
            version = str(SCHEMA_VERSION)
        if version != str(SCHEMA_VERSION):
            raise ForeignSchemaError(
                f"The game database {self.where} has schema version {version}, but this "
                f"program only reads version {SCHEMA_VERSION}; it was written by another "
                "program or another version of this one."
            )
        columns = [
            name
            for (name,) in conn.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_name = 'games'"
                " AND table_schema = current_schema() ORDER BY ordinal_position"
            ).fetchall()
        ]
        if tuple(columns) != GAME_COLUMNS:
            raise ForeignSchemaError(
                f"The game database {self.where} does not contain a dice-table games table "
                "in the expected layout; it was written by another program."
            )


def _add_statistics(conn: psycopg.Connection[Any]) -> None:
    """Bring a database of the version before statistics up to date: the tables for kept
    reviews and players' names, and every game's summary worked out again with what the
    statistics count (a record that is not a JSON object keeps its summary)."""
    for statement in STATISTICS_TABLES:
        conn.execute(statement)
    _summarise_all(conn)
    _set_version(conn, STATISTICS_VERSION)


def _issue_tables(conn: psycopg.Connection[Any]) -> None:
    """Bring a database of the version before tables were issued up to date: every table
    with games is issued, with what it holds, and each game's fingerprint gets its column."""
    conn.execute("ALTER TABLE games ADD COLUMN fingerprint TEXT")
    rows = conn.execute("SELECT id, summary FROM games").fetchall()
    conn.cursor().executemany(
        "UPDATE games SET fingerprint = %s WHERE id = %s", fingerprints_again(rows)
    )
    for statement in ISSUED_TABLES:
        conn.execute(statement)
    held = count_tables_again(conn.execute("SELECT table_id, created, record FROM games"))
    conn.cursor().executemany("INSERT INTO issued_tables VALUES (%s, %s, %s, %s)", held)
    _set_version(conn, ISSUED_VERSION)


def _summarise_all(conn: psycopg.Connection[Any]) -> None:
    """Work out every stored game's summary (and whether it is finished) again; a record
    that is not a JSON object keeps its summary."""
    rows = conn.execute("SELECT id, record FROM games").fetchall()
    conn.cursor().executemany(
        "UPDATE games SET finished = %s, summary = %s WHERE id = %s", summaries_again(rows)
    )


def _set_version(conn: psycopg.Connection[Any], version: int) -> None:
    conn.execute(
        "UPDATE dice_table_meta SET value = %s WHERE key = 'schema_version'", (str(version),)
    )


def _place(url: str) -> str:
    """The database's server and name, as messages show them (never a password)."""
    try:
        parts = conninfo.conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise StoreError(f"The game database address is not a PostgreSQL URL: {exc}") from exc
    host = parts.get("host") or "localhost"
    port = parts.get("port") or "5432"
    return f"postgresql://{host}:{port}/{parts.get('dbname') or ''}"
