"""Command line: `python -m scoring replay GAME.json` prints the replayed sheet as JSON."""

import argparse
import json
import sys
from typing import Any

from scoring.errors import CorruptRecordError
from scoring.game import Game

# A finished game of eight players is a few tens of kilobytes; a larger file is refused
# before it is parsed.
LARGEST_RECORD = 1024 * 1024


def replay_report(game: Game) -> dict[str, Any]:
    """The replay output: every player's filled boxes (in sheet order) and totals."""
    totals = game.totals()
    players = {}
    for player in game.players:
        column = game.column(player)
        boxes = {b.id: column[b.id] for b in game.rules.boxes if b.id in column}
        players[player] = {"boxes": boxes, **vars(totals[player])}
    return {"game": game.rules.id, "finished": game.finished, "players": players}


def replay(path: str) -> int:
    """Replay the record at `path`; print the report, or the problem on stderr (exit 2)."""
    try:
        with open(path, "rb") as file:
            data = file.read(LARGEST_RECORD + 1)
        if len(data) > LARGEST_RECORD:
            raise ValueError(f"a game record is at most {LARGEST_RECORD // 1024} KiB")
        game = Game.from_dict(json.loads(data.decode("utf-8")))
    except CorruptRecordError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 2
    except (OSError, ValueError, RecursionError) as error:
        print(f"{path}: cannot read the game record: {error}", file=sys.stderr)
        return 2
    json.dump(replay_report(game), sys.stdout, ensure_ascii=False)
    print()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a game record and print the sheet")
    replay_parser.add_argument("record", help="game record JSON file")
    args = parser.parse_args(argv)
    return replay(args.record)


if __name__ == "__main__":
    sys.exit(main())
