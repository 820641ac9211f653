"""Tables in Chromium: a browser keeps its tables in the cookie `dice_table_tables`, so the
bare address brings it back to its most recent one; a new browser gets a table of its own,
and another browser sees none of its games; switching and leaving change the cookie."""

import re
import time
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from scoring import Game
from store import SqliteStore
from tests.browser.page_steps import address
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve
from webapp.tables import COOKIE, YEAR_SECONDS, cookie_text

DESKTOP = {"width": 1366, "height": 768}
RESUME = "[class*='st-key-resume_'] button"
# Whether the browser's cookie of that name has that value now.
COOKIE_IS = """([name, value]) => document.cookie.split("; ").includes(`${name}=${value}`)"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[str, SqliteStore, Browser]]:
    """A server with a game file of its own, its store, and a Chromium."""
    db = tmp_path_factory.mktemp("tables") / "games.sqlite3"
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url, sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=False)
        yield url, SqliteStore(db), browser
        browser.close()


def _browser(site, tables: list[str] = ()) -> BrowserContext:
    """A browser of its own (cookies and all) that remembers `tables`, most recent first."""
    url, _store, browser = site
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(60_000)
    if tables:
        context.add_cookies([{"name": COOKIE, "value": cookie_text(tables), "url": url}])
    return context


def _at(context: BrowserContext, shown: str) -> Page:
    """A new tab opened at `shown`, once the page has named its table in the address."""
    page = context.new_page()
    page.goto(shown)
    expect(page).to_have_url(re.compile(r"[?&]table=[\w-]{16,}"))
    return page


def _table(page: Page) -> str:
    return parse_qs(urlsplit(page.url).query)["table"][0]


def _wait_for_cookie(page: Page, tables: list[str]) -> None:
    page.wait_for_function(COOKIE_IS, arg=[COOKIE, cookie_text(tables)])


def _your_tables(page: Page) -> None:
    """Open the start page's list of this browser's tables, unless it is open."""
    leave = page.locator(".st-key-leave_table_0 button:visible")
    if not leave.is_visible():
        page.get_by_test_id("stExpander").filter(has_text="Your tables").click()
    expect(leave).to_be_visible()


def test_a_new_browser_gets_a_table_of_its_own_and_comes_back_to_it(site):
    url, store, _ = site
    context = _browser(site)
    page = _at(context, url)
    table = _table(page)
    _wait_for_cookie(page, [table])
    (cookie,) = [c for c in context.cookies() if c["name"] == COOKIE]
    assert (cookie["path"], cookie["sameSite"]) == ("/", "Lax")
    assert cookie["expires"] - time.time() > YEAR_SECONDS - 3600
    invite = page.get_by_test_id("stCode").first
    expect(invite).to_contain_text(f"?table={table}")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("Player 1 to play")).to_be_visible()
    (saved,) = store.list_games(table=table)
    again = _at(context, url)
    assert _table(again) == table
    expect(again.locator(f".st-key-resume_{saved.id}")).to_be_visible()
    stranger = _browser(site)
    other = _at(stranger, url)
    assert _table(other) != table
    expect(other.get_by_text("No game in progress.")).to_be_visible()
    expect(other.locator(RESUME)).to_have_count(0)
    lost = stranger.new_page()
    lost.goto(f"{url}/?game={saved.id}")
    expect(lost.get_by_text("There is no saved game at this address")).to_be_visible()
    context.close()
    stranger.close()


def test_the_remembered_tables_open_switch_and_leave_in_the_cookie(site):
    url, store, _ = site
    recent, older = store.issue_table(), store.issue_table()
    ann = store.create(Game("yatzy", ["Ann"]).to_dict(), table=recent).id
    cy = store.create(Game("yatzy", ["Cy"]).to_dict(), table=older).id
    context = _browser(site, [recent, older])
    page = _at(context, url)
    assert _table(page) == recent
    expect(page.locator(f".st-key-resume_{ann}")).to_be_visible()
    expect(page.locator(f".st-key-resume_{cy}")).to_have_count(0)
    _your_tables(page)
    expect(page.get_by_text("1 game · Cy")).to_be_visible()
    page.locator(".st-key-switch_table_1 button:visible").click()
    expect(page.locator(f".st-key-resume_{cy}")).to_be_visible()
    assert _table(page) == older
    _wait_for_cookie(page, [older, recent])
    _your_tables(page)
    page.locator(".st-key-leave_table_0 button:visible").click()
    expect(page.locator(f".st-key-resume_{ann}")).to_be_visible()
    assert _table(page) == recent
    _wait_for_cookie(page, [recent])
    assert _table(_at(context, url)) == recent
    assert store.count(table=older) == 1, "the table left keeps its games"
    assert _table(_at(context, address(url, older))) == older, "its link still opens it"
    context.close()
