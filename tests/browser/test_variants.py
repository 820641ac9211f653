"""Whole games of other rules in Chromium: Maxi Yatzy read from real photos of six dice,
Yatzy in forced order and Yacht on a sheet of ×1 ×2 ×3 columns, both set as house rules
on the start page, each to its end."""

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from scoring import GAMES
from tests.browser.page_steps import choose, dice_shown, record_button, sheet_cell, turn_on
from tools.local_server import ROOT, serve

UPLOAD_TRIES = 3
PHOTOS = ROOT / "tests" / "vision" / "photos" / "byler-d6"
# Real photos of six dice from the reader's development set, each read right.
SIX_DICE = (
    "IMG_20191208_112135",
    "IMG_20191209_100039",
    "IMG_20191209_100229",
    "IMG_20191209_100200",
    "IMG_20191208_111816",
    "IMG_20191209_095812",
    "IMG_20191209_100256",
)


def _labelled(name: str) -> list[int]:
    data = json.loads((PHOTOS / f"{name}.json").read_text())
    return sorted(die["value"] for die in data["dice"])


@pytest.fixture
def tab(browser: Browser, tmp_path: Path) -> Iterator[Page]:
    """A fresh page on its own server and game file, at 1366x768."""
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(tmp_path / "games.sqlite3")}) as url:
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(url)
        yield page
        context.close()


def _upload(page: Page, name: str) -> None:
    """Upload the photo `name` until the page says it read it: an upload that lands while
    the page draws a new turn's empty uploader (beside the last turn's, for a moment) is
    lost, and a player would send it again."""
    read = page.get_by_text(re.compile(rf"{name}\.jpg: 6 dice"))
    for _ in range(UPLOAD_TRIES):
        uploader = page.get_by_test_id("stFileUploaderDropzoneInput")
        try:
            expect(uploader).to_have_count(1)
            uploader.set_input_files(PHOTOS / f"{name}.jpg")
            expect(read).to_be_visible(timeout=15_000)
            return
        except (AssertionError, PlaywrightError):
            continue
    expect(read).to_be_visible()


def _turn_over(page: Page, turn: int) -> None:
    """Wait for the entry of turn `turn` (from 1) to be recorded: the next round, or the
    winner after the last (the note confirming an entry may be gone by the next redraw)."""
    expect(page.get_by_text(re.compile(rf"Round {turn + 1} ·|Ann wins"))).to_be_visible()


def test_variant_game_maxi_from_real_photos_of_six_dice_to_its_end(tab: Page):
    page = tab
    page.get_by_text("Yatzy (Maxi)").click()
    page.get_by_label("Players").fill("1")
    page.get_by_label("Player 1").fill("Ann")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("Round 1 · Ann to play")).to_be_visible()
    expect(page.get_by_text(re.compile("python -m advisor build maxi"))).to_be_visible()
    page.get_by_role("button", name=re.compile("Upload")).click()
    for turn in range(1, len(GAMES["maxi"].boxes) + 1):
        name = SIX_DICE[turn % len(SIX_DICE)]
        _upload(page, name)
        for position in range(6):
            row = page.locator(f".st-key-die_{position}:not([data-stale='true'])")
            expect(row.get_by_role("radio", checked=True)).to_have_count(1)
        assert sorted(dice_shown(page, 6)) == _labelled(name)
        record_button(page).click()
        _turn_over(page, turn)
    expect(page.get_by_text(re.compile(r"Ann wins with \d+"))).to_be_visible()


def test_variant_game_forced_yatzy_set_as_house_rules_to_its_end(tab: Page):
    page = tab
    page.get_by_text("Yatzy (Scandinavian)").click()
    name = page.locator(".st-key-house_yatzy_name input")
    expect(name).to_have_count(1)
    page.get_by_text("House rules").click()
    name.fill("Forced")
    name.press("Enter")
    forced = page.locator(".st-key-house_yatzy_forced")
    turn_on(page, forced.get_by_role("checkbox"), forced.get_by_text("Forced order"))
    expect(page.get_by_text("Forced order: the boxes are filled top to bottom.")).to_be_visible()
    page.get_by_label("Players").fill("1")
    page.get_by_label("Player 1").fill("Ann")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("Round 1 · Ann to play")).to_be_visible()
    expect(page.get_by_text("Yatzy (Scandinavian) · Forced")).to_be_visible()
    for turn, box in enumerate(GAMES["yatzy"].boxes, start=1):
        face = (turn - 1) % 6 + 1
        for position in range(5):
            choose(page, position, face)
        buttons = page.locator("[class*='st-key-record_'] button:visible")
        expect(buttons).to_have_count(1)
        expect(record_button(page, box.id)).to_have_count(1)
        record_button(page, box.id).click()
        _turn_over(page, turn)
    expect(page.get_by_text(re.compile(r"Ann wins with \d+"))).to_be_visible()


HANDS = ([6, 6, 6, 6, 6], [1, 2, 3, 4, 5], [3, 3, 3, 5, 5], [2, 3, 4, 5, 6], [4, 4, 4, 4, 1])


def test_variant_game_yacht_on_three_columns_to_its_end(tab: Page):
    page = tab
    page.get_by_text("Yacht", exact=True).click()
    columns = page.locator(".st-key-house_yacht_columns")
    expect(columns).to_have_count(1)
    page.get_by_text("House rules").click()
    turn_on(page, columns.get_by_role("checkbox"), columns.get_by_text("Three columns"))
    expect(page.get_by_text("Columns counted ×1 ×2 ×3")).to_be_visible()
    page.get_by_label("Players").fill("1")
    page.get_by_label("Player 1").fill("Ann")
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("Round 1 · Ann to play")).to_be_visible()
    turns = 3 * len(GAMES["yacht"].boxes)
    for turn in range(1, turns + 1):
        for position, value in enumerate(HANDS[turn % len(HANDS)]):
            choose(page, position, value)
        expect(record_button(page)).to_contain_text("column")
        record_button(page).click()
        _turn_over(page, turn)
    won = page.get_by_text(re.compile(r"Ann wins with \d+"))
    expect(won).to_be_visible()
    total = re.search(r"\d+", won.inner_text().split("wins with")[1]).group()
    for times in (1, 2, 3):
        expect(page.locator("table th", has_text=f"Ann ×{times}")).to_have_count(1)
    expect(sheet_cell(page, "Grand total")).to_have_text(total)
