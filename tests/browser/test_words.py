"""The file boxes in the page language, as Chromium shows them (issue 39): the words a
player reads in the drop zone of the photo box and of the games file box, in each
language, while a file is dragged over it too, and no size written the English way once
a file is chosen."""

import contextlib
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from scoring import Game
from store import SqliteStore
from tools.local_server import ROOT, serve
from webapp.language import LANGUAGES, SOURCE, TRANSLATIONS

SCREEN = {"width": 1366, "height": 768}
# The words of a drop zone a player sees: its elements' text and the text the page's style
# sheet writes, leaving out what is not shown (hidden, or shrunk to nothing) and icons.
VISIBLE_TEXT = """zone => {
  const parts = [];
  const generated = (element, which) => {
    const content = getComputedStyle(element, which).content;
    if (content.startsWith('"')) parts.push(JSON.parse(content));
  };
  const walk = element => {
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    if (element.matches('input, [data-testid="stIconMaterial"]')) return;
    generated(element, '::before');
    for (const child of element.childNodes) {
      if (child.nodeType === Node.ELEMENT_NODE) walk(child);
      else if (child.nodeType === Node.TEXT_NODE && style.fontSize !== '0px')
        parts.push(child.textContent);
    }
    generated(element, '::after');
  };
  walk(zone);
  return parts.map(part => part.trim()).filter(part => part);
}"""
DRAGGED = """zone => {
  const moved = new DataTransfer();
  moved.items.add(new File(['{}'], 'games.json', {type: 'application/json'}));
  zone.dispatchEvent(new DragEvent('dragenter', {dataTransfer: moved, bubbles: true}));
}"""
# Streamlit's own English in a drop zone, and the page's own English words for it.
ENGLISH = ("Upload", "Drag and drop", "per file", "Browse files", "Up to", "Drop the file")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[str, str, str]]:
    """The page on a server of its own: its address, a table and a game at it."""
    path = tmp_path_factory.mktemp("words") / "games.sqlite3"
    store = SqliteStore(path)
    table = store.issue_table()
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(path)}) as url:
        yield url, table, game_id


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=SCREEN)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def _limits(code: str, kinds: list[str]) -> str:
    """What a box takes, as the page words it in language `code`."""
    words = TRANSLATIONS[code]
    listed = kinds[0]
    if len(kinds) > 1:
        listed = words.gettext("{first} and {last}").format(
            first=", ".join(kinds[:-1]), last=kinds[-1]
        )
    return words.gettext("Up to {size} MB per file: {kinds}").format(size="20", kinds=listed)


def _drop_zone(page: Page, key_class: str) -> Locator:
    """The drop zone of the file box whose key class begins with `key_class`, once the
    page's run that drew it is over (its style sheet arrives with that run)."""
    zone = page.locator(f"[class*='{key_class}'] [data-testid='stFileUploaderDropzone']")
    expect(zone).to_be_visible()
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")
    return zone


def _words_once(zone: Locator, expected: list[str]) -> list[str]:
    """The words the zone shows once they are `expected`, or as they stand when the wait
    gives up: the page's style sheet may reach the browser a moment after the box."""
    with contextlib.suppress(PlaywrightTimeoutError):
        zone.page.wait_for_function(
            f"([zone, expected]) => JSON.stringify(({VISIBLE_TEXT})(zone)) === "
            "JSON.stringify(expected)",
            arg=[zone.element_handle(), expected],
        )
    shown: list[str] = zone.evaluate(VISIBLE_TEXT)
    return shown


def _no_english(code: str, shown: list[str]) -> None:
    if code != SOURCE:
        assert not [word for word in ENGLISH if any(word in part for part in shown)], shown


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_words_the_photo_box_speaks_the_page_language(site, tab: Page, code: str):
    url, table, game_id = site
    tab.goto(f"{url}/?{urlencode({'table': table, 'game': game_id, 'lang': code})}")
    tab.locator(".st-key-photo_source button").nth(2).click()
    zone = _drop_zone(tab, "st-key-upload_")
    words = TRANSLATIONS[code]
    expected = [words.gettext("Upload"), _limits(code, ["JPG", "PNG", "WEBP"])]
    shown = _words_once(zone, expected)
    assert shown == expected
    _no_english(code, shown)
    zone.evaluate(DRAGGED)
    dragged = zone.locator("input + div > span")
    expect(dragged).to_be_visible()
    shown = zone.evaluate(VISIBLE_TEXT)
    assert shown[0] == words.gettext("Drop the file here")
    _no_english(code, shown)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_words_the_games_file_box_speaks_the_page_language(site, tab: Page, code: str):
    url, table, _game_id = site
    tab.goto(f"{url}/?{urlencode({'table': table, 'view': 'players', 'lang': code})}")
    words = TRANSLATIONS[code]
    tab.get_by_text(words.gettext("Take the games to another server")).click()
    zone = _drop_zone(tab, "st-key-games_upload")
    expected = [words.gettext("Upload"), _limits(code, ["JSON"])]
    shown = _words_once(zone, expected)
    assert shown == expected
    _no_english(code, shown)
    chosen = {"name": "games.json", "mimeType": "application/json", "buffer": b"[]" * 700}
    zone.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(chosen)
    expect(zone.get_by_test_id("stFileChip")).to_be_visible()
    assert zone.get_by_test_id("stFileChip").evaluate(VISIBLE_TEXT) == ["games.json"]
