"""The Players page in a real browser, on a desktop screen and on a phone: a table's
finished games become its players' table, charts and records, with nothing wider than
the phone's screen. Screenshots go to build/screenshots."""

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect, sync_playwright

from advisor import default_cache
from store import SqliteStore
from tests.player_stats.play import advised_game
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve

SCREENSHOTS = ROOT / "build" / "screenshots"
KIND = "catalan"
SCREENS = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def players_url(tmp_path) -> Iterator[str]:
    """The Players page of a table with six finished games, on a server of its own."""
    default_cache().solved(KIND)
    path = tmp_path / "games.sqlite3"
    store = SqliteStore(path)
    table = store.issue_table()
    seats = [["Ann", "Bob", "Cy"], ["Bob", "Ann"], ["Cy", "Ann", "Bob"]] * 2
    for seed, players in enumerate(seats):
        game, _ = advised_game(KIND, players, seed, mistaken=players[seed % len(players)])
        when = datetime(2026, 11, 1, 20, 0, tzinfo=UTC) + timedelta(days=3 * seed)
        store.create(game.to_dict(), table=table, when=when)
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(path)}) as url:
        yield f"{url}/?table={table}&view=players"


@pytest.mark.parametrize("screen", list(SCREENS))
def test_statistics_the_players_page_on_a_desktop_and_a_phone(players_url: str, screen: str):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=False)
        tab = browser.new_context(viewport=SCREENS[screen]).new_page()
        tab.set_default_timeout(60_000)
        tab.goto(players_url)
        expect(tab.get_by_role("heading", name="Players")).to_be_visible()
        expect(tab.get_by_test_id("stDataFrame")).to_be_visible()
        expect(tab.get_by_text("Records of this table")).to_be_visible()
        expect(tab.get_by_text("still being worked out")).to_have_count(0)
        expect(tab.get_by_test_id("stVegaLiteChart").first).to_be_visible()
        wide = tab.evaluate("document.documentElement.scrollWidth")
        assert wide <= SCREENS[screen]["width"], "nothing is wider than the screen"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=SCREENSHOTS / f"players-{screen}.png", full_page=True)
        browser.close()
