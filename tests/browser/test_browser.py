"""The page in a real browser: `streamlit run app.py` driven in headless Chromium.

Upload a sample photo, fix one die with a click, record the advisor's box and see the
sheet show it; play a turn of the Greek game with the page in Greek. Screenshots go to
build/screenshots.
"""

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect, sync_playwright

import samples
from scoring.games import GREEK
from tests.browser.page_steps import choose, dice_shown, record_button, sheet_cell
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve
from webapp.language import TRANSLATIONS

SCREENSHOTS = ROOT / "build" / "screenshots"


@pytest.fixture
def server_url(tmp_path) -> Iterator[str]:
    """The page on a free local port with its own game file."""
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(tmp_path / "games.sqlite3")}) as url:
        yield url


@pytest.fixture
def page(server_url) -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=False)
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        tab = context.new_page()
        tab.set_default_timeout(30_000)
        tab.goto(server_url)
        yield tab
        browser.close()


def test_upload_fix_record_and_see_the_sheet(page: Page):
    photo = samples.photos()[0]
    page.get_by_text("Yatzy (Scandinavian)").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("Player 1 to play")).to_be_visible()

    page.get_by_role("button", name=re.compile("Upload")).click()
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(photo)
    expect(page.get_by_text(re.compile(rf"{photo.name}: 5 dice"))).to_be_visible()

    current = dice_shown(page)[0]
    fixed = 6 if current != 6 else 1
    choose(page, 0, fixed)

    record_button(page).click()
    note = page.get_by_test_id("stAlertContentSuccess")
    expect(note).to_be_visible()
    player, points, box = re.match(r"(.+): (-?\d+) in (.+)\.", note.inner_text()).groups()
    assert player == "Player 1"
    expect(sheet_cell(page, box)).to_have_text(points if points != "0" else "—")
    expect(page.get_by_text("Player 2 to play")).to_be_visible()

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "browser-test.png", full_page=True)


def _pattern(message: str) -> re.Pattern[str]:
    """A translated message as a regular expression, each `{placeholder}` a named group."""
    parts = re.split(r"\{(\w+)[^{}]*\}", message)
    pattern = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
        for index, part in enumerate(parts)
    )
    return re.compile(pattern)


def test_a_turn_in_greek(page: Page, server_url: str):
    greek = TRANSLATIONS["el"]
    page.goto(f"{server_url}/?lang=el")
    page.get_by_text(GREEK.title["el"], exact=True).click()
    page.get_by_role("button", name=greek.gettext("Start the game")).click()
    first_player = greek.gettext("Player {number}").format(number=1)
    turn = greek.gettext("Round {round} · {player} to play")
    expect(page.get_by_text(turn.format(round=1, player=first_player))).to_be_visible()
    assert "lang=el" in page.url

    for position, value in enumerate([6, 6, 6, 2, 1]):
        choose(page, position, value)
    record_button(page).click()
    note = page.get_by_test_id("stAlertContentSuccess")
    expect(note).to_be_visible()
    told = _pattern(greek.gettext("{player}: {points} in {box}.")).fullmatch(note.inner_text())
    assert told is not None, note.inner_text()
    assert told["player"] == first_player
    box = told["box"]
    assert box in {greek.pgettext("box", b.name("en")) for b in GREEK.boxes} | {
        b.name("el") for b in GREEK.boxes
    }
    points = told["points"]
    expect(sheet_cell(page, box)).to_have_text(points if points != "0" else "—")
    second_player = greek.gettext("Player {number}").format(number=2)
    expect(page.get_by_text(turn.format(round=1, player=second_player))).to_be_visible()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "browser-test-greek.png", full_page=True)
