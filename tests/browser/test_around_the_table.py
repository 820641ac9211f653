"""Around the table in Chromium: a phone's new game opens at its top, and a finished game's
rematch is played, then abandoned, through the real page."""

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from advisor import default_cache
from scoring import Game
from store import SqliteStore
from tests.browser.page_steps import address
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
# How far the page's own scrolling box (Streamlit's main section) is scrolled down.
SCROLLED = "() => document.querySelector('[data-testid=stMain]').scrollTop"


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[str, SqliteStore, Browser]]:
    """A server with a game file of its own, its store, and a Chromium. Yatzy's tables are
    solved first: a page redrawn when a table comes in could close a popover under a click."""
    default_cache().build("yatzy")
    db = tmp_path_factory.mktemp("around") / "games.sqlite3"
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url, sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=False)
        yield url, SqliteStore(db), browser
        browser.close()


def _game_in(shown: str) -> str | None:
    """The game an address names, if any."""
    return parse_qs(urlsplit(shown).query).get("game", [None])[0]


def _settled(page: Page) -> None:
    """Wait until the page has finished the script run it is in."""
    expect(page.get_by_test_id("stStatusWidget")).to_be_hidden(timeout=30_000)


def _played(players: list[str]) -> Game:
    """A finished game of Yatzy: every turn writes the same dice into the first box offered."""
    game = Game("yatzy", players)
    while not game.finished:
        dice = [5, 5, 5, 2, 2]
        game.record(game.options(dice)[0][0], dice)
    return game


def test_around_the_table_a_phone_s_new_game_opens_at_its_top(site):
    url, store, browser = site
    table = store.issue_table()
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(address(url, table))
    start = page.locator(".st-key-start button")
    expect(start).to_be_visible()
    start.scroll_into_view_if_needed()
    assert page.evaluate(SCROLLED) > 0, "Start lies below the phone's first screen"
    start.click()
    expect(page).to_have_url(re.compile(r"[?&]game=[\w-]+"))
    expect(page.locator(".st-key-die_0")).to_be_visible()
    _settled(page)
    expect(page.locator(".st-key-header_controls")).to_be_in_viewport()
    assert page.evaluate(SCROLLED) == 0
    context.close()


def test_around_the_table_rematch_then_abandon_through_the_page(site):
    url, store, browser = site
    table = store.issue_table()
    done = store.create(_played(["Ann", "Bob"]).to_dict(), table=table).id
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(60_000)
    page = context.new_page()
    page.goto(address(url, table, done))
    page.get_by_role("button", name="Rematch").click()
    page.wait_for_url(lambda shown: _game_in(shown) not in (None, done))
    rematch = _game_in(page.url)
    expect(page.get_by_text("Ann to play")).to_be_visible()
    (listed,) = [s for s in store.list_games(table=table, finished=False) if s.id == rematch]
    assert listed.players == ("Ann", "Bob") and listed.turns == 0

    _settled(page)
    page.get_by_role("button", name="Abandon the game").click()
    page.locator(".st-key-abandon button").click()
    expect(page).not_to_have_url(re.compile(r"[?&]game="))
    expect(page.get_by_text("No game in progress.")).to_be_visible()
    expect(page.locator("[class*='st-key-resume_']")).to_have_count(0)
    shelf = page.get_by_test_id("stExpander").filter(has_text="Abandoned games (1)")
    shelf.click()
    expect(shelf.get_by_text("abandoned at 0/30 boxes")).to_be_visible()
    expect(shelf.locator(f".st-key-open_{rematch} button")).to_be_visible()
    (abandoned,) = store.list_games(table=table, abandoned=True)
    assert abandoned.id == rematch

    page.go_back()
    expect(page.get_by_text("This game was abandoned", exact=False)).to_be_visible()
    assert _game_in(page.url) == rematch, "the browser's Back steps back to the game"
    context.close()
