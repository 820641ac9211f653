"""A table's games as one JSON file, to take them to another server: a list of game
records (the format of `python -m scoring replay`), each with the time it was last
saved (``saved``). Read back, every record must replay, or nothing is taken."""

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scoring import Game, ScoringError
from store.models import SavedGame

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


def read_games_file(data: bytes) -> list[tuple[dict[str, Any], datetime | None]]:
    """The file's games as (record, when saved) pairs; raises GamesFileError for a file
    too large, not JSON, not a list of at most MOST_GAMES records, or holding a record that
    does not replay."""
    if len(data) > LARGEST_FILE:
        raise GamesFileError("size")
    try:
        found = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise GamesFileError("json") from exc
    if not isinstance(found, list) or len(found) > MOST_GAMES:
        raise GamesFileError("shape")
    return [_game(index, entry) for index, entry in enumerate(found)]


def _game(index: int, entry: object) -> tuple[dict[str, Any], datetime | None]:
    if not isinstance(entry, dict):
        raise GamesFileError("shape", index)
    record = {key: value for key, value in entry.items() if key != SAVED_FIELD}
    try:
        Game.from_dict(record)
    except ScoringError as error:
        raise GamesFileError("game", index, error) from error
    return record, _when(entry.get(SAVED_FIELD))


def _when(text: object) -> datetime | None:
    """The time a game was saved, when the file says it with its time zone."""
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo is not None else None
