"""One real-browser run: `streamlit run app.py` driven in headless Chromium with Playwright.

Upload a sample photo, fix one die with a click, record the best box and see
the sheet show it. Chromium is Debian's (`/usr/bin/chromium`); `.ci/run`
installs it.
"""

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect, sync_playwright

import samples

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = ROOT / "build" / "screenshots"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_healthy(url: str, server: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"streamlit exited early:\n{server.stdout.read()}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer at {url} within {seconds} s")


@pytest.fixture
def server_url(tmp_path) -> Iterator[str]:
    """`streamlit run app.py` on a free local port with its own game file."""
    port = _free_port()
    env = {**os.environ, "DICE_TABLE_DB": str(tmp_path / "games.sqlite3")}
    command = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py")]
    command += ["--server.port", str(port), "--server.address", "127.0.0.1"]
    command += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    server = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture
def page(server_url) -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        context = browser.new_context(viewport={"width": 1400, "height": 1300})
        tab = context.new_page()
        tab.set_default_timeout(30_000)
        tab.goto(server_url)
        yield tab
        browser.close()


def _settle(page: Page) -> None:
    """Wait until the script run set off by the last click has finished."""
    page.wait_for_timeout(300)
    expect(page.get_by_test_id("stStatusWidget")).to_be_hidden(timeout=30_000)


def _die(page: Page, position: int):
    return page.get_by_test_id("stButtonGroup").filter(has_text=f"Die {position}")


def test_upload_fix_record_and_see_the_sheet(page: Page):
    photo = samples.photos()[0]
    page.get_by_text("Yatzy (Scandinavian)").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_text("Player 1 to play")).to_be_visible()

    page.get_by_role("tab", name=re.compile("Upload a photo")).click()
    page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(photo)
    expect(page.get_by_text(re.compile(r"dice read"))).to_be_visible()

    first = _die(page, 1)
    current = first.get_by_role("radio", checked=True)
    fixed = "6" if current.count() == 0 or current.inner_text() != "6" else "1"
    first.get_by_role("radio", name=fixed, exact=True).click()
    expect(first.get_by_role("radio", name=fixed, exact=True)).to_be_checked()
    _settle(page)
    for position in range(2, 6):
        die = _die(page, position)
        if die.get_by_role("radio", checked=True).count() == 0:
            die.get_by_role("radio", name="3", exact=True).click()
            expect(die.get_by_role("radio", name="3", exact=True)).to_be_checked()
            _settle(page)

    _settle(page)
    page.get_by_role("button", name="Record").first.click()
    _settle(page)
    note = page.get_by_test_id("stAlertContentSuccess")
    expect(note).to_be_visible()
    player, points, box = re.match(r"(.+): (-?\d+) in (.+)\.", note.inner_text()).groups()
    assert player == "Player 1"
    row = page.locator("table tr").filter(has=page.locator("th", has_text=re.compile(f"^{box}$")))
    sheet_value = row.locator("td").first.inner_text().strip()
    assert sheet_value == (points if points != "0" else "—")
    expect(page.get_by_text("Player 2 to play")).to_be_visible()

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "browser-test.png", full_page=True)
