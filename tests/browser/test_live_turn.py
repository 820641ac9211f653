"""A whole turn played in front of the live camera, with one click: the box.

Chromium's fake camera plays a turn made of real photos (`fake_video`): three rolls that
leave two dice where they lay, a hand resting in view, an empty table between rolls. The
page must count each new still scene as the next roll, hold the dice that stayed, and
record the turn's earlier rolls when the box is tapped, with nothing else clicked. A
script in the page notes when each scene came to rest, when its dice showed and when the
roll number moved on; the times are printed, never asserted.
"""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from playwright.sync_api import Locator, Page, expect, sync_playwright

import samples
from advisor import default_cache
from scoring import Game, score
from store import GameStore, SavedGame, SqliteStore
from tests.browser.page_steps import address
from tools import fake_video
from tools.fake_video import Rest, Scene
from tools.live_watch import WATCH, timings
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve

STILL_SECONDS = 3.0
# A hand resting in view after the last scene, then the table alone: long enough for a
# box to be tapped before Chromium's loop brings the first roll back.
LAST_REST_SECONDS = 6.0

# The value shown on each die's current row (not a faded one a redraw still shows).
FACES_SHOWN = ", ".join(
    f".st-key-die_{i}:not([data-stale=true]) [role=radio][aria-checked=true]" for i in range(5)
)


def _photos() -> list[Path]:
    return [p for p in samples.photos() if p.name.startswith("IMG_")]


def _turn_of_three_rolls() -> list[Scene]:
    """Three rolls of one turn: the first two dice of a photo stay where they lie."""
    photos = _photos()
    rng = np.random.default_rng(23)
    first = fake_video.photo_scene(photos[0])
    second = fake_video.rerolled(first, [0, 1], photos[1:], rng)
    third = fake_video.rerolled(second, [0, 1], photos[1:], rng)
    return [first, second, third]


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Iterator[tuple[str, GameStore]]:
    """A server with its own game file, and the store to read what it recorded (each test
    plays a game of its own)."""
    default_cache().build("yatzy")
    default_cache().build("catalan")
    db = tmp_path_factory.mktemp("live-turn") / "games.sqlite3"
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url:
        yield url, SqliteStore(db)


def _school_done() -> Game:
    """A Catalan game of Ann and Bob with both schools filled: the boxes that double on
    the first roll are open."""
    game = Game("catalan", ["Ann", "Bob"])
    for face in range(1, 7):
        for _ in game.players:
            game.record(game.rules.boxes[face - 1].id, [face, face, face, 1, 2])
    return game


@contextmanager
def _open(url: str, store: GameStore, game: Game, video: Path) -> Iterator[tuple[Page, SavedGame]]:
    """A game saved anew at a table of its own, open in a Chromium whose camera plays
    `video`."""
    saved = store.create(game.to_dict(), table=store.issue_table())
    camera = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=[*FLAGS, *camera], headless=False
        )
        context = browser.new_context(
            viewport={"width": 1366, "height": 768}, permissions=["camera"]
        )
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.add_init_script(WATCH)
        page.goto(address(url, saved.table, saved.id))
        try:
            yield page, saved
        finally:
            browser.close()


def roll_shown(page: Page) -> Locator:
    return page.locator(".st-key-roll:not([data-stale=true]) [role=radio][aria-checked=true]")


def dice_shown(page: Page) -> list[int]:
    faces = page.locator(FACES_SHOWN)
    return sorted(int(face) for face in faces.all_inner_texts())


def _wait_for_roll(page: Page, roll: int, scene: Scene) -> None:
    expect(roll_shown(page)).to_have_text(str(roll), timeout=120_000)
    expect(page.locator(FACES_SHOWN)).to_have_count(5)
    page.wait_for_function(
        "values => window.seen.dice.length && window.seen.dice.at(-1)[0].split(' ')"
        ".map(Number).sort().join() === values",
        arg=",".join(map(str, scene.values)),
    )


def _tap_box(button: Locator) -> str:
    """Tap a box's Record button; return the box's id."""
    holder = button.locator("xpath=ancestor::*[contains(@class, 'st-key-record_')][1]")
    box = re.search(r"st-key-record_(\w+)", holder.get_attribute("class") or "")
    assert box is not None
    button.click()
    return box.group(1)


def _tap_best_box(page: Page) -> str:
    """Tap the first box offered; return its id."""
    return _tap_box(page.locator("[class*='st-key-record_'] button:visible").first)


def _wait_recorded(page: Page, store: GameStore, saved: SavedGame) -> dict:
    """Ann's turn as saved, once the page says it is Bob's."""
    expect(page.get_by_text("Bob to play")).to_be_visible()
    return store.load(saved.id, table=saved.table).record["turns"][-1]


def _report(name: str, page: Page) -> None:
    """Print the times from rest to dice shown and to roll advanced, and the clicks."""
    noted = timings(page)
    print(
        f"\n{name}: rest→dice ms {[round(ms) for ms in noted.to_dice]}, "
        f"rest→roll ms {[round(ms) for ms in noted.to_roll]}, clicks {noted.clicks}"
    )


def test_live_turn_three_rolls_and_a_tap_on_the_box_record_the_rolls(table, tmp_path):
    url, store = table
    scenes = _turn_of_three_rolls()
    video = tmp_path / "turn.y4m"
    fake_video.write_scenes(video, [*scenes, Rest(scenes[-1], LAST_REST_SECONDS)], STILL_SECONDS)
    with _open(url, store, Game("yatzy", ["Ann", "Bob"]), video) as (page, saved):
        for roll, scene in enumerate(scenes, start=1):
            _wait_for_roll(page, roll, scene)
        assert page.locator(".st-key-roll_again").count() == 0, "after roll 3 only the boxes"
        assert dice_shown(page) == scenes[-1].values
        box = _tap_best_box(page)
        turn = _wait_recorded(page, store, saved)
        assert page.evaluate("window.clicks") == 1
        _report("three rolls", page)
    kept = sorted(value for value, _ in scenes[0].dice[:2])
    assert turn["box"] == box, turn
    assert turn["roll"] == 3
    assert sorted(turn["dice"]) == scenes[2].values
    assert turn["rolls"] == [
        {"dice": scenes[0].values, "kept": kept},
        {"dice": scenes[1].values, "kept": kept},
    ]


def test_live_turn_the_same_dice_seen_again_is_one_roll(table, tmp_path):
    url, store = table
    first = fake_video.photo_scene(_photos()[0])
    video = tmp_path / "rest.y4m"
    fake_video.write_scenes(video, [first, Rest(first, LAST_REST_SECONDS)], STILL_SECONDS)
    with _open(url, store, Game("yatzy", ["Ann", "Bob"]), video) as (page, _):
        _wait_for_roll(page, 1, first)
        camera = page.locator(".live-camera")
        # The hand resting in view makes a new scene the camera sends, in which no die moved.
        expect(camera).to_have_attribute("data-frames", re.compile(r"^[2-9]$"), timeout=60_000)
        expect(page.get_by_text("No die moved: not a new roll.")).to_be_visible()
        expect(roll_shown(page)).to_have_text("1")
        assert page.locator(".st-key-hold_0 input").is_checked() is False
        _report("same dice again", page)


def test_live_turn_an_empty_table_between_rolls_is_no_roll(table, tmp_path):
    url, store = table
    photos = _photos()
    first = fake_video.photo_scene(photos[0])
    second = fake_video.rerolled(first, [], photos[1:], np.random.default_rng(5))
    video = tmp_path / "empty.y4m"
    steps = [first, fake_video.cleared(first), second, Rest(second, LAST_REST_SECONDS)]
    fake_video.write_scenes(video, steps, STILL_SECONDS)
    with _open(url, store, Game("yatzy", ["Ann", "Bob"]), video) as (page, saved):
        _wait_for_roll(page, 1, first)
        expect(page.get_by_text("No dice in view: waiting for the roll.")).to_be_visible(
            timeout=60_000
        )
        expect(roll_shown(page)).to_have_text("1")
        _wait_for_roll(page, 2, second)
        _tap_best_box(page)
        turn = _wait_recorded(page, store, saved)
        _report("empty table between", page)
    assert turn["roll"] == 2
    assert turn["rolls"] == [{"dice": first.values, "kept": []}]


def test_live_turn_catalan_records_a_first_roll_doubled_without_a_roll_click(table, tmp_path):
    url, store = table
    first = fake_video.photo_scene(_photos()[0])
    video = tmp_path / "catalan.y4m"
    fake_video.write_scenes(video, [first, Rest(first, LAST_REST_SECONDS)], STILL_SECONDS)
    with _open(url, store, _school_done(), video) as (page, saved):
        _wait_for_roll(page, 1, first)
        cell = page.locator("[data-testid=stColumn]:not(:has([data-testid=stColumn]))")
        doubled = cell.filter(has=page.get_by_text("doubled on the first roll"))
        box = _tap_box(doubled.locator("[class*='st-key-record_'] button:visible").first)
        turn = _wait_recorded(page, store, saved)
        assert page.evaluate("window.clicks") == 1
    assert turn["roll"] == 1
    assert turn["box"] == box
    points = Game.from_dict(store.load(saved.id, table=saved.table).record).turns[-1].points
    assert points == score("catalan", box, first.values, roll=1)
    assert points > score("catalan", box, first.values, roll=2), "doubled"


# Notes every utterance the page asks the browser's speech synthesis to say.
NOTE_SPEECH = """
window.spoken = [];
const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
window.speechSynthesis.speak = (utterance) => {
  window.spoken.push({ text: utterance.text, lang: utterance.lang });
  speak(utterance);
};
"""


def test_live_turn_a_roll_read_is_said_aloud_once(table, tmp_path):
    url, store = table
    first = fake_video.photo_scene(_photos()[0])
    video = tmp_path / "spoken.y4m"
    fake_video.write_scenes(video, [first, Rest(first, LAST_REST_SECONDS)], STILL_SECONDS)
    with _open(url, store, Game("yatzy", ["Ann", "Bob"]), video) as (page, _):
        page.add_init_script(NOTE_SPEECH)
        page.reload()
        page.locator(".st-key-say_aloud label").click()
        expect(page.get_by_role("switch", name="Say it aloud")).to_be_checked()
        _wait_for_roll(page, 1, first)
        page.wait_for_function("window.spoken.length > 0")
        # The hand resting in view is a scene of its own, in which no die moved.
        expect(page.get_by_text("No die moved: not a new roll.")).to_be_visible(timeout=60_000)
        spoken = page.evaluate("window.spoken")
    assert len(spoken) == 1, spoken
    (said,) = spoken
    assert said["lang"] == "en"
    assert said["text"].startswith(f"Roll 1: {', '.join(map(str, first.values))}.")
    assert "Advisor: " in said["text"]


def test_shared_turn_a_roll_at_rest_before_the_box_is_the_next_player_s_roll_1(table, tmp_path):
    url, store = table
    ann = _turn_of_three_rolls()
    photos = _photos()
    rng = np.random.default_rng(31)
    bob_first = fake_video.rerolled(ann[-1], [], photos[1:], rng)
    bob_second = fake_video.rerolled(bob_first, [0, 1], photos[1:], rng)
    video = tmp_path / "next.y4m"
    steps = [*ann, bob_first, Rest(bob_first, 8.0), bob_second, Rest(bob_second, LAST_REST_SECONDS)]
    fake_video.write_scenes(video, steps, STILL_SECONDS)
    with _open(url, store, Game("yatzy", ["Ann", "Bob"]), video) as (page, saved):
        for roll, scene in enumerate(ann, start=1):
            _wait_for_roll(page, roll, scene)
        expect(page.get_by_text("kept as the next player's roll 1")).to_be_visible(timeout=60_000)
        _tap_best_box(page)
        ann_turn = _wait_recorded(page, store, saved)
        expect(roll_shown(page)).to_have_text("1")
        expect(page.locator(FACES_SHOWN)).to_have_count(5)
        assert dice_shown(page) == bob_first.values, "the roll at rest is Bob's roll 1"
        _wait_for_roll(page, 2, bob_second)
        _tap_best_box(page)
        expect(page.get_by_text("Ann to play")).to_be_visible()
        bob_turn = store.load(saved.id, table=saved.table).record["turns"][-1]
    assert ann_turn["roll"] == 3 and len(ann_turn["rolls"]) == 2
    kept = sorted(value for value, _ in bob_first.dice[:2])
    assert bob_turn["player"] == "Bob"
    assert bob_turn["roll"] == 2
    assert bob_turn["rolls"] == [{"dice": bob_first.values, "kept": kept}]
