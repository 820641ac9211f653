"""How fast the page follows a live turn, from a fake camera, with one tap per turn.

    python -m tools.live_timing [--turns 4] [--runs 2]

Each run serves `app.py` with a new one-player Yatzy game and opens it in Chromium,
whose fake camera plays `--turns` turns made of real sample photos: three rolls each,
the second and third leaving two dice where they lay, then a hand resting in view. The
only thing clicked is the first box offered once roll 3 shows. The page notes when each
scene came to rest, when all five dice of a roll showed and when the roll number moved on
(`tools.live_watch`). It prints a markdown table: scenes, median and max ms from
rest to dice shown and to roll advanced, and clicks per turn.
"""

import argparse
import statistics
import tempfile
from pathlib import Path

import numpy as np
from playwright.sync_api import expect, sync_playwright

import samples
from advisor import default_cache
from scoring import Game
from store import open_store
from tools import fake_video
from tools.fake_video import Rest, Scene
from tools.live_watch import WATCH, Timings, timings
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve

STILL_SECONDS = 2.5
TAP_SECONDS = 3.0


def turns(count: int, seed: int) -> list[Scene | Rest]:
    """`count` turns of three rolls, each new turn a fresh roll of all five dice."""
    photos = [p for p in samples.photos() if p.name.startswith("IMG_")]
    rng = np.random.default_rng(seed)
    steps: list[Scene | Rest] = []
    scene = fake_video.photo_scene(photos[0])
    for turn in range(count):
        first = scene if turn == 0 else fake_video.rerolled(scene, [], photos[1:], rng)
        second = fake_video.rerolled(first, [0, 1], photos[1:], rng)
        scene = fake_video.rerolled(second, [0, 1], photos[1:], rng)
        steps += [first, second, scene, Rest(scene, TAP_SECONDS)]
    return steps


def one_run(count: int, seed: int, folder: Path) -> Timings:
    """Play `count` turns in front of the fake camera; what the page noted."""
    video = folder / f"turns-{seed}.y4m"
    fake_video.write_scenes(video, turns(count, seed), STILL_SECONDS)
    db = folder / f"games-{seed}.sqlite3"
    store = open_store(db)
    table = store.issue_table()
    game_id = store.create(Game("yatzy", ["Ann"]).to_dict(), table=table).id
    camera = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=[*FLAGS, *camera], headless=False
        )
        context = browser.new_context(
            viewport={"width": 1366, "height": 768}, permissions=["camera"]
        )
        page = context.new_page()
        page.add_init_script(WATCH)
        page.goto(f"{url}/?table={table}&game={game_id}")
        roll = page.locator(".st-key-roll:not([data-stale=true]) [role=radio][aria-checked=true]")
        for turn in range(count):
            expect(roll).to_have_text("3", timeout=120_000)
            page.locator("[class*='st-key-record_'] button:visible").first.click()
            expect(page.get_by_text(f"Round {turn + 2}")).to_be_visible()
        noted = timings(page)
        browser.close()
    return noted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.live_timing", description=__doc__)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args(argv)
    default_cache().build("yatzy")
    with tempfile.TemporaryDirectory() as folder:
        runs = [one_run(args.turns, seed, Path(folder)) for seed in range(args.runs)]
    to_dice = [ms for run in runs for ms in run.to_dice]
    to_roll = [ms for run in runs for ms in run.to_roll]
    clicks = sum(run.clicks for run in runs) / (args.turns * args.runs)
    print("| measure | scenes | median ms | max ms |")
    print("|---|---:|---:|---:|")
    for name, values in (("rest → dice shown", to_dice), ("rest → roll advanced", to_roll)):
        print(f"| {name} | {len(values)} | {statistics.median(values):.0f} | {max(values):.0f} |")
    print(f"\nclicks per turn: {clicks:g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
