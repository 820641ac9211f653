"""Values returned by the game store."""

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from scoring import Game


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
    five of a kind, earlier rolls recorded), whether it was abandoned, and its house rules'
    mark and name (empty for a preset's own rules) and its turns in all (0 where unknown),
    read from the summary kept with the record."""

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
    abandoned: bool
    revision: int
    created: datetime
    updated: datetime
    house: str
    house_name: str
    length: int = 0


class FiledGame(NamedTuple):
    """A game to add to a table, as a games file holds it: the game, when it was last
    saved (None: now), and whether it was abandoned before its end."""

    game: Game
    saved: datetime | None = None
    abandoned: bool = False
