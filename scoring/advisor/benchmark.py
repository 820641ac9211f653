"""``python -m scoring.advisor.benchmark [GAME...]``: time and memory of solving each game.

Each game is solved from scratch (no cache) in its own process, so that its peak
resident memory is its own.
"""

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

from scoring.advisor.layout import Layout
from scoring.advisor.solver import solve
from scoring.games import GAMES


def _solve_one(game: str) -> None:
    """Solve ``game`` here and print states, expected score and seconds as JSON."""
    start = time.perf_counter()
    layout = Layout(GAMES[game])
    values = solve(layout)
    seconds = time.perf_counter() - start
    empty = values[layout.flat(*layout.state({}))]
    states = int(np.count_nonzero(~np.isnan(values)))
    print(json.dumps({"states": states, "expected": float(empty), "seconds": seconds}))


def measure(game: str) -> dict[str, float]:
    """Solve ``game`` in a child process; its result plus peak memory in MiB."""
    child = subprocess.Popen(
        [sys.executable, "-m", "scoring.advisor.benchmark", "--one", game],
        stdout=subprocess.PIPE,
        text=True,
    )
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    if status:
        raise RuntimeError(f"solving {game} failed with status {status}")
    return {**json.loads(output), "peak_mib": usage.ru_maxrss / 1024}


def main(argv: list[str] | None = None) -> None:
    """Print one row per game and the total."""
    parser = argparse.ArgumentParser(prog="python -m scoring.advisor.benchmark")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"of: {', '.join(GAMES)}")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        _solve_one(args.one)
        return
    print(f"solving with {len(os.sched_getaffinity(0))} threads per game, one game at a time")
    print(f"{'game':8} {'states':>9} {'expected':>10} {'build s':>8} {'peak MiB':>9}")
    total = 0.0
    for game in args.games or GAMES:
        row = measure(game)
        total += row["seconds"]
        print(
            f"{game:8} {row['states']:9d} {row['expected']:10.4f} "
            f"{row['seconds']:8.1f} {row['peak_mib']:9.0f}",
            flush=True,
        )
    print(f"{'total':8} {'':9} {'':10} {total:8.1f}")


if __name__ == "__main__":
    main()
