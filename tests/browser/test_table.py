"""The table in real browsers: live camera play with nothing clicked, two devices on one
game kept in step, and the guidance a phone gets on an insecure page.

Each test serves `app.py` with its own game file, makes a game through the store and
opens it in Debian's Chromium. The live test feeds Chromium a fake camera playing a roll
of real dice (`fake_video`); the times it measures are printed, never asserted.
"""

import fcntl
import re
import signal
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

import samples
from advisor import CACHE_ENV
from advisor.background import LOCK_FILE
from scoring import Game
from store import SqliteStore
from tests.browser.page_steps import address, choose, dice_shown, record_hand, sheet_cell
from tools import fake_video
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve, start_server
from vision.labels import load_labels
from webapp.server.ahead import MOST_STATES, STATES_ENV

INSECURE_HOST = "dice.test"
DESKTOP = {"width": 1366, "height": 768}
# Notes `performance.now()` when the first Record button shows (the suggestions).
NOTE_BOXES = """
window.boxesSeen = null;
new MutationObserver(() => {
  if (window.boxesSeen === null && document.querySelector("[class*='st-key-record_'] button")) {
    window.boxesSeen = performance.now();
  }
}).observe(document, { childList: true, subtree: true });
"""


@pytest.fixture
def game(tmp_path) -> Iterator[tuple[str, str, str]]:
    """(server address, table, game id) of a new two-player Yatzy game on its own server."""
    db = tmp_path / "games.sqlite3"
    store = SqliteStore(db)
    table = store.issue_table()
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url:
        yield url, table, game_id


@contextmanager
def chromium(flags: list[str] = ()) -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=[*FLAGS, *flags], headless=False
        )
        yield browser
        browser.close()


def open_game(browser: Browser, url: str, table: str, game_id: str, camera: bool = False) -> Page:
    context = browser.new_context(viewport=DESKTOP, permissions=["camera"] if camera else [])
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.add_init_script(NOTE_BOXES)
    page.goto(address(url, table, game_id))
    expect(page.get_by_text("Ann to play")).to_be_visible(timeout=60_000)
    return page


def test_live_fills_the_dice_and_shows_the_boxes_without_a_click(game, tmp_path: Path):
    url, table, game_id = game
    photo = next(p for p in samples.photos() if p.name.startswith("IMG_"))
    video = tmp_path / "roll.y4m"
    fake_video.write_rolls(video, [photo], still_seconds=6.0)
    camera = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    with chromium(camera) as browser:
        page = open_game(browser, url, table, game_id, camera=True)
        expect(page.locator("[class*='st-key-record_'] button").first).to_be_visible(
            timeout=120_000
        )
        assert sorted(dice_shown(page)) == sorted(v for v, _ in load_labels(photo))
        rest = float(page.locator(".live-camera").get_attribute("data-sent"))
        shown = page.evaluate("window.boxesSeen")
        print(f"\nlive: dice at rest to suggestions shown {shown - rest:.0f} ms")


def test_sync_an_entry_on_one_device_appears_on_the_other(game):
    url, table, game_id = game
    delays = []
    with chromium() as browser:
        player = open_game(browser, url, table, game_id)
        watcher = open_game(browser, url, table, game_id)
        for hand, box in (([6, 6, 6, 6, 5], "Chance"), ([2, 2, 3, 4, 5], "Twos")):
            record_hand(player, hand, box)
            clicked = time.monotonic()
            expect(player.get_by_text("Bob to play")).to_be_visible()
            expect(watcher.get_by_text("Bob to play")).to_be_visible(timeout=10_000)
            delays.append(time.monotonic() - clicked)
            points = str(sum(hand) if box == "Chance" else 4)
            expect(sheet_cell(watcher, box)).to_have_text(points)
            record_hand(watcher, hand, box)
            expect(player.get_by_text("Ann to play")).to_be_visible(timeout=10_000)
            expect(sheet_cell(player, box, 1)).to_have_text(points)
    print(f"\nsync: entry to the other device in {statistics.median(delays):.1f} s median")


def test_insecure_origin_shows_guidance_and_offers_upload(game):
    url, table, game_id = game
    port = url.rsplit(":", 1)[1]
    with chromium([f"--host-resolver-rules=MAP {INSECURE_HOST} 127.0.0.1"]) as browser:
        page = open_game(browser, f"http://{INSECURE_HOST}:{port}", table, game_id)
        assert page.evaluate("window.isSecureContext") is False
        warning = page.get_by_test_id("stAlertContentWarning")
        expect(warning).to_contain_text("secure page")
        page.get_by_role("button", name=re.compile("Upload a photo instead")).click()
        expect(page.get_by_test_id("stFileUploaderDropzoneInput")).to_be_attached()


def test_ctrl_c_stops_the_server_without_waiting_for_the_advisor(tmp_path: Path):
    # Opening a Maxi Yatzy game, on a server allowed its 33 million states, starts its
    # advisor solve (minutes) in the background; a Ctrl-C must abandon it, so the server
    # ends with no table written.
    db, cache = tmp_path / "games.sqlite3", tmp_path / "advisor"
    store = SqliteStore(db)
    table = store.issue_table()
    game_id = store.create(Game("maxi", ["Ann", "Bob"]).to_dict(), table=table).id
    env = {"DICE_TABLE_DB": str(db), CACHE_ENV: str(cache), STATES_ENV: str(MOST_STATES)}
    url, server = start_server(ROOT / "app.py", env)
    try:
        with chromium() as browser:
            page = open_game(browser, url, table, game_id)
            expect(page.get_by_text("The advisor is still working out")).to_be_visible()
            server.send_signal(signal.SIGINT)
            interrupted = time.monotonic()
            server.wait(timeout=120)
            print(f"\nCtrl-C to the server's end {time.monotonic() - interrupted:.1f} s")
    finally:
        server.kill()
        server.wait()
    assert not list(cache.glob("maxi-*")), "the solve was abandoned, not finished"


COUNT_CLICKS = """
window.clicks = 0;
document.addEventListener("click", (event) => { if (event.isTrusted) window.clicks += 1; }, true);
"""


def test_the_advice_shows_by_itself_once_its_table_is_solved(tmp_path: Path):
    # Another server holding the advisor's folder keeps this one waiting until the test
    # lets go; then the page must show the advice without another click.
    db, cache = tmp_path / "games.sqlite3", tmp_path / "advisor"
    store = SqliteStore(db)
    table = store.issue_table()
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    cache.mkdir()
    env = {"DICE_TABLE_DB": str(db), CACHE_ENV: str(cache)}
    with (cache / LOCK_FILE).open("a") as lock, serve(ROOT / "app.py", env) as url:
        fcntl.flock(lock, fcntl.LOCK_EX)
        with chromium() as browser:
            page = open_game(browser, url, table, game_id)
            page.add_init_script(COUNT_CLICKS)
            page.reload()
            for position, value in enumerate([6, 2, 6, 1, 6]):
                choose(page, position, value)
            expect(page.get_by_text("The advisor is still working out")).to_be_visible()
            clicks = page.evaluate("window.clicks")
            fcntl.flock(lock, fcntl.LOCK_UN)
            # The whole Yatzy solve comes first: about 20 s alone, minutes on a busy machine.
            expect(page.get_by_text("Advisor:")).to_be_visible(timeout=600_000)
            expect(page.get_by_text("The advisor is still working out")).to_have_count(0)
            assert page.evaluate("window.clicks") == clicks
