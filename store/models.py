"""Values returned by the game store."""

from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class SavedGame:
    """A game record as stored, with its id, its table, revision and timestamps (UTC)."""

    id: str
    table: str
    record: dict[str, Any]
    revision: int
    created: datetime
    updated: datetime


@dataclass(frozen=True)
class GameSummary:
    """One line of a table's list of games: what game, who plays, how far along, who won
    (totals in seat order), and per seat what the statistics count (upper bonus, rolls of
    five of a kind, earlier rolls recorded), read from the summary kept with the record."""

    id: str
    game: str
    players: tuple[str, ...]
    turns: int
    finished: bool
    winners: tuple[str, ...]
    totals: tuple[int, ...]
    bonus: tuple[bool, ...]
    fives: tuple[int, ...]
    rolled: tuple[bool, ...]
    fingerprint: str
    revision: int
    created: datetime
    updated: datetime
