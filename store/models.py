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

    @classmethod
    def of(cls, saved: SavedGame) -> "GameSummary":
        """Summarise a saved game; missing or ill-typed fields read as empty."""
        record = saved.record
        game = record.get("game")
        players = record.get("players")
        turns = record.get("turns")
        return cls(
            id=saved.id,
            game=game if isinstance(game, str) else "",
            players=tuple(p for p in players if isinstance(p, str))
            if isinstance(players, list)
            else (),
            turns=len(turns) if isinstance(turns, list) else 0,
            created=saved.created,
            updated=saved.updated,
        )
