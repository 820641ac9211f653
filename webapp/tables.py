"""Games on the shared store: open one by id, and apply a change that is saved at once."""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st

from scoring import Game, GameOverError, ScoringError
from store import ConflictError, GameStore, StoreError, default_path
from webapp.language import _, current, error_text, supported
from webapp.state import clear_turn, flash
from webapp.text import plain

T = TypeVar("T")
log = logging.getLogger(__name__)
# The record's key for the page language the game is played in.
LANGUAGE_FIELD = "language"


def store_trouble(error: StoreError) -> str:
    """What a visitor is told about a store failure; the details (paths, SQLite's words)
    go to the server log only."""
    log.error("game store: %s", error, exc_info=error)
    return _(
        "The game file cannot be used just now, so nothing was changed. Try again in a "
        "moment; if it goes on, the server's log says why."
    )


@st.cache_resource
def _store_at(path: str) -> GameStore:
    return GameStore(path)


def game_store() -> GameStore:
    """The one store of this server (`DICE_TABLE_DB` or `./data/dice-table.sqlite3`)."""
    return _store_at(str(default_path()))


@dataclass(frozen=True)
class Table:
    """A saved game as loaded: its id, the replayed game, the revision it was read at, and
    the page language it was started in (None for a game saved without one)."""

    id: str
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


def open_table(game_id: str) -> Table:
    """Load and replay a saved game; raises `StoreError` or `CorruptRecordError`."""
    saved = game_store().load(game_id)
    language = saved.record.get(LANGUAGE_FIELD)
    kept = language if isinstance(language, str) else None
    return Table(saved.id, Game.from_dict(saved.record), saved.revision, supported(kept))


def _record(game: Game, language: str | None) -> dict[str, object]:
    """The game record as saved: the game's, and the page language it is played in (which
    `Game.from_dict` and the command lines pass over)."""
    record: dict[str, object] = game.to_dict()
    if language is not None:
        record[LANGUAGE_FIELD] = language
    return record


def new_table(game: Game) -> str:
    """Save a new game, played in this page's language, and return its id."""
    return game_store().create(_record(game, current())).id


def change(table: Table, action: Callable[[Game], T]) -> T | None:
    """Apply `action` to the game as this page drew it and save it, unless another device
    saved first (the store checks the revision as it saves, so nothing is replayed here;
    the page's next run loads the saved game once).

    A refusal (the rules, the store, or a save by another device since `table`
    was read) is shown to the player as a message and saves nothing: `None`.
    """
    try:
        result = action(table.game)
        game_store().save(table.id, _record(table.game, table.language), table.revision)
    except ConflictError:
        _changed_elsewhere(table.id)
        return None
    except ScoringError as error:
        flash("error", plain(error_text(error)))
        return None
    except StoreError as error:
        flash("error", store_trouble(error))
        return None
    return result


def _changed_elsewhere(game_id: str) -> None:
    clear_turn()
    now = open_table(game_id).game.current_player
    changed = _(
        "The sheet changed before this click (another device, or a second click): nothing "
        "was recorded and the sheet is reloaded."
    )
    turn = _("It is {player}'s turn now.").format(player=plain(now)) if now else ""
    check = _("Check the dice before recording.")
    flash("warning", " ".join(part for part in (changed, turn, check) if part))
