"""How long a fresh server keeps its first visitors waiting, in headless Chromium.

    python -m tools.first_visit [--servers 3] [--command streamlit|webapp]

For each of `--servers` fresh servers (`streamlit run app.py`, or `python -m webapp` as
the README starts it) on a new game file holding one finished game, it times, from the
address being opened in an already running Chromium:

- the start page: until its Start button shows;
- then, in a second tab, the finished game: until its standings, its review and the
  review's chart show.

The advisor's table of the finished game is solved before the servers start, as a
server solves it ahead. It prints a markdown table (median and max seconds per page).
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, expect, sync_playwright

from advisor.tables import build
from scoring import Game
from store import GameStore
from tests.browser.server import CHROMIUM, FLAGS, ROOT, start_server, stop_server

GAME = "yahtzee"
COMMANDS = {
    "streamlit": ROOT / "app.py",
    "webapp": [sys.executable, "-m", "webapp"],
}


def finished_game() -> Game:
    """A two-player game played to the end."""
    game = Game(GAME, ["Ann", "Bob"])
    while not game.finished:
        dice = [6, 6, 6, 6, 6] if game.current_player == "Bob" else [1, 2, 3, 4, 6]
        game.record(game.options(dice)[0][0], dice)
    return game


def _timed(browser: Browser, address: str, *selectors: str) -> float:
    """Seconds from opening `address` in a new tab until every selector shows."""
    page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    start = time.perf_counter()
    page.goto(address)
    for selector in selectors:
        expect(page.locator(selector).first).to_be_visible(timeout=60_000)
    took = time.perf_counter() - start
    page.context.close()
    return took


def one_server(browser: Browser, command: Path | list[str]) -> tuple[float, float]:
    """(start page, finished game page) seconds on one fresh server."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        game_id = GameStore(db).create(finished_game().to_dict()).id
        url, server = start_server(command, {"DICE_TABLE_DB": str(db)})
        try:
            start = _timed(browser, url, ".st-key-start button")
            finished = _timed(
                browser,
                f"{url}/?game={game_id}",
                "[data-testid=stAlertContentSuccess]",
                "[data-testid=stVegaLiteChart]",
                "[data-testid=stTable]",
            )
        finally:
            stop_server(server)
    return start, finished


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.first_visit", description=__doc__)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--command", choices=COMMANDS, default="streamlit")
    args = parser.parse_args(argv)
    build(GAME)
    times = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=False)
        for _ in range(args.servers):
            times.append(one_server(browser, COMMANDS[args.command]))
        browser.close()
    print(f"| page ({args.command}, {args.servers} fresh servers) | median s | max s |")
    print("|---|---:|---:|")
    for name, column in (("start page", 0), ("finished game", 1)):
        values = [t[column] for t in times]
        print(f"| {name} | {statistics.median(values):.2f} | {max(values):.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
