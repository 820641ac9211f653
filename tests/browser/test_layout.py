"""The page's layout in Chromium, in every language, on a 1366x768 desktop and a 390x844 phone.

For each language and size the start page and a game's turn (a sample photo read, the
advisor's advice shown) are measured once: every button, tick box, radio and toggle must
show its whole text (nothing clipped, nothing cut to an ellipsis); on the phone every tap
target must be at least 44x44 CSS pixels, and the player, the roll, the five dice and the
best box's Record button must lie on the first screen; so must a Maxi Yatzy turn's six
dice, and a three-column Yatzy turn's best box (named with its column), set by clicks,
on the phone in every language.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from advisor import default_cache
from scoring import GAMES, Game, HouseRules, house_rules
from store import SqliteStore
from tests.browser.page_steps import address, choose, record_button
from tools.local_server import CHROMIUM, FLAGS, ROOT, start_server, stop_server
from webapp.language import LANGUAGES

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "phone": PHONE}
# Each language plays the game it has a sheet of; the others play Yatzy.
GAME_OF = {"ca": "catalan", "ru": "russian", "el": "greek"}
SMALLEST_TAP = 44
# The game of six dice, and one of three columns, looked at on a phone in every language.
MAXI = "maxi"
MAXI_HAND = [2, 2, 5, 5, 6, 6]
TRIPLE = "triple"
TRIPLE_HAND = [6, 6, 6, 5, 5]

# Controls whose text must show whole, and what of them is cut: text in an ellipsis, or
# running past its own box or past an ancestor (up to the control) that clips it.
CUT_LABELS = """() => {
  const shown = (e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== "hidden";
  };
  const ownText = (e) => [...e.childNodes].some(
    (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim()
  );
  const clipped = (text, control) => {
    if (text.clientWidth > 0 && text.scrollWidth > text.clientWidth + 1) return true;
    const right = text.getBoundingClientRect().right;
    for (let e = text.parentElement; e && control.contains(e); e = e.parentElement) {
      const clips = getComputedStyle(e).overflowX !== "visible";
      if (clips && right > e.getBoundingClientRect().right + 1) return true;
    }
    return false;
  };
  const cut = [];
  const controls = document.querySelectorAll(
    "button, label, [role=radio], [role=switch], [role=checkbox]"
  );
  for (const control of controls) {
    if (!shown(control) || !control.innerText.trim()) continue;
    const text = control.innerText.trim().replace(/\\s+/g, " ");
    if (text.endsWith("…") || text.endsWith("...")) cut.push(`ellipsis: ${text}`);
    const parts = [control, ...control.querySelectorAll("*")].filter((e) => ownText(e));
    if (parts.some((part) => clipped(part, control))) cut.push(`clipped: ${text}`);
  }
  return cut;
}"""

# Everything a finger may tap, each with its size; a tick box, switch or radio button
# is tapped through its label.
TAP_TARGETS = """() => {
  const found = new Map();
  const selectors = "button, a[href], input, select, textarea, summary, [role=button], " +
    "[role=radio], [role=checkbox], [role=switch], [role=tab], [role=combobox]";
  for (const element of document.querySelectorAll(selectors)) {
    const ticked = element.matches("input[type=checkbox], input[type=radio]");
    const target = (ticked && element.closest("label")) || element;
    const box = target.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || getComputedStyle(target).visibility === "hidden") {
      continue;
    }
    if (target.closest("[aria-hidden=true]")) continue;
    const name = (target.getAttribute("aria-label") || target.innerText || target.tagName)
      .trim().replace(/\\s+/g, " ").slice(0, 60);
    found.set(target, [name, Math.round(box.width), Math.round(box.height)]);
  }
  return [...found.values()];
}"""

# Where the turn's pieces lie on the page, in CSS pixels from its top, scrolled to the top.
FIRST_SCREEN = """() => {
  for (const element of document.querySelectorAll("*")) element.scrollTop = 0;
  const boxes = (selector) => [...document.querySelectorAll(selector)]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  const bottom = (selector) => boxes(selector)[0]?.bottom ?? null;
  return {
    player: bottom(".st-key-turn_line"),
    roll: bottom(".st-key-roll"),
    dice: [0, 1, 2, 3, 4, 5].map((i) => bottom(`.st-key-die_${i}`)),
    best_box: bottom("[class*='st-key-record_'] button"),
    last_box: Math.max(...boxes("[class*='st-key-record_'] button").map((box) => box.bottom)),
  };
}"""


@dataclass(frozen=True)
class Measured:
    """What one page showed: cut labels, tap targets, and the turn's pieces' bottoms."""

    cut: list[str]
    taps: list[list]
    first_screen: dict | None = None


@pytest.fixture(scope="module")
def site(
    tmp_path_factory,
) -> Iterator[tuple[str, str, dict[tuple[str, str], str], Browser]]:
    """A server with one game per language and size at one table (so that no two pages
    share a turn), and a Chromium to look at it."""
    for game in set(GAME_OF.values()) | {"yatzy"}:
        default_cache().build(game)
    db = tmp_path_factory.mktemp("layout") / "games.sqlite3"
    store = SqliteStore(db)
    table = store.issue_table()
    games = {
        (code, size): store.create(
            Game(GAME_OF.get(code, "yatzy"), ["Ann", "Bob"]).to_dict(), table=table
        ).id
        for code in LANGUAGES
        for size in SIZES
    }
    games |= {
        (code, MAXI): store.create(Game(MAXI, ["Ann", "Bob"]).to_dict(), table=table).id
        for code in LANGUAGES
    }
    triple = house_rules(GAMES["yatzy"], HouseRules(columns=(1, 2, 3)))
    games |= {
        (code, TRIPLE): store.create(Game(triple, ["Ann", "Bob"]).to_dict(), table=table).id
        for code in LANGUAGES
    }
    url, server = start_server(ROOT / "app.py", {"DICE_TABLE_DB": str(db)})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=FLAGS, headless=False
            )
            yield url, table, games, browser
            browser.close()
    finally:
        stop_server(server)


def _settled(page: Page) -> None:
    """Wait until the page has finished the script run it is in."""
    expect(page.get_by_test_id("stStatusWidget")).to_be_hidden(timeout=30_000)
    page.wait_for_function("document.fonts.status === 'loaded'")


def _measure(page: Page, first_screen: bool = False) -> Measured:
    _settled(page)
    shown = page.evaluate(FIRST_SCREEN) if first_screen else None
    return Measured(page.evaluate(CUT_LABELS), page.evaluate(TAP_TARGETS), shown)


def read_a_sample(page: Page) -> None:
    """Read the first sample photo, as a player without a camera would, as roll 1."""
    expect(page.locator(".st-key-die_0")).to_be_visible()
    sample = page.locator(".st-key-photo_source button").nth(3)
    sample.click()
    expect(sample).to_have_attribute("aria-checked", "true")
    page.locator(".st-key-read_sample button").click()
    expect(page.locator(".st-key-photo_panel [data-testid=stImage]").first).to_be_visible()
    roll = page.locator(".st-key-roll").get_by_role("radio", name="1", exact=True)
    if roll.get_attribute("aria-checked") != "true":
        roll.click()
        expect(roll).to_be_checked()
    expect(page.locator("[class*='st-key-record_'] button:visible").first).to_be_visible()


def _pages(
    site: tuple[str, str, dict[tuple[str, str], str], Browser], code: str, size: str
) -> dict[str, Measured]:
    """The start page and a turn in language `code` at `size`, measured."""
    url, table, games, browser = site
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{address(url, table)}&lang={code}")
    expect(page.locator(".st-key-start button")).to_be_visible()
    start = _measure(page)
    page.goto(f"{address(url, table, games[code, size])}&lang={code}")
    read_a_sample(page)
    turn = _measure(page, first_screen=True)
    context.close()
    return {"start": start, "turn": turn}


@pytest.fixture(scope="module")
def measured(site) -> Callable[[str, str], dict[str, Measured]]:
    """The pages of a language at a size, measured on first asking."""
    seen: dict[tuple[str, str], dict[str, Measured]] = {}

    def pages(code: str, size: str) -> dict[str, Measured]:
        if (code, size) not in seen:
            seen[code, size] = _pages(site, code, size)
        return seen[code, size]

    return pages


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", LANGUAGES)
def test_no_label_is_cut_on_the_start_page_or_in_a_turn(measured, code: str, size: str):
    pages = measured(code, size)
    assert pages["start"].cut == []
    assert pages["turn"].cut == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_phone_layout_every_tap_target_is_a_finger_wide(measured, code: str):
    pages = measured(code, "phone")
    for name in ("start", "turn"):
        small = [t for t in pages[name].taps if t[1] < SMALLEST_TAP or t[2] < SMALLEST_TAP]
        assert small == [], f"{name}: {small}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_phone_layout_the_turn_is_on_the_first_screen_after_a_read(measured, code: str):
    shown = measured(code, "phone")["turn"].first_screen
    bottoms = [shown["player"], shown["roll"], *shown["dice"][:5], shown["best_box"]]
    assert None not in bottoms, shown
    assert max(bottoms) <= PHONE["height"], shown


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("game", "hand"), [(MAXI, MAXI_HAND), (TRIPLE, TRIPLE_HAND)])
def test_variant_phone_layout_six_dice_or_three_columns_and_the_turn_are_on_the_first_screen(
    site, code: str, game: str, hand: list[int]
):
    url, table, games, browser = site
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{address(url, table, games[code, game])}&lang={code}")
    for position, value in enumerate(hand):
        choose(page, position, value)
    expect(record_button(page)).to_be_visible()
    turn = _measure(page, first_screen=True)
    context.close()
    shown = turn.first_screen
    bottoms = [shown["player"], shown["roll"], *shown["dice"][: len(hand)], shown["best_box"]]
    assert None not in bottoms, shown
    assert max(bottoms) <= PHONE["height"], shown
    assert turn.cut == []
    small = [t for t in turn.taps if t[1] < SMALLEST_TAP or t[2] < SMALLEST_TAP]
    assert small == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_desktop_layout_the_turn_and_every_box_are_on_one_screen(measured, code: str):
    shown = measured(code, "desktop")["turn"].first_screen
    bottoms = [shown["player"], shown["roll"], *shown["dice"][:5], shown["last_box"]]
    assert None not in bottoms, shown
    assert max(bottoms) <= DESKTOP["height"], shown
