"""PostgresStore: the game store in a PostgreSQL database, shared by several servers.

Connections come from one pool per store, opened on first use. The schema is made on
first use under an advisory lock (so replicas starting together make it once) and is
checked before any game is read; a database that holds another program's tables, or
another version of ours, is refused untouched. Every save announces the game's new
revision on the `dice_table_games` channel when it commits, which `ChangeFeed` hears.
"""

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import conninfo
from psycopg_pool import ConnectionPool, PoolTimeout

from store.change_feed import CHANNEL, ChangeFeed
from store.errors import StoreError, UnreachableError
from store.game_store import GAME_COLUMNS, STATISTICS_TABLES, GameStore, Row
from store.records import summaries_again

SCHEMA_VERSION = 3
# A database of version 2 (before statistics) is brought up to date when first opened.
TABLES_VERSION = 2
POOL_SIZE = 10
# How long an operation waits for a connection (the server may be down) before it says so.
WAIT_SECONDS = 5.0
CONNECT_SECONDS = 3
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
        summary TEXT
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

    def __init__(self, url: str) -> None:
        """Use the database at the `postgresql://` URL; nothing is opened until first use."""
        self.url = url
        self.where = _place(url)
        self._pool: ConnectionPool[psycopg.Connection[Row]] | None = None
        self._feed: ChangeFeed | None = None
        self._opening = threading.Lock()

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
        """A pooled connection in a transaction: committed when the block succeeds."""
        pool = self._opened()
        try:
            with self._told(), pool.connection(timeout=WAIT_SECONDS) as conn:
                yield conn
        except PoolTimeout as exc:
            raise UnreachableError(
                f"The game database {self.where} cannot be reached (no connection within "
                f"{WAIT_SECONDS:g} s)."
            ) from exc

    @contextmanager
    def _told(self) -> Iterator[None]:
        """Re-raise psycopg's errors in the block as StoreErrors naming the database."""
        try:
            yield
        except psycopg.OperationalError as exc:
            raise UnreachableError(
                f"The game database {self.where} cannot be reached: {exc}"
            ) from exc
        except psycopg.Error as exc:
            raise StoreError(f"Cannot use the game database {self.where}: {exc}") from exc

    def _opened(self) -> ConnectionPool[psycopg.Connection[Row]]:
        """The pool, opened with the schema made or checked the first time."""
        with self._opening:
            if self._pool is not None:
                return self._pool
            self._check_schema()
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
                for statement in _CREATE + STATISTICS_TABLES:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO dice_table_meta VALUES ('schema_version', %s)",
                    (str(SCHEMA_VERSION),),
                )
                return
            self._refuse_unless_ours(conn, meta is not None, games is not None)

    def _refuse_unless_ours(self, conn: psycopg.Connection[Any], meta: bool, games: bool) -> None:
        if not meta or not games:
            raise StoreError(
                f"The game database {self.where} has a games table that is not dice-table's "
                "(or dice-table's without its games); it was left untouched."
            )
        row = conn.execute(
            "SELECT value FROM dice_table_meta WHERE key = 'schema_version'"
        ).fetchone()
        version = row[0] if row else None
        if version == str(TABLES_VERSION):
            _add_statistics(conn)
            version = str(SCHEMA_VERSION)
        if version != str(SCHEMA_VERSION):
            raise StoreError(
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
            raise StoreError(
                f"The game database {self.where} does not contain a dice-table games table "
                "in the expected layout; it was written by another program."
            )


def _add_statistics(conn: psycopg.Connection[Any]) -> None:
    """Bring a database of the version before statistics up to date: the tables for kept
    reviews and players' names, and every game's summary worked out again with what the
    statistics count (a record that is not a JSON object keeps its summary)."""
    for statement in STATISTICS_TABLES:
        conn.execute(statement)
    rows = conn.execute("SELECT id, record FROM games").fetchall()
    conn.cursor().executemany(
        "UPDATE games SET finished = %s, summary = %s WHERE id = %s", summaries_again(rows)
    )
    conn.execute(
        "UPDATE dice_table_meta SET value = %s WHERE key = 'schema_version'",
        (str(SCHEMA_VERSION),),
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
