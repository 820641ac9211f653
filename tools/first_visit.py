"""How long a fresh server keeps its first visitors waiting, in headless Chromium, against
the floor: a page of one button served by the same Streamlit.

    python -m tools.first_visit [--servers 3] [--command streamlit|webapp] [--wait S]

Round after round (`--servers` rounds, the floor and the page taking turns at going
first), a fresh server of a one-button script and a fresh server of the page (`streamlit
run app.py`, or `python -m webapp` as the README starts it; on a new game file holding
one finished game) are each waited for `--wait` seconds once they answer (0: the
visitor comes at once, while the page's server still warms up in the background); then,
from the address being opened, it times:

- the start page (the one button), until its Start button shows: in a browser new to
  the page (nothing cached: Chromium compiles Streamlit's scripts first) and in one that
  has shown the page before (its cache holds them, as a table's own browser does);
- then, on the page's server, the finished game in the returning browser: until its
  standings, the review's chart and the sheet show; it is set against the one button
  in a returning browser.

The advisor's tables are solved before the servers start, as a server solves them
ahead (so no solve runs beside the visits). It prints a markdown table: the median and
highest seconds, the ratio of the medians to the floor's, and that ratio's lowest and
highest over the rounds.
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
            cold, warm = _start_pages(playwright, url, folder, returning)
            known = _browser(playwright, returning)
            finished = _timed(known, f"{url}/?table={table}&game={game_id}", *FINISHED)
            known.close()
        finally:
            stop_server(server)
    return [cold, warm, finished]


def floor_server(playwright: Playwright, returning: str, wait: float) -> list[float]:
    """[new browser, returning browser] seconds to the one button of a fresh server of a
    one-button script; `returning` is the returning browser's profile folder."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "one_button.py"
        script.write_text('import streamlit as st\n\nst.button("Start", key="start")\n')
        url, server = start_server(script)
        time.sleep(wait)
        try:
            return list(_start_pages(playwright, url, folder, returning))
        finally:
            stop_server(server)


def _start_pages(
    playwright: Playwright, url: str, folder: str, returning: str
) -> tuple[float, float]:
    """Seconds to the Start button in a browser new to the page, then in the returning one."""
    new = _browser(playwright, str(Path(folder) / "new-profile"))
    cold = _timed(new, url, START)
    new.close()
    known = _browser(playwright, returning)
    warm = _timed(known, url, START)
    known.close()
    return cold, warm


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.first_visit", description=__doc__)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--command", choices=COMMANDS, default="webapp")
    parser.add_argument("--wait", type=float, default=0.0, help="seconds before the visit")
    args = parser.parse_args(argv)
    for game in advised_games():
        default_cache().build(game)
    pages, floors = [], []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        command = COMMANDS[args.command]
        floor_server(playwright, profile + "-floor", args.wait)
        one_server(playwright, command, profile, args.wait)
        for round_ in range(args.servers):
            for side in ("floor", "page") if round_ % 2 == 0 else ("page", "floor"):
                if side == "floor":
                    floors.append(floor_server(playwright, profile + "-floor", args.wait))
                else:
                    pages.append(one_server(playwright, command, profile, args.wait))
    heading = (
        f"{args.command}, {args.servers} rounds of fresh servers, visited after {args.wait:g} s"
    )
    print(
        f"| page ({heading}) | median s | max s | one button: median s | ratio | ratio per round |"
    )
    print("|---|---:|---:|---:|---:|---|")
    # Each page against the one button in a browser in the same state.
    rows = (
        ("start page, new browser", 0, 0),
        ("start page, returning browser", 1, 1),
        ("finished game, returning browser", 2, 1),
    )
    for name, row, against in rows:
        values = [t[row] for t in pages]
        floor = [t[against] for t in floors]
        ratios = [v / f for v, f in zip(values, floor, strict=True)]
        median, base = statistics.median(values), statistics.median(floor)
        print(
            f"| {name} | {median:.2f} | {max(values):.2f} | {base:.2f} | {median / base:.2f} "
            f"| {min(ratios):.2f} to {max(ratios):.2f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
