"""How long the start page takes to run with many saved games.

    python -m tools.start_page_timing [--games 2000 10000] [--runs 5]

Fills a game file in a temporary folder with that many games (half finished Yahtzee games of
two players, half Yatzy games in progress, as a busy server would hold), then runs the start
page in-process with Streamlit's AppTest `--runs` times and prints the median and slowest
milliseconds of a run for each number of games.
"""

import argparse
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from scoring import Game
from store import GameStore
from tools.solve_beside import page_runs

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def _records() -> tuple[dict[str, Any], dict[str, Any]]:
    """A finished two-player Yahtzee game and a Yatzy game three turns in."""
    finished = Game("yahtzee", ["Ann", "Bob"])
    while not finished.finished:
        dice = [6, 6, 6, 6, 6] if finished.current_player == "Bob" else [1, 2, 3, 4, 6]
        finished.record(finished.options(dice)[0][0], dice)
    playing = Game("yatzy", ["Cy", "Di"])
    for dice in ([1, 2, 3, 4, 5], [2, 2, 2, 5, 5], [6, 6, 6, 6, 1]):
        playing.record(playing.options(dice)[0][0], dice)
    return finished.to_dict(), playing.to_dict()


def start_page_runs(games: int, runs: int, folder: Path) -> list[float]:
    """Milliseconds of each of `runs` start-page runs over a file of `games` games."""
    path = folder / f"{games}.sqlite3"
    store = GameStore(path)
    finished, playing = _records()
    for i in range(games):
        store.create(finished if i % 2 else playing)
    os.environ["DICE_TABLE_DB"] = str(path)
    app = AppTest.from_file(APP, default_timeout=600)
    app.run()
    return page_runs(app, runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.start_page_timing", description=__doc__)
    parser.add_argument("--games", type=int, nargs="+", default=[2000, 10000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print("| saved games | median ms | slowest ms |")
    print("|---:|---:|---:|")
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as tmp:
        for games in args.games:
            took = start_page_runs(games, args.runs, Path(tmp))
            print(f"| {games} | {statistics.median(took):.0f} | {max(took):.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
