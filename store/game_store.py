"""GameStore: create, load, save, list and delete game records in one SQLite file."""

import json
import os
import secrets
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from store.database import connect, transaction
from store.errors import ConflictError, GameNotFoundError, StoreError
from store.location import default_path
from store.models import GameSummary, SavedGame

ID_BYTES = 6
_SELECT_GAME = "SELECT id, record, revision, created, updated FROM games"
# SQLite reads the few fields a list line shows, so no record is parsed whole in Python.
_SELECT_SUMMARY = """
SELECT id, is_object,
    CASE WHEN is_object THEN json_extract(record, '$.game') END,
    CASE WHEN is_object AND json_type(record, '$.players') = 'array'
        THEN json_extract(record, '$.players') END,
    CASE WHEN is_object THEN json_array_length(record, '$.turns') END,
    revision, created, updated
FROM (
    SELECT *, CASE WHEN typeof(record) = 'text' AND json_valid(record)
        THEN json_type(record) = 'object' ELSE 0 END AS is_object
    FROM games
)
ORDER BY sequence DESC LIMIT ?
"""


class GameStore:
    """Game records kept in one SQLite file, shared safely by threads, processes and browsers.

    Every call opens its own short-lived connection and closes it before returning, so one
    GameStore (or several, on the same file) can serve any number of Streamlit session
    threads at once without sharing a connection between threads. Writes run in
    `BEGIN IMMEDIATE` transactions on a WAL-mode file with a busy timeout, so concurrent
    writers queue instead of failing, and a crash leaves either the old or the new game.
    `save` only succeeds against the revision the caller loaded (optimistic concurrency),
    so one browser cannot silently overwrite a turn another browser recorded.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        """Use the game file at `path`, or `default_path()` when None; it is opened lazily."""
        self.path: Path = (Path(path) if path is not None else default_path()).absolute()

    def create(self, record: dict[str, Any]) -> SavedGame:
        """Store a new game under a fresh URL-safe id, at revision 1."""
        text = _encode(record)
        now = datetime.now(UTC)
        with connect(self.path) as conn, transaction(conn):
            game_id = _unused_id(conn)
            conn.execute(
                "INSERT INTO games (id, record, revision, created, updated, sequence)"
                " VALUES (?, ?, 1, ?, ?, ?)",
                (game_id, text, now.isoformat(), now.isoformat(), _next_sequence(conn)),
            )
        return SavedGame(id=game_id, record=json.loads(text), revision=1, created=now, updated=now)

    def load(self, game_id: str) -> SavedGame:
        """Return the saved game with this id, or raise GameNotFoundError."""
        _check_id(game_id)
        with connect(self.path, write=False) as conn:
            row = conn.execute(f"{_SELECT_GAME} WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise self._not_found(game_id)
        return self._decode(row)

    def revision(self, game_id: str) -> int:
        """The game's revision, without reading its record: a cheap check that lets a page
        see whether another device saved since it drew the sheet."""
        _check_id(game_id)
        with connect(self.path, write=False) as conn:
            row = conn.execute("SELECT revision FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise self._not_found(game_id)
        if not isinstance(row[0], int):
            raise self._damaged(game_id, "its revision is not a number")
        return row[0]

    def save(self, game_id: str, record: dict[str, Any], revision: int) -> SavedGame:
        """Replace the game's record if it is still at `revision`; else raise ConflictError."""
        _check_id(game_id)
        if not isinstance(revision, int):
            raise TypeError(f"revision must be an int, not {type(revision).__name__}")
        text = _encode(record)
        now = datetime.now(UTC)
        with connect(self.path) as conn, transaction(conn):
            row = conn.execute(
                "SELECT revision, created FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise self._not_found(game_id)
            current, created = row
            if current != revision:
                raise ConflictError(
                    f"Game {game_id!r} in {self.path} was saved from another browser "
                    f"(it is now at revision {current}, you loaded revision {revision}); "
                    "reload it and record your turn again."
                )
            conn.execute(
                "UPDATE games SET record = ?, revision = ?, updated = ?, sequence = ? WHERE id = ?",
                (text, revision + 1, now.isoformat(), _next_sequence(conn), game_id),
            )
        return SavedGame(
            id=game_id,
            record=json.loads(text),
            revision=revision + 1,
            created=self._parse_time(game_id, created),
            updated=now,
        )

    def list_games(self, limit: int | None = None) -> list[GameSummary]:
        """Summarise the `limit` most recently changed games (all when None), most recent
        first; damaged ones among them are left out."""
        return self._scan(limit)[0]

    def unreadable_games(self, limit: int | None = None) -> list[str]:
        """The ids of the damaged games that `list_games(limit)` leaves out."""
        return self._scan(limit)[1]

    def count(self) -> int:
        """How many games are saved, damaged ones included."""
        with connect(self.path, write=False) as conn:
            return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])

    def delete(self, game_id: str) -> None:
        """Remove the game with this id, or raise GameNotFoundError."""
        _check_id(game_id)
        with connect(self.path) as conn, transaction(conn):
            if conn.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise self._not_found(game_id)

    def _scan(self, limit: int | None) -> tuple[list[GameSummary], list[str]]:
        """Summarise the `limit` most recently changed games (all when None) from a few
        fields of each record, splitting them into summaries and unreadable ids."""
        with connect(self.path, write=False) as conn:
            rows = conn.execute(_SELECT_SUMMARY, (-1 if limit is None else limit,)).fetchall()
        summaries: list[GameSummary] = []
        unreadable: list[str] = []
        for game_id, is_object, game, players, turns, revision, created, updated in rows:
            try:
                if not is_object or not isinstance(revision, int):
                    raise self._damaged(game_id, "its record cannot be read")
                summaries.append(
                    GameSummary(
                        id=game_id,
                        game=game if isinstance(game, str) else "",
                        players=_names(players),
                        turns=turns or 0,
                        created=self._parse_time(game_id, created),
                        updated=self._parse_time(game_id, updated),
                    )
                )
            except StoreError:
                unreadable.append(str(game_id))
        return summaries, unreadable

    def _decode(self, row: tuple[Any, ...]) -> SavedGame:
        """Turn a games row into a SavedGame, or raise StoreError naming the damaged game."""
        game_id, text, revision, created, updated = row
        try:
            record = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise self._damaged(game_id, f"its record is not valid JSON ({exc})") from exc
        if not isinstance(record, dict):
            raise self._damaged(game_id, "its record is not a JSON object")
        if not isinstance(revision, int):
            raise self._damaged(game_id, "its revision is not a number")
        return SavedGame(
            id=game_id,
            record=record,
            revision=revision,
            created=self._parse_time(game_id, created),
            updated=self._parse_time(game_id, updated),
        )

    def _parse_time(self, game_id: str, text: Any) -> datetime:
        """Parse a stored ISO timestamp, or raise StoreError naming the damaged game."""
        try:
            return datetime.fromisoformat(text)
        except (TypeError, ValueError) as exc:
            raise self._damaged(game_id, f"its timestamp {text!r} is unreadable") from exc

    def _damaged(self, game_id: str, reason: str) -> StoreError:
        """Build the error for a saved game that cannot be read."""
        return StoreError(f"The saved game {game_id!r} in {self.path} is damaged: {reason}.")

    def _not_found(self, game_id: str) -> GameNotFoundError:
        """Build the error for an id with no saved game."""
        return GameNotFoundError(f"There is no saved game {game_id!r} in {self.path}.")


def _encode(record: dict[str, Any]) -> str:
    """Serialise a game record to JSON text, or raise TypeError/ValueError for bad input."""
    if not isinstance(record, dict):
        raise TypeError(f"A game record must be a dict, not {type(record).__name__}.")
    try:
        return json.dumps(record, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"The game record cannot be stored as JSON: {exc}.") from exc


def _names(players: str | None) -> tuple[str, ...]:
    """The player names in a record's players array (JSON text), leaving out any non-string."""
    if players is None:
        return ()
    return tuple(name for name in json.loads(players) if isinstance(name, str))


def _check_id(game_id: str) -> None:
    """Reject ids that are not strings before they reach SQL."""
    if not isinstance(game_id, str):
        raise TypeError(f"A game id must be a str, not {type(game_id).__name__}.")


def _unused_id(conn: sqlite3.Connection) -> str:
    """Draw short URL-safe ids until one is not yet taken."""
    while True:
        game_id = secrets.token_urlsafe(ID_BYTES)
        if conn.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            return game_id


def _next_sequence(conn: sqlite3.Connection) -> int:
    """Return the next change number, which orders the resume list newest first."""
    return int(conn.execute("SELECT coalesce(max(sequence), 0) + 1 FROM games").fetchone()[0])
