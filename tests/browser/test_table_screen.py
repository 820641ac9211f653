"""The table screen in Chromium, at 1920x1080 and 1280x720: one screen with nothing to
scroll and nothing to click, its dice and totals readable from across the room, following
every device's change by itself; and Say it aloud on the game page saying each entry and
who plays next. Screenshots go to build/screenshots (the README's are copied from there).
"""

import re
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from advisor import default_cache
from scoring import Game
from store import GameStore, SavedGame, SqliteStore
from tests.browser.page_steps import address, choose, record_button
from tests.browser.test_live_turn import NOTE_SPEECH
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve
from webapp.shared_turn import SharedTurn, with_turn

SCREENSHOTS = ROOT / "build" / "screenshots"
SIZES = {"1920": {"width": 1920, "height": 1080}, "1280": {"width": 1280, "height": 720}}
DESKTOP = {"width": 1366, "height": 768}
# The least height, in CSS pixels, of a die and of a total at 1920x1080.
READABLE = 64

# How far the page scrolls, the heights of the dice and of the totals, and the controls
# shown (anything a visitor could click or type into; not the 1-pixel link that takes a
# screen reader past the page's header).
MEASURE = """() => {
  const page = document.scrollingElement;
  const shown = (e) => {
    const box = e.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && getComputedStyle(e).visibility !== "hidden";
  };
  const heights = (selector) => [...document.querySelectorAll(selector)]
    .map((e) => e.getBoundingClientRect().height);
  const controls = "button, input, select, textarea, a[href], [role=button], [role=switch]";
  return {
    scroll: [page.scrollHeight, page.clientHeight, page.scrollWidth, page.clientWidth],
    dice: heights(".screen-face"),
    totals: heights(".screen-total"),
    controls: [...document.querySelectorAll(controls)].filter(shown).length,
  };
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[str, GameStore, Browser]]:
    """A server with its own game file and the advisor's Yatzy table, the store to play
    through as another device would, and a Chromium to look at it."""
    default_cache().build("yatzy")
    db = tmp_path_factory.mktemp("screen") / "games.sqlite3"
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url, sync_playwright() as run:
        browser = run.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=False)
        yield url, SqliteStore(db), browser
        browser.close()


def _in_progress(store: GameStore) -> SavedGame:
    """A game of Ann, Bob and Cy at a table of its own, a round played, and Ann's first
    roll of round 2 on the table: 6-4-6-1-6."""
    game = Game("yatzy", ["Ann", "Bob", "Cy"])
    game.record("chance", [6, 6, 5, 5, 3])
    game.record("sixes", [6, 6, 6, 2, 3])
    game.record("full_house", [2, 2, 3, 3, 3])
    turn = SharedTurn(len(game.turns), dice=(6, 4, 6, 1, 6), roll=1)
    return store.create(with_turn(game.to_dict(), turn), table=store.issue_table())


def _screen(browser: Browser, url: str, saved: SavedGame, size: str) -> Page:
    """The game's table screen at `size`, once its advice shows."""
    page = browser.new_context(viewport=SIZES[size]).new_page()
    page.set_default_timeout(60_000)
    query = {"view": "screen", "table": saved.table, "game": saved.id, "lang": "en"}
    page.goto(f"{url}/?{urlencode(query)}")
    expect(page.locator(".screen-advice")).to_have_text("Advisor: keep 6-6-6 and roll 2 dice")
    page.wait_for_function("document.fonts.status === 'loaded'")
    return page


@pytest.mark.parametrize("size", SIZES)
def test_table_screen_fits_one_screen_with_nothing_to_click(site, size: str):
    url, store, browser = site
    page = _screen(browser, url, _in_progress(store), size)
    expect(page.locator(".screen-total")).to_have_text(["25", "18", "13"])
    expect(page.locator(".screen-chance")).to_have_count(3)
    expect(page.locator(".screen-next")).to_have_text("Bob plays next.")
    expect(page.locator(".screen-join img")).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"screen-{size}.png")
    measured = page.evaluate(MEASURE)
    page.context.close()
    height, shown_height, width, shown_width = measured["scroll"]
    assert height <= shown_height, "no vertical scrollbar"
    assert width <= shown_width, "no horizontal scrollbar"
    assert measured["controls"] == 0, "nothing to click"
    assert len(measured["dice"]) == 5 and len(measured["totals"]) == 3
    if size == "1920":
        assert min(measured["dice"]) >= READABLE, measured["dice"]
        assert min(measured["totals"]) >= READABLE, measured["totals"]


def test_table_screen_follows_another_device_s_entry_and_roll_without_a_click(site):
    url, store, browser = site
    saved = _in_progress(store)
    page = _screen(browser, url, saved, "1280")
    loaded = store.load(saved.id, table=saved.table)
    game = Game.from_dict(loaded.record)
    game.record("sixes", [6, 4, 6, 1, 6])
    saved = store.save(saved.id, game.to_dict(), loaded.revision, table=saved.table)
    expect(page.locator(".screen-last")).to_have_text("Ann: 18 in Sixes.")
    expect(page.locator(".screen-player")).to_have_text("Round 2 · Bob to play")
    expect(page.locator(".screen-next")).to_have_text("Cy plays next.")
    expect(page.locator(".screen-total")).to_have_text(["43", "18", "13"])
    expect(page.locator(".screen-die.empty")).to_have_count(5)
    rolled = SharedTurn(len(game.turns), dice=(5, 5, 2, 5, 1), roll=1)
    store.save(saved.id, with_turn(saved.record, rolled), saved.revision, table=saved.table)
    dice = page.locator(".screen-die")
    expect(dice).to_have_count(5)
    for die, value in zip(dice.all(), (5, 5, 2, 5, 1), strict=True):
        expect(die).to_have_attribute("data-value", str(value))
    expect(page.locator(".screen-advice")).to_have_text(re.compile(r"^Advisor: keep 5-5-5"))
    page.context.close()


def _heard(page: Page, text: str) -> None:
    """Wait until the page has asked the browser to say `text`."""
    page.wait_for_function("text => window.spoken.some((said) => said.text === text)", arg=text)


def test_table_screen_say_it_aloud_says_each_entry_and_who_plays_next_once(site):
    url, store, browser = site
    saved = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=store.issue_table())
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.set_default_timeout(60_000)
    page.add_init_script(NOTE_SPEECH)
    page.goto(address(url, saved.table, saved.id))
    page.locator(".st-key-say_aloud label").click()
    expect(page.get_by_role("switch", name="Say it aloud")).to_be_checked()
    for position, value in enumerate([6, 6, 6, 6, 5]):
        choose(page, position, value)
    record_button(page, "chance").click()
    _heard(page, "Ann: 29 in Chance. Bob plays next.")
    # Bob's entry comes from another device, through the store: this page says it too.
    loaded = store.load(saved.id, table=saved.table)
    game = Game.from_dict(loaded.record)
    game.record("twos", [2, 2, 3, 4, 5])
    store.save(saved.id, game.to_dict(), loaded.revision, table=saved.table)
    _heard(page, "Bob: 4 in Twos. Ann plays next.")
    choose(page, 0, 3)
    spoken = [said["text"] for said in page.evaluate("window.spoken")]
    page.context.close()
    assert spoken == ["Ann: 29 in Chance. Bob plays next.", "Bob: 4 in Twos. Ann plays next."]
