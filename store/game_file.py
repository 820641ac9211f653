"""A table's games as one JSON file, to take them to another server: a list of game
records (the format of `python -m scoring replay`), each with the time it was last
saved (``saved``). Read back, every record must replay, with players named as the start
form names them, or nothing is taken; only what the replay keeps is stored.

A file is read in two steps, so that a caller can pace the work: `games_in_file` parses
it (bounded by its size and its number of games) and `checked_game` replays one entry.
"""

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scoring import Game, ScoringError, player_names
from store.models import FiledGame, SavedGame
from store.records import ABANDONED_FIELD

# The largest file taken: the page's upload limit. A file is refused by its size before
# it is parsed.
LARGEST_FILE = 20 * 1024 * 1024
MOST_GAMES = 50_000
SAVED_FIELD = "saved"


@dataclass
class GamesFileError(ValueError):
    """Why a games file is refused: ``reason`` is "size", "json" or "shape", or "game" for
    the game at ``index`` (from 0) whose record does not replay (``cause`` says why)."""

    reason: str
    index: int | None = None
    cause: ScoringError | None = None

    def __str__(self) -> str:
        where = "" if self.index is None else f" (game {self.index + 1})"
        return f"the games file is refused: {self.reason}{where}: {self.cause or ''}"


def games_file(games: list[SavedGame]) -> bytes:
    """The games as the file's JSON bytes, oldest first as given."""
    records = [{**game.record, SAVED_FIELD: game.updated.isoformat()} for game in games]
    return json.dumps(records, ensure_ascii=False, separators=(",", ":")).encode()


def read_games_file(data: bytes) -> list[FiledGame]:
    """The file's games, each replayed, with the time it was saved; raises GamesFileError
    as `games_in_file` and `checked_game` do."""
    return [checked_game(index, entry) for index, entry in enumerate(games_in_file(data))]


def games_in_file(data: bytes) -> list[object]:
    """The file's entries, unchecked; raises GamesFileError for a file too large, not
    strict JSON (NaN and Infinity are no JSON), or not a list of at most MOST_GAMES."""
    if len(data) > LARGEST_FILE:
        raise GamesFileError("size")
    try:
        found = json.loads(data, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise GamesFileError("json") from exc
    if not isinstance(found, list) or len(found) > MOST_GAMES:
        raise GamesFileError("shape")
    return found


def checked_game(index: int, entry: object) -> FiledGame:
    """The file's game at `index` replayed, when it was saved and whether it was abandoned;
    raises GamesFileError when it is no game record, does not replay, or names two
    players alike."""
    if not isinstance(entry, dict):
        raise GamesFileError("shape", index)
    record = {
        key: value for key, value in entry.items() if key not in (SAVED_FIELD, ABANDONED_FIELD)
    }
    try:
        game = Game.from_dict(record)
        player_names(game.players)
    except ScoringError as error:
        raise GamesFileError("game", index, error) from error
    return FiledGame(game, _when(entry.get(SAVED_FIELD)), entry.get(ABANDONED_FIELD) is True)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _when(text: object) -> datetime | None:
    """The time a game was saved, when the file says it with its time zone and it is a
    time UTC can hold."""
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text)
        return when.astimezone(UTC) if when.tzinfo is not None else None
    except (ValueError, OverflowError):
        return None
