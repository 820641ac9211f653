"""``python -m advisor build [GAME...]``: solve and store the advisor's tables ahead.
``python -m advisor review GAME.json``: every recorded choice's loss, as JSON."""

import argparse
import signal
import sys
import time
from typing import Any

from advisor.layout import advised_games, unsolvable
from advisor.queries import expected_score
from advisor.reviewing import review
from advisor.tables import default_cache
from scoring import GAMES, Game, report_on


def _build(games: list[str], force: bool, moments: bool) -> None:
    """Build the mean and moments tables of the named games (when none, those of the games
    it solves exactly: Maxi Yatzy's large tables are built when named), printing the time
    each game took, or why a game has none."""
    cache = default_cache()
    for game in games or advised_games():
        refusal = unsolvable(GAMES[game])
        if refusal is not None:
            print(f"{game:8} {refusal}", flush=True)
            continue
        stored = cache.stored(game, moments) and cache.stored(game) and not force
        start = time.perf_counter()
        path = cache.build(game, force=force, moments=moments)
        took = "stored" if stored else f"built in {time.perf_counter() - start:.1f} s"
        print(f"{game:8} {took:18} expected {expected_score(game):9.4f}  {path}", flush=True)


def _reviewed(game: Game) -> dict[str, Any]:
    """The review of a game record; raises `NoAdviceError` for rules the advisor does not
    solve."""
    refusal = unsolvable(game.rules)
    if refusal is not None:
        raise refusal
    return review(game).to_dict()


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    """Run the command: build tables, or review a game record (exit 2 for a bad record)."""
    parser = argparse.ArgumentParser(prog="python -m advisor")
    commands = parser.add_subparsers(dest="command", required=True)
    builder = commands.add_parser("build", help="solve and store the tables")
    builder.add_argument("games", nargs="*", metavar="GAME", help=f"of: {', '.join(GAMES)}")
    builder.add_argument("--force", action="store_true", help="rebuild tables already stored")
    builder.add_argument(
        "--without-moments",
        action="store_true",
        help="only the mean tables (advice), not the moments (chances to win, review)",
    )
    reviewer = commands.add_parser("review", help="grade every choice of a game record")
    reviewer.add_argument("record", help="game record JSON file (as python -m scoring replay)")
    args = parser.parse_args(argv)
    if args.command == "review":
        return report_on(args.record, _reviewed)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from: {', '.join(GAMES)}")
    # Ctrl-C, or SIGTERM (as the server's background solver stops it), interrupts a build,
    # which then stores nothing; even from a shell that ignores SIGINT, as a command
    # started in the background does.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _interrupt)
    _build(args.games, args.force, not args.without_moments)
    return 0


if __name__ == "__main__":
    sys.exit(main())
