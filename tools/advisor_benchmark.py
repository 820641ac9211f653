"""``python -m tools.advisor_benchmark [GAME...]``: time and memory of solving each game.

Each game is solved from scratch (no cache) in its own process, on every core, so
that its peak resident memory is its own: its mean table (all that advice needs), then
its moments table (for the chances to win and the review). Then the queries are timed on columns of
played games, with the tables loaded (from the cache, built there if missing).
``--against-yatzy-solver`` compares with that package instead (see ``tools.advisor_compare``).
"""

import argparse
import importlib.util
import json
import os
import random
import statistics
import time
from collections.abc import Callable, Iterable

import numpy as np

from advisor import (
    advise_box,
    advise_keep,
    advised_games,
    default_cache,
    expected_score,
    forget_turns,
    review,
    solve_afresh,
    win_chances,
)
from advisor.finals import forget_finals
from advisor.lockstep import rest_totals
from scoring import FACES, GAMES, Game, GameRules, HouseRules, house_rules
from tools.advisor_compare import compare, print_table
from tools.advisor_simulate import play_turn
from tools.advisor_timing import run_child, timed

QUERY_GAMES = 20
REVIEW_GAMES = 3
REVIEW_PLAYERS = 4
CHANCE_GAMES = 1
LOCKSTEP_GAMES = 10_000


def _rules(game: str, forced: bool, unsaved: bool) -> GameRules:
    """The rules of ``game``, in forced order when ``forced``, without saving rolls when
    ``unsaved``."""
    house = HouseRules(forced_order=forced or None, saved_rolls=False if unsaved else None)
    return house_rules(GAMES[game], house)


def _solve_one(game: str, forced: bool, unsaved: bool) -> None:
    """Solve ``game``'s mean table, then its moments table (as ``_rules`` makes it) here and
    print states, expected score, seconds of each and their MiB as JSON."""
    rules = _rules(game, forced, unsaved)
    start = time.perf_counter()
    tables = solve_afresh(rules)
    seconds = time.perf_counter() - start
    start = time.perf_counter()
    moments = solve_afresh(rules, moments=True)
    moments_seconds = time.perf_counter() - start
    columns = tables.columns
    empty = tables.values[columns.position(columns.state({}))]
    found = {
        "states": len(tables.values),
        "expected": float(empty),
        "seconds": seconds,
        "moments_seconds": moments_seconds,
        "mib": (tables.tables.nbytes + moments.tables.nbytes) / 2**20,
    }
    print(json.dumps(found))


def measure(game: str, forced: bool = False, unsaved: bool = False) -> dict[str, float]:
    """Solve ``game`` (as ``_rules`` makes it) in a child process; its result plus its CPU
    time and peak memory in MiB."""
    flags = ["--forced"] * forced + ["--without-saved-rolls"] * unsaved
    run = run_child(["-m", "tools.advisor_benchmark", "--one", game, *flags])
    return {**json.loads(run.output), "cpu_seconds": run.cpu, "peak_mib": run.peak_mib}


def time_queries(game: str) -> dict[str, list[float]]:
    """Milliseconds of each query over every turn of games played by the advisor."""
    default_cache().solved(game)
    advise_keep(game, [1, 2, 3, 4, 5], 1)  # one-time set-up, not a query's cost
    rng = random.Random(game)
    samples: dict[str, list[float]] = {"advise_keep": [], "advise_box": [], "expected_score": []}
    for _ in range(QUERY_GAMES):
        table = Game(game, ["p"])
        while not table.finished:
            column = table.column("p")
            dice = [rng.choice(FACES) for _ in range(table.rules.dice)]
            timed(samples["advise_keep"], advise_keep, game, dice, 1, column)
            timed(samples["expected_score"], expected_score, game, column)
            best = timed(samples["advise_box"], advise_box, game, dice, 3, column)
            table.record(best[0].box, dice, 3)
    return samples


def time_reviews(game: str) -> list[float]:
    """Milliseconds to review each of several games of four players played by the advisor
    with every roll recorded (each player's chance to win after every turn included),
    each from a cold start of the per-state keep values and final distributions."""
    # One-time set-up, not a review's cost: the moments table solved and loaded as a
    # server solves it ahead, the keep tables made.
    default_cache().with_moments(game)
    advise_keep(game, [1, 2, 3, 4, 5], 1)
    rng = random.Random(game)
    samples: list[float] = []
    for _ in range(REVIEW_GAMES):
        table = Game(game, [f"p{i}" for i in range(REVIEW_PLAYERS)])
        while not table.finished:
            play_turn(table, rng)
        forget_turns()
        forget_finals()
        timed(samples, review, table)
    return samples


def time_chances(game: str) -> dict[str, list[float]]:
    """Milliseconds of ``win_chances`` for four players after every turn of games the
    advisor plays: "after an entry" with only the column just written new (the others
    known from the turn before), and after every fourth turn "cold", with no column's
    distribution known yet."""
    rng = random.Random(f"{game} chances")
    samples: dict[str, list[float]] = {"cold": [], "after an entry": []}
    for _ in range(CHANCE_GAMES):
        table = Game(game, [f"p{i}" for i in range(REVIEW_PLAYERS)])
        while not table.finished:
            play_turn(table, rng)
            totals = table.totals()
            columns = [table.column(p) for p in table.players]
            earned = [totals[p].extra_bonus for p in table.players]
            timed(samples["after an entry"], win_chances, game, columns, earned=earned)
            if len(table.turns) % REVIEW_PLAYERS == 0:
                forget_finals()
                timed(samples["cold"], win_chances, game, columns, earned=earned)
    return samples


def time_lockstep(game: str) -> tuple[float, float]:
    """Seconds to play ``LOCKSTEP_GAMES`` whole solitaire games in lockstep, and
    microseconds per turn played."""
    tables = default_cache().solved(game)
    state = tables.columns.state({})
    rest_totals(tables, state, 100, np.random.default_rng(0))
    start = time.perf_counter()
    rest_totals(tables, state, LOCKSTEP_GAMES, np.random.default_rng(1))
    seconds = time.perf_counter() - start
    turns = LOCKSTEP_GAMES * len(tables.layout.rules.boxes)
    return seconds, 1e6 * seconds / turns


def _print_medians(
    games: Iterable[str], measure: Callable[[str], dict[str, list[float]]], digits: int
) -> None:
    """One line per game: each of ``measure``'s samples as median / max."""
    for game in games:
        cells = [
            f"{name} {statistics.median(times):.{digits}f} / {max(times):.{digits}f}"
            for name, times in measure(game).items()
        ]
        print(f"{game:8} " + "   ".join(cells), flush=True)


def main(argv: list[str] | None = None) -> None:
    """Print one row per game and the total."""
    parser = argparse.ArgumentParser(prog="python -m tools.advisor_benchmark")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of: {', '.join(GAMES)}")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument(
        "--forced", action="store_true", help="the games in forced order: their tables alone"
    )
    parser.add_argument(
        "--without-saved-rolls",
        action="store_true",
        help="the games without saving unused rolls (Maxi Yatzy's exact table): tables alone",
    )
    parser.add_argument(
        "--against-yatzy-solver",
        action="store_true",
        help="compare Yahtzee and Yatzy with the yatzy-solver package, taking turns",
    )
    parser.add_argument("--rounds", type=int, default=3, help="builds and first queries per side")
    args = parser.parse_args(argv)
    if args.one:
        _solve_one(args.one, args.forced, args.without_saved_rolls)
        return
    if args.against_yatzy_solver:
        if importlib.util.find_spec("yatzy_solver") is None:
            parser.error("--against-yatzy-solver needs the package: pip install yatzy-solver")
        print_table(compare(args.rounds), args.rounds)
        return
    print(f"one game at a time, each in its own process on {os.cpu_count()} cores")
    print(
        f"{'game':8} {'states':>9} {'expected':>10} {'mean s':>7} {'moments s':>9} "
        f"{'CPU s':>6} {'peak MiB':>9} {'tables MiB':>10}"
    )
    wall = moments = cpu = 0.0
    games = args.games or advised_games()
    for game in games:
        row = measure(game, args.forced, args.without_saved_rolls)
        wall, cpu = wall + row["seconds"], cpu + row["cpu_seconds"]
        moments += row["moments_seconds"]
        print(
            f"{game:8} {row['states']:9d} {row['expected']:10.4f} {row['seconds']:7.2f} "
            f"{row['moments_seconds']:9.2f} {row['cpu_seconds']:6.1f} {row['peak_mib']:9.0f} "
            f"{row['mib']:10.1f}",
            flush=True,
        )
    print(f"{'total':8} {'':9} {'':10} {wall:7.2f} {moments:9.2f} {cpu:6.1f}")
    if args.forced or args.without_saved_rolls:
        return
    print(f"\nquery times in ms over {QUERY_GAMES} games each (median / max)")
    _print_medians(games, time_queries, 3)
    print(f"\nreview of a {REVIEW_PLAYERS}-player game, every roll recorded, in ms (median / max)")
    for game in games:
        times = time_reviews(game)
        print(f"{game:8} {statistics.median(times):.1f} / {max(times):.1f}", flush=True)
    print(f"\nwin chances of {REVIEW_PLAYERS} players after each turn, in ms (median / max)")
    _print_medians(games, time_chances, 0)
    print(f"\n{LOCKSTEP_GAMES} games played in lockstep (advisor.lockstep)")
    for game in games:
        seconds, per_turn = time_lockstep(game)
        print(f"{game:8} {seconds:.2f} s, {per_turn:.1f} µs per turn", flush=True)


if __name__ == "__main__":
    main()
