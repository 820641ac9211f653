"""``python -m advisor build [GAME...]``: solve and store the advisor's tables ahead."""

import argparse
import time

from advisor.layout import Layout
from advisor.queries import expected_score
from advisor.tables import build, table_path
from scoring.games import GAMES


def main(argv: list[str] | None = None) -> None:
    """Build the tables of the named games (all by default), printing the time each took."""
    parser = argparse.ArgumentParser(prog="python -m advisor")
    commands = parser.add_subparsers(dest="command", required=True)
    builder = commands.add_parser("build", help="solve and store the tables")
    builder.add_argument("games", nargs="*", metavar="GAME", help=f"of: {', '.join(GAMES)}")
    builder.add_argument("--force", action="store_true", help="rebuild tables already stored")
    args = parser.parse_args(argv)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from: {', '.join(GAMES)}")
    for game in args.games or GAMES:
        stored = table_path(Layout(GAMES[game])).exists() and not args.force
        start = time.perf_counter()
        path = build(game, force=args.force)
        took = "stored" if stored else f"built in {time.perf_counter() - start:.1f} s"
        print(f"{game:8} {took:18} expected {expected_score(game):9.4f}  {path}", flush=True)


if __name__ == "__main__":
    main()
