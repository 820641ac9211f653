"""Values returned by the game store."""

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class SavedGame:
    """A game record as stored, with its id, revision and timestamps (UTC)."""

    id: str
    record: dict[str, Any]
    revision: int
    created: datetime
    updated: datetime


@dataclass(frozen=True)
class GameSummary:
    """One line of the resume list: what game, who plays, how far along."""

    id: str
    game: str
    players: tuple[str, ...]
    turns: int
    created: datetime
    updated: datetime
