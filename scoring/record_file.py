"""A game record file for the command lines: read, replayed, and reported on as JSON."""

import json
import sys
from collections.abc import Callable
from typing import Any

from scoring.errors import CorruptRecordError, ScoringError
from scoring.game import Game

# A finished game of eight players is a few tens of kilobytes; a larger file is refused
# before it is parsed.
LARGEST_RECORD = 1024 * 1024


def read_game(path: str) -> Game:
    """Read and replay the game record at `path`.

    Raises `CorruptRecordError` for a record that cannot be replayed, and `OSError` or
    `ValueError` for a file that cannot be read as one.
    """
    with open(path, "rb") as file:
        data = file.read(LARGEST_RECORD + 1)
    if len(data) > LARGEST_RECORD:
        raise ValueError(f"a game record is at most {LARGEST_RECORD // 1024} KiB")
    return Game.from_dict(json.loads(data.decode("utf-8")))


def report_on(path: str, report: Callable[[Game], dict[str, Any]]) -> int:
    """Print `report` of the record at `path` as JSON (0), or the problem on stderr (2):
    a record that cannot be read, or a report that refuses it (a `ScoringError`)."""
    try:
        game = read_game(path)
    except CorruptRecordError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 2
    except (OSError, ValueError, RecursionError) as error:
        print(f"{path}: cannot read the game record: {error}", file=sys.stderr)
        return 2
    try:
        found = report(game)
    except ScoringError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 2
    json.dump(found, sys.stdout, ensure_ascii=False)
    print()
    return 0
