"""The live camera in a real browser: Debian's Chromium with a fake camera playing dice rolls.

`tests/browser/live_app.py` runs under `streamlit run`; Chromium's fake capture device
plays a YUV4MPEG2 file made from the sample photos (`fake_video`) in a loop, so the page
sees real dice roll, come to rest, and (when the loop comes round) the same dice again.
Nobody clicks anything. A script in the page notes when each read appears, so the time
from the moment the scene came to rest (the component's `rest_ms`) to the values on the
page is printed for each read; it is reported, not asserted.
"""

import base64
import re
import statistics
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect, sync_playwright

import samples
import webapp.live_camera as live_camera_module
from tools import fake_video
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve
from vision.labels import load_labels

APP = ROOT / "tests" / "browser" / "live_app.py"
INSECURE_HOST = "dice.test"
READ_LINE = re.compile(r"^read (\d+) at ([\d.]+): ([1-6 ]*)$")

# Notes `performance.now()` when each "read ..." line first shows on the page.
NOTE_READS = """
window.readSeen = {};
new MutationObserver(() => {
  for (const node of document.querySelectorAll('[data-testid="stText"]')) {
    const id = /^read (\\d+) at/.exec(node.textContent)?.[1];
    if (id !== undefined && !(id in window.readSeen)) window.readSeen[id] = performance.now();
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


@pytest.fixture(scope="module")
def live_url() -> Iterator[str]:
    """`streamlit run tests/browser/live_app.py` on a free local port."""
    with serve(APP) as url:
        yield url


@contextmanager
def _open(url: str, flags: list[str], grant_camera: bool) -> Iterator[Page]:
    """A fresh Chromium with `flags` showing `url`, with the read-noting script installed."""
    with sync_playwright() as playwright:
        # headless=False keeps Playwright from adding a headless flag of its own;
        # --headless=new in FLAGS is the one Chromium runs with.
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=FLAGS + flags, headless=False
        )
        context = browser.new_context(
            viewport={"width": 1200, "height": 1600},
            permissions=["camera"] if grant_camera else [],
        )
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.add_init_script(NOTE_READS)
        page.goto(url)
        yield page
        browser.close()


def _camera_flags(video: Path) -> list[str]:
    return [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]


def _dice_photos() -> list[Path]:
    return [p for p in samples.photos() if p.name.startswith("IMG_")]


def _labelled(photo: Path) -> list[int]:
    return sorted(value for value, _ in load_labels(photo))


def _reads(page: Page) -> list[tuple[int, float, list[int]]]:
    """(frame id, rest_ms, sorted values) of every read the page lists."""
    found = []
    for text in page.get_by_test_id("stText").all_inner_texts():
        match = READ_LINE.match(text.strip())
        if match:
            frame_id, rest_ms, values = match.groups()
            found.append((int(frame_id), float(rest_ms), [int(v) for v in values.split()]))
    return found


def _rest_to_values_ms(page: Page) -> list[float]:
    """For each read, milliseconds from the scene at rest to its values on the page."""
    seen = page.evaluate("window.readSeen")
    return [seen[str(frame_id)] - rest_ms for frame_id, rest_ms, _ in _reads(page)]


def _report(name: str, latencies: list[float]) -> None:
    shown = ", ".join(f"{ms:.0f}" for ms in latencies)
    print(
        f"\n{name}: rest→values ms [{shown}], median {statistics.median(latencies):.0f}, "
        f"max {max(latencies):.0f}"
    )


def _component(page: Page) -> Locator:
    return page.locator(".live-camera")


def test_live_reads_a_roll_once_and_not_the_same_dice_again(live_url: str, tmp_path: Path):
    photo = _dice_photos()[0]
    video = tmp_path / "one-roll.y4m"
    fake_video.write_rolls(video, [photo], still_seconds=4.0)
    with _open(live_url, _camera_flags(video), grant_camera=True) as page:
        expect(page.get_by_text(re.compile(r"^read 1 at"))).to_be_visible(timeout=90_000)
        ((frame_id, _, values),) = _reads(page)
        assert (frame_id, values) == (1, _labelled(photo))

        camera = _component(page)
        expect(camera).to_have_attribute(
            "data-skipped", re.compile(r"^([2-9]|\d{2,})$"), timeout=60_000
        )
        expect(page.get_by_text("status: watching")).to_be_visible()
        expect(camera).to_have_attribute("data-frames", "1")
        assert len(_reads(page)) == 1
        _report("one roll", _rest_to_values_ms(page))


def test_live_reads_each_new_roll(live_url: str, tmp_path: Path):
    photos = _dice_photos()
    video = tmp_path / "rolls.y4m"
    fake_video.write_rolls(video, photos, still_seconds=2.5)
    with _open(live_url, _camera_flags(video), grant_camera=True) as page:
        last = f"read {len(photos)} at"
        expect(page.get_by_text(re.compile(f"^{last}"))).to_be_visible(timeout=120_000)
        reads = _reads(page)[: len(photos)]
        assert [values for _, _, values in reads] == [_labelled(p) for p in photos]
        assert [frame_id for frame_id, _, _ in reads] == list(range(1, len(photos) + 1))
        _report("five rolls", _rest_to_values_ms(page)[: len(photos)])


def test_live_insecure_origin_shows_guidance_state(live_url: str):
    port = live_url.rsplit(":", 1)[1]
    flags = [f"--host-resolver-rules=MAP {INSECURE_HOST} 127.0.0.1"]
    with _open(f"http://{INSECURE_HOST}:{port}", flags, grant_camera=False) as page:
        assert page.evaluate("window.isSecureContext") is False
        expect(page.get_by_text("status: insecure")).to_be_visible()
        expect(_component(page)).to_have_attribute("data-status", "insecure")
        expect(page.get_by_test_id("stAlertContentWarning")).to_contain_text("secure page")


@pytest.mark.parametrize(
    ("flags", "status", "advice"),
    [
        (
            ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream=deny"],
            "denied",
            "was refused",
        ),
        (["--use-fake-ui-for-media-stream"], "no_camera", "No camera was found"),
    ],
    ids=["denied", "no_camera"],
)
def test_live_camera_trouble_shows_guidance_state(
    live_url: str, flags: list[str], status: str, advice: str
):
    with _open(live_url, flags, grant_camera=False) as page:
        expect(page.get_by_text(f"status: {status}")).to_be_visible()
        expect(_component(page)).to_have_attribute("data-status", status)
        expect(page.get_by_test_id("stAlertContentWarning")).to_contain_text(advice)


def test_live_frame_values_from_the_browser_are_checked():
    jpeg = _dice_photos()[0].read_bytes()
    sent = {"jpeg": base64.b64encode(jpeg).decode(), "id": 3, "rest_ms": 1234.5}
    assert live_camera_module._frame(sent) == (jpeg, 3, 1234.5)
    assert live_camera_module._frame({**sent, "jpeg": "not base64!"}) is None
    assert live_camera_module._frame({**sent, "id": None}) is None
    assert live_camera_module._frame(None) is None
    assert live_camera_module._status("watching") == "watching"
    assert live_camera_module._status("dancing") is None
    assert live_camera_module.guidance("watching") is None
    assert "https" in (live_camera_module.guidance("insecure") or "")
    with pytest.raises(ValueError, match="settle_ms"):
        live_camera_module.live_camera("table", settle_ms=0)
