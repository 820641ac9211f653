"""How much a solve in the background slows the page's own script runs.

    python -m tools.solve_beside [--runs 40]

Runs a game's page in-process with Streamlit's AppTest (a Yatzy turn with the dice set,
the advisor's advice shown) `--runs` times while nothing else runs, then as many times
while `python -m advisor build greek --force` solves a table at the lowest priority, as
the server's background solver does, and prints the median and p95 milliseconds of a run
in each case.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from advisor import CACHE_ENV, default_cache
from scoring import Game
from store import open_store

ROOT = Path(__file__).resolve().parents[1]
DICE = [6, 2, 6, 1, 6]


def page_runs(app: AppTest, runs: int) -> list[float]:
    """Milliseconds of each of `runs` reruns of the page."""
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        app.run()
        took.append(1000 * (time.perf_counter() - start))
    return took


def _row(name: str, took: list[float]) -> str:
    ordered = sorted(took)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return f"| {name} | {statistics.median(took):.1f} | {p95:.1f} |"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.solve_beside", description=__doc__)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args(argv)
    default_cache().build("yatzy")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        os.environ["DICE_TABLE_DB"] = str(db)
        store = open_store(db)
        table = store.issue_table()
        game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
        app = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        app.query_params["table"] = table
        app.query_params["game"] = game_id
        app.run()
        for i, value in enumerate(DICE):
            app.segmented_control(key=f"die_{i}").set_value(value)
        idle = page_runs(app, args.runs)
        solving = subprocess.Popen(
            ["nice", "-n", "19", sys.executable, "-m", "advisor", "build", "greek", "--force"],
            env={**os.environ, CACHE_ENV: str(Path(folder) / "advisor")},
            stdout=subprocess.DEVNULL,
        )
        time.sleep(2)
        beside = page_runs(app, args.runs)
        still = solving.poll() is None
        solving.kill()
        solving.wait()
    print("| page run | median ms | p95 ms |")
    print("|---|---:|---:|")
    print(_row("nothing beside", idle))
    print(_row("a solve beside" + ("" if still else " (it ended before the last run)"), beside))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
