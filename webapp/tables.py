"""Games on the shared store: open one by id, and apply a change that is saved at once."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st

from scoring import Game
from store import GameStore, default_path

T = TypeVar("T")


@st.cache_resource
def _store_at(path: str) -> GameStore:
    return GameStore(path)


def game_store() -> GameStore:
    """The one store of this server (``DICE_TABLE_DB`` or ``./data/dice-table.sqlite3``)."""
    return _store_at(str(default_path()))


@dataclass(frozen=True)
class Table:
    """A saved game as loaded: its id, the replayed game and the revision it was read at."""

    id: str
    game: Game
    revision: int


def open_table(game_id: str) -> Table:
    """Load and replay a saved game; raises ``StoreError`` or ``CorruptRecordError``."""
    saved = game_store().load(game_id)
    return Table(saved.id, Game.from_dict(saved.record), saved.revision)


def new_table(game: Game) -> str:
    """Save a new game and return its id."""
    return game_store().create(game.to_dict()).id


def change(game_id: str, revision: int, action: Callable[[Game], T]) -> T:
    """Apply ``action`` to the game as saved at ``revision`` and save the result.

    Raises ``ConflictError`` when another device saved in between, and the
    action's own ``ScoringError`` when the rules refuse it; nothing is saved then.
    """
    table = open_table(game_id)
    result = action(table.game)
    game_store().save(game_id, table.game.to_dict(), revision)
    return result
