"""The turn in progress is the table's, in real browsers: a photo read on one device shows
the same dice, roll and boxes on another, which records the box; a reload, and a server
killed with SIGKILL and started again, find the turn as it stood; two devices changing a
die at the same moment end up showing the one change that stood."""

import signal
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from scoring import Game
from store import SqliteStore
from tests.browser.page_steps import (
    HAND_TRIES,
    address,
    choose,
    dice_shown,
    die_face,
    expect_dice,
    record_button,
)
from tools.local_server import ROOT, start_server, stop_server

DESKTOP = {"width": 1366, "height": 768}
HAND = [5, 5, 1, 2, 3]
# The longest two devices may take to show the same turn (SQLite's check: every 1.5 s).
SETTLE_SECONDS = 60.0
SAVED_SECONDS = 15.0


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, str, str]:
    """A game file holding a new two-player Yatzy game: (file, table, game id)."""
    db = tmp_path / "games.sqlite3"
    store = SqliteStore(db)
    table = store.issue_table()
    return db, table, store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id


def _device(browser: Browser, url: str, table: str, game_id: str) -> Page:
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.set_default_timeout(60_000)
    page.goto(address(url, table, game_id))
    expect(page.get_by_text("Ann to play")).to_be_visible()
    return page


def test_shared_turn_a_photo_read_on_one_device_is_recorded_from_another(browser, game):
    db, table, game_id = game
    url, server = start_server(ROOT / "app.py", {"DICE_TABLE_DB": str(db)})
    try:
        camera_laptop = _device(browser, url, table, game_id)
        phone = _device(browser, url, table, game_id)
        camera_laptop.locator(".st-key-photo_source button").nth(3).click()
        camera_laptop.get_by_role("button", name="Read it").click()
        expect(record_button(camera_laptop)).to_be_visible()
        read = dice_shown(camera_laptop)
        expect_dice(phone, read)
        expect(phone.get_by_text("The photo read on another device")).to_be_visible()
        record_button(phone).click()
        expect(camera_laptop.get_by_text("Bob to play")).to_be_visible()
        (turn,) = SqliteStore(db).load(game_id, table=table).record["turns"]
        assert sorted(turn["dice"]) == sorted(read)
    finally:
        stop_server(server)


def test_shared_turn_a_reload_and_a_killed_server_find_the_turn_as_it_stood(browser, game):
    db, table, game_id = game
    url, server = start_server(ROOT / "app.py", {"DICE_TABLE_DB": str(db)})
    port = int(url.rsplit(":", 1)[1])
    try:
        page = _device(browser, url, table, game_id)
        _set_and_saved(page, db, table, game_id)
        page.reload()
        expect_dice(page, HAND)
        server.send_signal(signal.SIGKILL)
        server.wait()
        url, server = start_server(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}, port=port)
        page.reload()
        expect(page.get_by_text("Ann to play")).to_be_visible()
        expect_dice(page, HAND)
    finally:
        stop_server(server)


def _set_and_saved(page: Page, db: Path, table: str, game_id: str) -> None:
    """Set the dice to HAND and wait until the game holds them (a click that landed while
    the page redrew is set again, as a player would)."""
    for _ in range(HAND_TRIES):
        for position, value in enumerate(HAND):
            choose(page, position, value)
        deadline = time.monotonic() + SAVED_SECONDS
        while time.monotonic() < deadline:
            saved = SqliteStore(db).load(game_id, table=table).record.get("turn", {})
            if saved.get("dice") == HAND:
                return
            page.wait_for_timeout(200)
    raise AssertionError("the dice set were not saved")


def _settled(db: Path, table: str, game_id: str, pages: list[Page]) -> int:
    """The first die as saved, once every page shows it (waited for at most a minute)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while time.monotonic() < deadline:
        saved = SqliteStore(db).load(game_id, table=table).record.get("turn", {})
        value = (saved.get("dice") or [0])[0]
        if value and all(dice_shown(page)[0] == value for page in pages):
            return int(value)
        pages[0].wait_for_timeout(200)
    raise AssertionError("the devices did not come to show one change")


def test_shared_turn_two_devices_changing_a_die_at_once_end_in_one_change(browser, game):
    db, table, game_id = game
    url, server = start_server(ROOT / "app.py", {"DICE_TABLE_DB": str(db)})
    try:
        first = _device(browser, url, table, game_id)
        second = _device(browser, url, table, game_id)
        die_face(first, 0, 6).click(no_wait_after=True)
        die_face(second, 0, 2).click(no_wait_after=True)
        assert _settled(db, table, game_id, [first, second]) in (6, 2)
    finally:
        stop_server(server)
