"""Hardening of the page, in Chromium: the players' table offers no CSV of its own (a
player named `=1+1` would be a formula in a spreadsheet), and the browser's table cookie
is sent over HTTPS only when the page is served over HTTPS."""

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Cookie, ViewportSize, expect

from advisor import default_cache
from store import SqliteStore
from tests.player_stats.play import advised_game
from tools.local_server import ROOT, serve, start_server, stop_server
from webapp.certificate import CERTIFICATE, KEY, self_signed, write_private
from webapp.tables import COOKIE

KIND = "catalan"
FORMULA = "=1+1"
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
# Whether the browser holds a cookie of that name now.
HAS_COOKIE = """name => document.cookie.split("; ").some((c) => c.startsWith(`${name}=`))"""


@pytest.fixture(scope="module")
def formula_table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A game file holding one finished game by a player named as a formula, and its table."""
    default_cache().solved(KIND)
    path = tmp_path_factory.mktemp("hardening") / "games.sqlite3"
    store = SqliteStore(path)
    table = store.issue_table()
    game, _ = advised_game(KIND, [FORMULA], seed=1)
    store.create(game.to_dict(), table=table, when=datetime(2026, 11, 1, 20, 0, tzinfo=UTC))
    return path, table


@pytest.fixture(scope="module")
def http_url(formula_table: tuple[Path, str]) -> Iterator[str]:
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(formula_table[0])}) as url:
        yield url


@contextmanager
def _serve_https(folder: Path, env: dict[str, str]) -> Iterator[str]:
    """`streamlit run app.py` over HTTPS, with a new self-signed certificate: its address."""
    certificate, key = self_signed(["localhost"], ["127.0.0.1"])
    (folder / CERTIFICATE).write_bytes(certificate)
    write_private(folder / KEY, key)
    url, server = start_server(ROOT / "app.py", env, tls=(folder / CERTIFICATE, folder / KEY))
    try:
        yield url
    finally:
        stop_server(server)


def _table_cookie(browser: Browser, url: str) -> Cookie:
    """The table cookie a new browser holds once the page at `url` has written it."""
    context = browser.new_context(viewport=DESKTOP, ignore_https_errors=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(HAS_COOKIE, arg=COOKIE)
    (cookie,) = [c for c in context.cookies() if c["name"] == COOKIE]
    context.close()
    return cookie


def test_hardening_dataframe_toolbar_has_no_csv_download(
    browser: Browser, http_url: str, formula_table: tuple[Path, str]
) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{http_url}/?table={formula_table[1]}&view=players")
    table = page.get_by_test_id("stDataFrame")
    expect(table).to_be_visible()
    expect(table.locator("table[role='grid']")).to_contain_text(FORMULA)
    table.hover()
    expect(table.get_by_role("button", name="Search")).to_be_visible()
    expect(table.get_by_role("button", name="Download as CSV")).to_have_count(0)
    page.context.close()


def test_hardening_cookie_is_secure_over_https(
    browser: Browser, http_url: str, formula_table: tuple[Path, str], tmp_path: Path
) -> None:
    with _serve_https(tmp_path, {"DICE_TABLE_DB": str(formula_table[0])}) as https_url:
        assert _table_cookie(browser, https_url)["secure"], "sent over HTTPS only"
    assert not _table_cookie(browser, http_url)["secure"], "still kept over plain HTTP"
