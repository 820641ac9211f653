"""How long a fresh server keeps its first visitors waiting, in headless Chromium.

    python -m tools.first_visit [--servers 3] [--command streamlit|webapp] [--wait S]

For each of `--servers` fresh servers (`streamlit run app.py`, or `python -m webapp` as
the README starts it) on a new game file holding one finished game, it waits `--wait`
seconds once the server answers (0: the visitor comes at once, while the server still
warms up in the background) and times, from the address being opened:

- the start page, until its Start button shows: in a browser new to the page (nothing
  cached: Chromium compiles Streamlit's scripts first) and in one that has shown the
  page before (its cache holds them, as a table's own browser does);
- then the finished game, in the returning browser: until its standings, the review's
  chart and the sheet show.

The advisor's tables are solved before the servers start, as a server solves them
ahead (so no solve runs beside the visits). It prints a markdown table (median and max
seconds).
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import BrowserContext, Playwright, expect, sync_playwright

from advisor import advised_games, default_cache
from scoring import Game
from store import open_store
from tools.local_server import CHROMIUM, FLAGS, ROOT, start_server, stop_server

GAME = "yahtzee"
COMMANDS: dict[str, Path | list[str]] = {
    "streamlit": ROOT / "app.py",
    "webapp": [sys.executable, "-m", "webapp"],
}
START = ".st-key-start button"
FINISHED = (
    "[data-testid=stAlertContentSuccess]",
    "[data-testid=stVegaLiteChart]",
    "[data-testid=stTable]",
)


def finished_game() -> Game:
    """A two-player game played to the end."""
    game = Game(GAME, ["Ann", "Bob"])
    while not game.finished:
        dice = [6, 6, 6, 6, 6] if game.current_player == "Bob" else [1, 2, 3, 4, 6]
        game.record(game.options(dice)[0][0], dice)
    return game


def _timed(context: BrowserContext, address: str, *selectors: str) -> float:
    """Seconds from opening `address` in a new tab until every selector shows."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(address)
    for selector in selectors:
        expect(page.locator(selector).first).to_be_visible(timeout=60_000)
    took = time.perf_counter() - start
    page.close()
    return took


def _browser(playwright: Playwright, profile: str) -> BrowserContext:
    return playwright.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=FLAGS,
        headless=False,
        viewport={"width": 1366, "height": 768},
    )


def one_server(
    playwright: Playwright, command: Path | list[str], returning: str, wait: float
) -> list[float]:
    """[new browser's start page, returning browser's start page, finished game] seconds
    on one fresh server; `returning` is the returning browser's profile folder."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.sqlite3"
        store = open_store(db)
        table = store.issue_table()
        game_id = store.create(finished_game().to_dict(), table=table).id
        url, server = start_server(command, {"DICE_TABLE_DB": str(db)})
        time.sleep(wait)
        try:
            new = _browser(playwright, str(Path(folder) / "new-profile"))
            cold = _timed(new, url, START)
            new.close()
            known = _browser(playwright, returning)
            warm = _timed(known, url, START)
            finished = _timed(known, f"{url}/?table={table}&game={game_id}", *FINISHED)
            known.close()
        finally:
            stop_server(server)
    return [cold, warm, finished]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.first_visit", description=__doc__)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--command", choices=COMMANDS, default="webapp")
    parser.add_argument("--wait", type=float, default=0.0, help="seconds before the visit")
    args = parser.parse_args(argv)
    for game in advised_games():
        default_cache().build(game)
    rows = ("start page, new browser", "start page, returning browser", "finished game")
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        command = COMMANDS[args.command]
        one_server(playwright, command, profile, args.wait)
        times = [one_server(playwright, command, profile, args.wait) for _ in range(args.servers)]
    heading = f"{args.command}, {args.servers} fresh servers, visited after {args.wait:g} s"
    print(f"| page ({heading}) | median s | max s |")
    print("|---|---:|---:|")
    for row, name in enumerate(rows):
        values = [t[row] for t in times]
        print(f"| {name} | {statistics.median(values):.2f} | {max(values):.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
