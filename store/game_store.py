"""GameStore: create, load, save, list and delete a table's game records, the same on
every engine; SqliteStore and PostgresStore say only how to reach their database."""

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from store.change_feed import ChangeFeed
from store.errors import (
    ConflictError,
    GameNotFoundError,
    QuotaError,
    StoreError,
    UnknownTableError,
)
from store.models import FiledGame, GameSummary, SavedGame
from store.records import (
    ABANDONED,
    ABANDONED_FIELD,
    FINISHED,
    PLAYING,
    Summary,
    check_id,
    check_table,
    encode,
    new_game_id,
    new_table,
    summarise,
    summary_of,
)

Row = tuple[Any, ...]


class Session(Protocol):
    """One open connection as the shared store logic uses it; SQL uses `?` placeholders."""

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run a statement and return every row it gives."""

    def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement and return how many rows it changed."""


# The games table's columns, in order, on every engine (each checks its table against it).
GAME_COLUMNS = (
    "id",
    "record",
    "revision",
    "created",
    "updated",
    "sequence",
    "table_id",
    "finished",
    "summary",
    "fingerprint",
)
_SUMMARY_COLUMNS = "id, summary, revision, created, updated"
# Every value of the `finished` column: a game in progress, finished or abandoned.
_STANDINGS = (PLAYING, FINISHED, ABANDONED)
# How many fingerprints one query looks up (well under every engine's parameter limit).
_LOOKED_UP_AT_ONCE = 500
# The tables beside the games that the statistics read, the same on every engine: each
# game's review as kept once worked out, and the names a table counts as another's.
STATISTICS_TABLES = (
    """
    CREATE TABLE reviews (
        game_id TEXT PRIMARY KEY,
        table_id TEXT NOT NULL,
        revision INTEGER NOT NULL,
        review TEXT NOT NULL
    )
    """,
    "CREATE INDEX reviews_by_table ON reviews (table_id)",
    """
    CREATE TABLE player_names (
        table_id TEXT NOT NULL,
        name_key TEXT NOT NULL,
        shown TEXT NOT NULL,
        PRIMARY KEY (table_id, name_key)
    )
    """,
)
# The tables the server has issued, each with what it holds (games, and their records'
# bytes as UTF-8), the same on every engine; a token not listed here is no table. A game's
# fingerprint has an index of its own, so that games already at a table are found without
# reading the table's other games.
ISSUED_TABLES = (
    """
    CREATE TABLE issued_tables (
        id TEXT PRIMARY KEY,
        created TEXT NOT NULL,
        games INTEGER NOT NULL,
        bytes INTEGER NOT NULL
    )
    """,
    "CREATE INDEX games_by_fingerprint ON games (table_id, fingerprint)",
)
# Longer keys or names than a player's name can have (in any normalisation) are refused.
LONGEST_NAME_TEXT = 200


@dataclass(frozen=True)
class Quota:
    """The most one table may hold: games, and bytes of their records. A public server
    gives every visitor a table, so no table may take the disk from the others."""

    games: int = 10_000
    bytes: int = 32 * 2**20


class GameStore(ABC):
    """Game records of many tables in one database, shared safely by threads, processes,
    browsers and servers.

    A game belongs to the table it was created at and is reached only through it: another
    table's token finds no such game. `save` only succeeds against the revision the caller
    loaded (optimistic concurrency), so one browser cannot silently overwrite a turn another
    browser recorded, and of two simultaneous saves of one revision exactly one lands. A
    summary of each game is kept beside its record, so lists never read records whole.
    """

    #: What error messages call the database (a file path, a server and database name).
    where: str
    #: The SQL expression that gives the next change number, which orders the lists.
    next_sequence: str
    #: Added to the read that a save makes before it writes, to hold the row until then.
    lock_row: str = ""
    #: The SQL expression that gives a stored record's size in bytes (UTF-8).
    byte_length: str
    #: The most a table may hold (tests and the server's owner may set another).
    quota: Quota = Quota()

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Session]:
        """A session for reads only."""

    @abstractmethod
    def _writing(self) -> AbstractContextManager[Session]:
        """A session in a write transaction: committed when the block succeeds."""

    @abstractmethod
    def _announce(self, session: Session, game_id: str, revision: int) -> None:
        """Tell other servers that the game is now at `revision`, when the write commits."""

    @abstractmethod
    def close(self) -> None:
        """Let go of the connections the store holds (a later call opens them again)."""

    @property
    def changes(self) -> ChangeFeed | None:
        """The feed of every server's saves as they commit; None where the engine has none,
        and pages then check the revision themselves."""
        return None

    def issue_table(self, table: str | None = None) -> str:
        """Issue a new table, a fresh token (or `table`, a token the owner brings from
        another server with its games), and return it. Only an issued table opens and
        holds games, so a token nobody was given (a guess) finds nothing and saves nothing."""
        table = new_table() if table is None else table
        check_table(table)
        with self._writing() as session:
            session.run(
                "INSERT INTO issued_tables (id, created, games, bytes) VALUES (?, ?, 0, 0)"
                " ON CONFLICT (id) DO NOTHING",
                (table, datetime.now(UTC).isoformat()),
            )
        return table

    def has_table(self, table: str) -> bool:
        """Whether the server issued this table."""
        check_table(table)
        with self._reading() as session:
            return bool(session.rows("SELECT 1 FROM issued_tables WHERE id = ?", (table,)))

    def held(self, *, table: str) -> tuple[int, int]:
        """How many games the table holds, and how many bytes their records take."""
        check_table(table)
        with self._reading() as session:
            rows = session.rows("SELECT games, bytes FROM issued_tables WHERE id = ?", (table,))
        if not rows:
            raise _unknown()
        return int(rows[0][0]), int(rows[0][1])

    def create(
        self, record: dict[str, Any], *, table: str, when: datetime | None = None
    ) -> SavedGame:
        """Store a new game at `table` under a fresh URL-safe id, at revision 1, saved now
        or at `when` (a game brought from another server keeps its time); raises
        UnknownTableError for a table never issued, QuotaError for a full one."""
        check_table(table)
        text = encode(record)
        now = _moment(when)
        stored = json.loads(text)
        summary = summarise(stored)
        with self._writing() as session:
            self._make_room(session, table, 1, _size(text))
            game_id = self._insert(session, table, text, summary, now)
        return SavedGame(game_id, table, stored, 1, now, now)

    def add_games(self, games: Sequence[FiledGame], *, table: str) -> int:
        """Store each game at `table` as `create` stores its record (marked abandoned where
        it was), saved when it says, all or none,
        leaving out any game the table already has (by its fingerprint) or that came
        before in `games`; return how many were added. The store's lock is held for the
        inserts only: the games are summarised before, and those already at the table
        are found by their fingerprints' index, never by reading its other games."""
        check_table(table)
        prepared = []
        for filed in games:
            record = filed.game.to_dict()
            if filed.abandoned:
                record[ABANDONED_FIELD] = True
            text = encode(record)
            prepared.append((text, summary_of(filed.game, filed.abandoned), _moment(filed.saved)))
        with self._writing() as session:
            known = self._known(session, table, {summary.fingerprint for _, summary, _ in prepared})
            new = []
            for text, summary, now in prepared:
                if summary.fingerprint not in known:
                    known.add(summary.fingerprint)
                    new.append((text, summary, now))
            self._make_room(session, table, len(new), sum(_size(text) for text, _, _ in new))
            for text, summary, now in new:
                self._insert(session, table, text, summary, now)
        return len(new)

    def _known(self, session: Session, table: str, fingerprints: set[str]) -> set[str]:
        """Those of `fingerprints` that games at `table` have."""
        wanted = sorted(fingerprints)
        known: set[str] = set()
        for start in range(0, len(wanted), _LOOKED_UP_AT_ONCE):
            part = wanted[start : start + _LOOKED_UP_AT_ONCE]
            marks = ", ".join("?" * len(part))
            known.update(
                str(found)
                for (found,) in session.rows(
                    "SELECT fingerprint FROM games WHERE table_id = ?"
                    f" AND fingerprint IN ({marks})",
                    (table, *part),
                )
            )
        return known

    def _make_room(self, session: Session, table: str, games: int, size: int) -> None:
        """Count `games` more games of `size` bytes in all at `table`, or raise
        UnknownTableError for a table never issued and QuotaError past its quota."""
        rows = session.rows(
            "SELECT games, bytes FROM issued_tables WHERE id = ?" + self.lock_row, (table,)
        )
        if not rows:
            raise _unknown()
        held, used = rows[0]
        if held + games > self.quota.games:
            raise QuotaError("games", self.quota.games)
        if used + size > self.quota.bytes:
            raise QuotaError("bytes", self.quota.bytes)
        session.run(
            "UPDATE issued_tables SET games = games + ?, bytes = bytes + ? WHERE id = ?",
            (games, size, table),
        )

    def _insert(
        self, session: Session, table: str, text: str, summary: Summary, now: datetime
    ) -> str:
        """Insert a new game's row at revision 1 and return its fresh id."""
        game_id = _unused_id(session)
        session.run(
            "INSERT INTO games (id, table_id, record, revision, created, updated, sequence,"
            f" finished, summary, fingerprint) VALUES (?, ?, ?, 1, ?, ?, {self.next_sequence},"
            " ?, ?, ?)",
            (
                game_id,
                table,
                text,
                now.isoformat(),
                now.isoformat(),
                summary.standing,
                summary.to_json(),
                summary.fingerprint,
            ),
        )
        self._announce(session, game_id, 1)
        return game_id

    def load(self, game_id: str, *, table: str) -> SavedGame:
        """Return the saved game with this id at `table`, or raise GameNotFoundError."""
        check_id(game_id)
        check_table(table)
        with self._reading() as session:
            rows = session.rows(
                "SELECT record, revision, created, updated FROM games"
                " WHERE id = ? AND table_id = ?",
                (game_id, table),
            )
        if not rows:
            raise self._not_found(game_id)
        return self._saved(game_id, table, rows[0])

    def _saved(self, game_id: str, table: str, row: Row) -> SavedGame:
        """A stored row (record, revision, created, updated) as a SavedGame, or StoreError
        naming the damaged game."""
        text, revision, created, updated = row
        try:
            record = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise self._damaged(game_id, f"its record is not valid JSON ({exc})") from exc
        if not isinstance(record, dict):
            raise self._damaged(game_id, "its record is not a JSON object")
        return SavedGame(
            game_id,
            table,
            record,
            self._number(game_id, revision),
            self._parse_time(game_id, created),
            self._parse_time(game_id, updated),
        )

    def revision(self, game_id: str, *, table: str) -> int:
        """The game's revision, without reading its record: a cheap check that lets a page
        see whether another device saved since it drew the sheet."""
        check_id(game_id)
        check_table(table)
        with self._reading() as session:
            rows = session.rows(
                "SELECT revision FROM games WHERE id = ? AND table_id = ?", (game_id, table)
            )
        if not rows:
            raise self._not_found(game_id)
        return self._number(game_id, rows[0][0])

    def save(self, game_id: str, record: dict[str, Any], revision: int, *, table: str) -> SavedGame:
        """Replace the game's record if it is still at `revision`; else raise ConflictError."""
        check_id(game_id)
        check_table(table)
        if not isinstance(revision, int) or isinstance(revision, bool):
            raise TypeError(f"revision must be an int, not {type(revision).__name__}")
        text = encode(record)
        now = datetime.now(UTC)
        stored = json.loads(text)
        summary = summarise(stored)
        with self._writing() as session:
            rows = session.rows(
                f"SELECT revision, created, {self.byte_length} FROM games"
                " WHERE id = ? AND table_id = ?" + self.lock_row,
                (game_id, table),
            )
            if not rows:
                raise self._not_found(game_id)
            current, created, size = rows[0]
            if current != revision:
                raise ConflictError(
                    f"Game {game_id!r} in {self.where} was saved from another browser "
                    f"(it is now at revision {current}, you loaded revision {revision}); "
                    "reload it and record your turn again."
                )
            session.run(
                f"UPDATE games SET record = ?, revision = ?, updated = ?, "
                f"sequence = {self.next_sequence}, finished = ?, summary = ?, fingerprint = ?"
                " WHERE id = ?",
                (
                    text,
                    revision + 1,
                    now.isoformat(),
                    summary.standing,
                    summary.to_json(),
                    summary.fingerprint,
                    game_id,
                ),
            )
            session.run(
                "UPDATE issued_tables SET bytes = bytes + ? WHERE id = ?",
                (_size(text) - size, table),
            )
            session.run("DELETE FROM reviews WHERE game_id = ?", (game_id,))
            self._announce(session, game_id, revision + 1)
        return SavedGame(
            game_id,
            table,
            stored,
            revision + 1,
            self._parse_time(game_id, created),
            now,
        )

    def list_games(
        self,
        *,
        table: str,
        limit: int | None = None,
        finished: bool | None = None,
        abandoned: bool | None = None,
    ) -> list[GameSummary]:
        """Summarise the table's `limit` most recently changed games (all when None), most
        recent first: only those finished or not, abandoned or not, as `finished` and
        `abandoned` say (an abandoned game is never finished); damaged ones among them
        are left out."""
        return self._scan(table, limit, finished, abandoned)[0]

    def unreadable_games(self, *, table: str, limit: int | None = None) -> list[str]:
        """The ids of the damaged games that `list_games(table=..., limit=...)` leaves out."""
        return self._scan(table, limit, None, None)[1]

    def count(
        self, *, table: str, finished: bool | None = None, abandoned: bool | None = None
    ) -> int:
        """How many games the table has (only those finished or not, abandoned or not, as
        `finished` and `abandoned` say), damaged ones included."""
        check_table(table)
        condition, standings = _among(finished, abandoned)
        sql = "SELECT count(*) FROM games WHERE table_id = ?" + condition
        params: list[Any] = [table, *standings]
        with self._reading() as session:
            return int(session.rows(sql, params)[0][0])

    def delete(self, game_id: str, *, table: str) -> None:
        """Remove the game with this id from the table, or raise GameNotFoundError."""
        check_id(game_id)
        check_table(table)
        with self._writing() as session:
            rows = session.rows(
                f"SELECT {self.byte_length} FROM games WHERE id = ? AND table_id = ?"
                + self.lock_row,
                (game_id, table),
            )
            if not rows:
                raise self._not_found(game_id)
            session.run("DELETE FROM games WHERE id = ?", (game_id,))
            session.run(
                "UPDATE issued_tables SET games = games - 1, bytes = bytes - ? WHERE id = ?",
                (rows[0][0], table),
            )
            session.run("DELETE FROM reviews WHERE game_id = ?", (game_id,))

    def games(self, *, table: str) -> list[SavedGame]:
        """Every game of the table, whole, oldest first (for its export); damaged ones are
        left out."""
        check_table(table)
        with self._reading() as session:
            rows = session.rows(
                "SELECT id, record, revision, created, updated FROM games WHERE table_id = ?"
                " ORDER BY sequence",
                (table,),
            )
        found = []
        for game_id, *row in rows:
            try:
                found.append(self._saved(str(game_id), table, tuple(row)))
            except StoreError:
                continue
        return found

    def keep_review(
        self, game_id: str, revision: int, review: dict[str, Any], *, table: str
    ) -> bool:
        """Keep what the review of the game at `revision` found; whether it was kept (not
        when the game has been saved again since, as that review is out of date)."""
        check_id(game_id)
        check_table(table)
        text = encode(review)
        with self._writing() as session:
            rows = session.rows(
                "SELECT revision FROM games WHERE id = ? AND table_id = ?" + self.lock_row,
                (game_id, table),
            )
            if not rows:
                raise self._not_found(game_id)
            if rows[0][0] != revision:
                return False
            session.run(
                "INSERT INTO reviews (game_id, table_id, revision, review) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET revision = excluded.revision,"
                " review = excluded.review",
                (game_id, table, revision, text),
            )
        return True

    def has_review(self, game_id: str, revision: int, *, table: str) -> bool:
        """Whether a review of the game at `revision` is kept."""
        check_id(game_id)
        check_table(table)
        with self._reading() as session:
            return bool(
                session.rows(
                    "SELECT 1 FROM reviews WHERE game_id = ? AND table_id = ? AND revision = ?",
                    (game_id, table, revision),
                )
            )

    def reviews(self, *, table: str) -> dict[str, dict[str, Any]]:
        """The kept reviews of the table's games, by game id: only those of each game's
        current revision, and only those that can be read."""
        check_table(table)
        with self._reading() as session:
            rows = session.rows(
                "SELECT r.game_id, r.review FROM reviews r JOIN games g"
                " ON g.id = r.game_id AND g.revision = r.revision WHERE r.table_id = ?",
                (table,),
            )
        kept: dict[str, dict[str, Any]] = {}
        for game_id, text in rows:
            try:
                review = json.loads(text)
            except (TypeError, ValueError):
                continue
            if isinstance(review, dict):
                kept[str(game_id)] = review
        return kept

    def names(self, *, table: str) -> dict[str, str]:
        """The table's renamed and merged names: each name's key, and the name it counts as."""
        check_table(table)
        with self._reading() as session:
            rows = session.rows(
                "SELECT name_key, shown FROM player_names WHERE table_id = ?", (table,)
            )
        return {str(key): str(shown) for key, shown in rows}

    def count_name_as(self, key: str, shown: str | None, *, table: str) -> None:
        """Count the name whose key is `key` as `shown` in the table's statistics, or as
        itself again when `shown` is None; no game record changes."""
        check_table(table)
        _check_name_text(key)
        with self._writing() as session:
            session.run(
                "DELETE FROM player_names WHERE table_id = ? AND name_key = ?", (table, key)
            )
            if shown is not None:
                _check_name_text(shown)
                session.run(
                    "INSERT INTO player_names (table_id, name_key, shown) VALUES (?, ?, ?)",
                    (table, key, shown),
                )

    def tables(self) -> list[tuple[str, int]]:
        """Every table with games, with how many, busiest first: for the server's owner,
        who hands out the links (the page never lists tables)."""
        with self._reading() as session:
            rows = session.rows(
                "SELECT table_id, count(*) FROM games GROUP BY table_id ORDER BY 2 DESC, 1"
            )
        return [(str(table), int(count)) for table, count in rows]

    def _scan(
        self, table: str, limit: int | None, finished: bool | None, abandoned: bool | None
    ) -> tuple[list[GameSummary], list[str]]:
        """The listed games' summaries, and the ids of those whose summary is unreadable."""
        check_table(table)
        condition, standings = _among(finished, abandoned)
        sql = f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE table_id = ?" + condition
        params: list[Any] = [table, *standings]
        sql += " ORDER BY sequence DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(int(limit))
        with self._reading() as session:
            rows = session.rows(sql, params)
        summaries: list[GameSummary] = []
        unreadable: list[str] = []
        for game_id, text, revision, created, updated in rows:
            summary = Summary.from_json(text)
            try:
                if summary is None:
                    raise self._damaged(game_id, "its record cannot be read")
                summaries.append(
                    _listed(
                        game_id,
                        summary,
                        self._number(game_id, revision),
                        self._parse_time(game_id, created),
                        self._parse_time(game_id, updated),
                    )
                )
            except StoreError:
                unreadable.append(str(game_id))
        return summaries, unreadable

    def _number(self, game_id: str, revision: Any) -> int:
        """A stored revision, or StoreError naming the damaged game."""
        if not isinstance(revision, int) or isinstance(revision, bool):
            raise self._damaged(game_id, "its revision is not a number")
        return revision

    def _parse_time(self, game_id: str, text: Any) -> datetime:
        """Parse a stored ISO timestamp, or raise StoreError naming the damaged game."""
        try:
            return datetime.fromisoformat(text)
        except (TypeError, ValueError) as exc:
            raise self._damaged(game_id, f"its timestamp {text!r} is unreadable") from exc

    def _damaged(self, game_id: str, reason: str) -> StoreError:
        """Build the error for a saved game that cannot be read."""
        return StoreError(f"The saved game {game_id!r} in {self.where} is damaged: {reason}.")

    def _not_found(self, game_id: str) -> GameNotFoundError:
        """Build the error for an id with no saved game at the table asked for."""
        return GameNotFoundError(
            f"There is no saved game {game_id!r} at this table in {self.where}."
        )


def _listed(
    game_id: str, summary: Summary, revision: int, created: datetime, updated: datetime
) -> GameSummary:
    return GameSummary(
        id=game_id,
        game=summary.game,
        players=summary.players,
        turns=summary.turns,
        finished=summary.finished,
        winners=summary.winners,
        totals=summary.totals,
        bonus=summary.bonus,
        fives=summary.fives,
        rolled=summary.rolled,
        fingerprint=summary.fingerprint,
        abandoned=summary.abandoned,
        revision=revision,
        created=created,
        updated=updated,
        house=summary.house,
        house_name=summary.house_name,
        length=summary.length,
    )


def _among(finished: bool | None, abandoned: bool | None) -> tuple[str, list[int]]:
    """The condition that keeps the games finished or not, abandoned or not (None: either),
    by their `finished` column, and its parameters."""
    kept = [
        standing
        for standing in _STANDINGS
        if finished in (None, standing == FINISHED) and abandoned in (None, standing == ABANDONED)
    ]
    if len(kept) == len(_STANDINGS):
        return "", []
    if not kept:
        return " AND 1 = 0", []
    return " AND finished IN (" + ", ".join("?" * len(kept)) + ")", kept


def _moment(when: datetime | None) -> datetime:
    """The time a game is saved at: now, or `when`, which must say its time zone."""
    if when is None:
        return datetime.now(UTC)
    if not isinstance(when, datetime) or when.tzinfo is None:
        raise ValueError("A game's time must be a datetime with its time zone.")
    return when.astimezone(UTC)


def _check_name_text(text: object) -> None:
    """Refuse a name or name key that is no text, empty, or far longer than a name."""
    if not isinstance(text, str):
        raise TypeError(f"A player's name must be a str, not {type(text).__name__}.")
    if not text.strip() or len(text) > LONGEST_NAME_TEXT:
        raise ValueError(f"A player's name has 1 to {LONGEST_NAME_TEXT} characters.")


def _size(text: str) -> int:
    """A record's size as stored and counted against its table's quota: its UTF-8 bytes."""
    return len(text.encode())


def _unknown() -> UnknownTableError:
    """Build the error for a token this server never issued (the token itself is the
    table's key, so it is not written into the message)."""
    return UnknownTableError("There is no table at this address on this server.")


def _unused_id(session: Session) -> str:
    """Draw short URL-safe ids until one is not yet taken."""
    while True:
        game_id = new_game_id()
        if not session.rows("SELECT 1 FROM games WHERE id = ?", (game_id,)):
            return game_id
