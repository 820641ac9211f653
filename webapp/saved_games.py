"""Games on the shared store, each reached through its table: open one by id, save a new
one (or a rematch of one), mark one abandoned, find the house rules it played lately."""

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring import Game, GameOverError, GameRules, RulesError, rules_from_record
from store import (
    ABANDONED_FIELD,
    BusyError,
    DiskFullError,
    ForeignSchemaError,
    ReadOnlyError,
    StoreError,
    UnreachableError,
)
from webapp.language import _, current, supported
from webapp.server import game_store, saving
from webapp.shared_turn import SharedTurn, turn_of

log = logging.getLogger(__name__)
# The record's key for the page language the game is played in.
LANGUAGE_FIELD = "language"
# A table's house rules are looked for among its games changed most recently.
RULES_LOOKED_AT = 20


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


# A sheet's entries, each (player, box, dice, roll).
Entries = tuple[tuple[str, str, tuple[int, ...], int], ...]


@dataclass(frozen=True)
class OpenGame:
    """A saved game as loaded: its id and table, the replayed game, the revision it was read
    at, the page language it was started in (None for a game saved without one), the
    turn in progress as the table shares it, and whether the game was abandoned."""

    id: str
    table: str
    game: Game
    revision: int
    language: str | None = None
    turn: SharedTurn = field(default_factory=lambda: SharedTurn(0))
    abandoned: bool = False

    @property
    def in_play(self) -> bool:
        """Whether turns are still played: the game is neither over nor abandoned."""
        return not (self.game.finished or self.abandoned)

    @property
    def entries(self) -> Entries:
        """The sheet's entries as they stand, to key what is worked out from them (the
        revision moves on with the turn in progress too, which changes none of it)."""
        return tuple((t.player, t.box, t.dice, t.roll) for t in self.game.turns)

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
    game = Game.from_dict(saved.record)
    turn = turn_of(saved.record, len(game.turns), game.rules)
    abandoned = saved.record.get(ABANDONED_FIELD) is True
    return OpenGame(saved.id, saved.table, game, saved.revision, supported(kept), turn, abandoned)


def record_of(game: Game, language: str | None) -> dict[str, Any]:
    """The game record as saved: the game's, and the page language it is played in (which
    `Game.from_dict` and the command lines pass over)."""
    record: dict[str, Any] = game.to_dict()
    if language is not None:
        record[LANGUAGE_FIELD] = language
    return record


def save_new_game(table: str, game: Game, language: str | None = None) -> str:
    """Save a new game at `table`, played in `language` (this page's when None), and
    return its id."""
    return game_store().create(record_of(game, language or current()), table=table).id


def table_rules(table: str, known: Mapping[str, GameRules]) -> dict[str, GameRules]:
    """The house rules `table` played in its most recently changed games, newest first,
    each once by its mark (`scoring.house_mark`); the rules of a mark in `known` are not
    read again, and a game whose record cannot be read is left out."""
    store = game_store()
    try:
        summaries = store.list_games(table=table, limit=RULES_LOOKED_AT)
    except StoreError as error:
        log.warning("the games of a table not listed: %s", error)
        return {}
    found: dict[str, GameRules] = {}
    for summary in summaries:
        mark = summary.house
        if not mark or mark in found:
            continue
        if mark in known:
            found[mark] = known[mark]
            continue
        try:
            found[mark] = rules_from_record(store.load(summary.id, table=table).record.get("rules"))
        except (StoreError, RulesError) as error:
            log.warning("the house rules of a saved game not read: %s", error)
    return found


def save_rematch(saved: OpenGame) -> str:
    """Save a new game of the same kind, with the same players in the same seats, at the
    same table and in the same language as `saved`, and return its id; raises StoreError
    (or ScoringError for names the rules now refuse)."""
    game = Game(saved.game.rules, saved.game.players)
    return save_new_game(saved.table, game, saved.language)


def abandon(saved: OpenGame, revision: int) -> None:
    """Mark the game abandoned, as it stands, unless another device saved it since this
    browser showed it at `revision`; raises ConflictError or StoreError."""
    record = {**record_of(saved.game, saved.language), ABANDONED_FIELD: True}
    saving(saved.id, revision + 1)
    game_store().save(saved.id, record, revision, table=saved.table)
