"""Games on the shared store, each reached through its table: open one by id, save a new
one."""

import logging
from dataclasses import dataclass

from scoring import Game, GameOverError
from store import (
    BusyError,
    DiskFullError,
    ForeignSchemaError,
    ReadOnlyError,
    StoreError,
    UnreachableError,
)
from webapp.language import _, current, supported
from webapp.server import game_store

log = logging.getLogger(__name__)
# The record's key for the page language the game is played in.
LANGUAGE_FIELD = "language"


def store_trouble(error: StoreError) -> str:
    """What a visitor is told about a store failure, in words that fit either engine; the
    details (paths, addresses, the database's own words) go to the server log only."""
    log.error("game store: %s", error, exc_info=error)
    if isinstance(error, DiskFullError):
        return _(
            "The disk that holds the games is full, so nothing was saved. Every game saved "
            "so far is still there; free some space on the server and try again."
        )
    if isinstance(error, ReadOnlyError):
        return _(
            "The game store is read-only, so nothing was saved. Every game saved so far can "
            "still be seen."
        )
    if isinstance(error, BusyError):
        return _(
            "Another program is holding the game file just now, so nothing was saved. Try "
            "again in a moment."
        )
    if isinstance(error, ForeignSchemaError):
        return _(
            "The game store holds another program's data, or another version of this "
            "program's, so it was left untouched and nothing was read or saved. The server's "
            "log says what was found there."
        )
    if isinstance(error, UnreachableError):
        return _(
            "The server that holds the games cannot be reached just now, so nothing was "
            "changed. Every game saved so far is kept there; try again in a moment."
        )
    return _(
        "The game store cannot be used just now, so nothing was changed. Try again in a "
        "moment; if it goes on, the server's log says why."
    )


@dataclass(frozen=True)
class OpenGame:
    """A saved game as loaded: its id and table, the replayed game, the revision it was read
    at, and the page language it was started in (None for a game saved without one)."""

    id: str
    table: str
    game: Game
    revision: int
    language: str | None = None

    @property
    def player(self) -> str:
        """Whose turn it is; the page shows a turn only while the game is on."""
        player = self.game.current_player
        if player is None:
            raise GameOverError("the game is over: every box is filled")
        return player


def open_game(table: str, game_id: str) -> OpenGame:
    """Load and replay a saved game of `table`; raises `StoreError` (`GameNotFoundError`
    for a game of another table) or `CorruptRecordError`."""
    saved = game_store().load(game_id, table=table)
    language = saved.record.get(LANGUAGE_FIELD)
    kept = language if isinstance(language, str) else None
    return OpenGame(
        saved.id, saved.table, Game.from_dict(saved.record), saved.revision, supported(kept)
    )


def record_of(game: Game, language: str | None) -> dict[str, object]:
    """The game record as saved: the game's, and the page language it is played in (which
    `Game.from_dict` and the command lines pass over)."""
    record: dict[str, object] = game.to_dict()
    if language is not None:
        record[LANGUAGE_FIELD] = language
    return record


def save_new_game(table: str, game: Game) -> str:
    """Save a new game at `table`, played in this page's language, and return its id."""
    return game_store().create(record_of(game, current()), table=table).id
