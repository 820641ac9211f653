"""Command line: `python -m scoring replay GAME.json` prints the replayed sheet as JSON."""

import argparse
import sys
from typing import Any

from scoring.game import Game
from scoring.record_file import report_on


def replay_report(game: Game) -> dict[str, Any]:
    """The replay output: every player's filled boxes (in sheet order) and totals; on a
    sheet of several columns, `boxes` is the first column and `columns` lists them all."""
    totals = game.totals()
    players = {}
    for player in game.players:
        columns = [
            {b.id: column[b.id] for b in game.rules.boxes if b.id in column}
            for column in game.columns(player)
        ]
        players[player] = {"boxes": columns[0], **vars(totals[player])}
        if len(columns) > 1:
            players[player]["columns"] = columns
    return {"game": game.rules.id, "finished": game.finished, "players": players}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    replay_parser = commands.add_parser("replay", help="replay a game record and print the sheet")
    replay_parser.add_argument("record", help="game record JSON file")
    args = parser.parse_args(argv)
    return report_on(args.record, replay_report)


if __name__ == "__main__":
    sys.exit(main())
