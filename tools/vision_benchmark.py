"""Benchmark: milliseconds per frame on one core, and reads from several threads at once.

    python -m tools.vision_benchmark [--runs N] [--datasets DIR]

Frames are built from the real photos in `samples/`:
- plain table: five labelled die crops of the top-down photos pasted, turned, onto a
  frame-sized table background cut from the same photos (blurred and scaled up); crops
  are enlarged at most twice, so dice are a ninth of the frame height across or as large
  as that allows;
- woven cloth and carpet: a phone photo of dice on that cloth scaled so its dice are a
  ninth of the frame height, its die-free part repeated (mirrored) to fill the frame,
  and its own dice pasted back in a row;
- close-up: a phone photo of one die a fifth of the frame across, scaled to 12 MP;
- drawn: five sharp drawn dice a ninth of a 12 MP frame across.

The second table reads a set of these frames from 1, 2 and 4 threads at once, first as
the page does (each thread reads when it likes), then with one lock held across each
whole read, and prints reads per second. With `--datasets DIR` a third table times the
read of every held-out photo of the shared data sets under DIR.
"""

from __future__ import annotations

import argparse
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np

import samples
from vision import draw_die, load_labels, photo_paths, read_dice, read_photo

SAMPLES = samples.FOLDER
PLAIN_PHOTOS = "IMG_*.json"
# (cloth, sample photo of dice on it, rows of the photo with no die in them)
TEXTURED = (("woven cloth", "dice80", (0, 320)), ("carpet", "dice20", (0, 300)))
CLOSE_UP = "dice50"
DATASETS = ("byler-d6", "roboflow-dice", "damiantab-d6")
DICE = 5
THREADS = (1, 2, 4)


def die_crops(labels: list[Path], margin: float = 0.0) -> list[np.ndarray]:
    """Square crops of the labelled dice of the photos beside `labels`, each widened by
    `margin` of its side on every side."""
    crops = []
    for label in labels:
        image = read_photo(label.with_suffix(".jpg"))
        h, w = image.shape[:2]
        for _, box in load_labels(label):
            x0, y0, x1, y1 = box
            side = max(x1 - x0, y1 - y0) * (1 + 2 * margin)
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            left, top = max(0, round(cx - side / 2)), max(0, round(cy - side / 2))
            crops.append(image[top : min(h, round(top + side)), left : min(w, round(left + side))])
    return crops


def plain_table(width: int, height: int) -> np.ndarray:
    """A frame of plain table: a die-free corner of a sample photo, blurred and scaled."""
    image = read_photo(sorted(SAMPLES.glob("IMG_*.jpg"))[0])
    corner = cv2.GaussianBlur(image[-120:, :120], (0, 0), 3)
    return cv2.resize(corner, (width, height), interpolation=cv2.INTER_LINEAR)


def paste_row(
    frame: np.ndarray, crops: list[np.ndarray], side: int, rng: np.random.Generator
) -> None:
    """Paste `crops` in a row across `frame`, each scaled to `side` and turned by a
    multiple of 90 degrees; in place."""
    height, width = frame.shape[:2]
    for k, crop in enumerate(crops):
        square = cv2.resize(crop, (side, side), interpolation=cv2.INTER_AREA)
        square = np.rot90(square, int(rng.integers(4)))
        x = int(width * (k + 1) / (len(crops) + 1)) - side // 2
        y = height // 2 - side // 2 + int(rng.integers(-side // 2, side // 2 + 1))
        frame[y : y + side, x : x + side] = square


def plain_scene(width: int, height: int, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """Five real die crops on a plain table; with the dice's side."""
    crops = die_crops(sorted(SAMPLES.glob(PLAIN_PHOTOS)))
    native = int(np.median([c.shape[0] for c in crops]))
    side = max(16, min(height // 9, 2 * native))
    frame = plain_table(width, height)
    chosen = rng.choice(len(crops), DICE, replace=False)
    paste_row(frame, [crops[i] for i in chosen], side, rng)
    return frame, side


def textured_scene(
    name: str, rows: tuple[int, int], width: int, height: int, rng: np.random.Generator
) -> tuple[np.ndarray, int, int]:
    """The dice of a sample photo on its own cloth, filling a frame; with the dice's side
    and their number."""
    label = SAMPLES / f"{name}.json"
    photo = read_photo(label.with_suffix(".jpg"))
    boxes = [box for _, box in load_labels(label)]
    native = float(np.median([max(b[2] - b[0], b[3] - b[1]) for b in boxes]))
    side = height // 9
    scale = side / native
    cloth = cv2.resize(photo[rows[0] : rows[1]], None, fx=scale, fy=scale)
    frame = cv2.copyMakeBorder(
        cloth,
        0,
        max(0, height - cloth.shape[0]),
        0,
        max(0, width - cloth.shape[1]),
        cv2.BORDER_REFLECT,
    )[:height, :width].copy()
    crops = die_crops([label], margin=0.15)
    paste_row(frame, crops, round(side * 1.3), rng)
    return frame, side, len(crops)


def close_up(width: int, height: int) -> tuple[np.ndarray, int]:
    """The close-up sample photo scaled to the frame; with its die's side."""
    label = SAMPLES / f"{CLOSE_UP}.json"
    photo = read_photo(label.with_suffix(".jpg"))
    (_, box), *_ = load_labels(label)
    frame = cv2.resize(photo, (width, height), interpolation=cv2.INTER_CUBIC)
    return frame, round((box[2] - box[0]) * width / photo.shape[1])


def drawn_scene(width: int, height: int, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """Five sharp drawn dice (white, dark pips), a ninth of the frame height across."""
    frame = plain_table(width, height)
    side = height // 9
    for k in range(DICE):
        centre = (width * (k + 1) / (DICE + 1), height / 2 + float(rng.uniform(-side, side)))
        draw_die(frame, int(rng.integers(1, 7)), centre, side, float(rng.uniform(0, 90)))
    return frame, side


def frames(rng: np.random.Generator) -> list[tuple[str, np.ndarray, int, int]]:
    """(scene, frame, dice across, dice in it) for every row of the frame table."""
    rows = []
    for width, height in ((640, 480), (1280, 720), (1920, 1080), (4000, 3000)):
        frame, side = plain_scene(width, height, rng)
        rows.append(("plain table", frame, side, DICE))
    for cloth, name, band in TEXTURED:
        for width, height in ((1280, 720), (1920, 1080)):
            frame, side, count = textured_scene(name, band, width, height, rng)
            rows.append((cloth, frame, side, count))
    frame, side = close_up(3000, 4000)
    rows.append(("one large die", frame, side, 1))
    frame, side = drawn_scene(4000, 3000, rng)
    rows.append(("drawn dice", frame, side, DICE))
    return rows


def time_frame(frame: np.ndarray, runs: int) -> tuple[float, float, int]:
    """Median wall-clock and CPU milliseconds of `runs` readings of `frame`, and the
    number of dice read. CPU time is what one core spends; wall time also counts
    waiting for a core when the machine is busy."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        reading = read_dice(frame)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return float(np.median(wall)), float(np.median(cpu)), len(reading.dice)


def reads_per_second(
    images: list[np.ndarray], threads: int, read: Callable[[np.ndarray], object]
) -> float:
    """Reads per second when `threads` threads each read every image twice, all at once."""
    start = threading.Barrier(threads + 1)

    def work() -> None:
        start.wait()
        for image in images * 2:
            read(image)

    with ThreadPoolExecutor(threads) as pool:
        futures = [pool.submit(work) for _ in range(threads)]
        start.wait()
        began = time.perf_counter()
        for future in futures:
            future.result()
    return threads * len(images) * 2 / (time.perf_counter() - began)


def concurrency_table(images: list[np.ndarray]) -> list[str]:
    """Reads per second from several threads: as they come, and behind one lock."""
    lock = threading.Lock()

    def locked(image: np.ndarray) -> object:
        with lock:
            return read_dice(image)

    lines = ["| threads | reads/s, as the page reads | reads/s, one lock across each read |"]
    lines.append("|---|---|---|")
    for threads in THREADS:
        free = reads_per_second(images, threads, read_dice)
        held = reads_per_second(images, threads, locked)
        lines.append(f"| {threads} | {free:.1f} | {held:.1f} |")
    return lines


def heldout_table(root: Path) -> list[str]:
    """Median, 95th percentile and slowest milliseconds per held-out photo, per data set
    and over all of them."""
    lines = ["| data set | photos | median ms | p95 ms | max ms |", "|---|---|---|---|---|"]
    every: list[float] = []
    for name in DATASETS:
        times = []
        for path in photo_paths(root / name, "heldout"):
            image = read_photo(path)
            start = time.perf_counter()
            read_dice(image)
            times.append((time.perf_counter() - start) * 1000)
        every += times
        lines.append(row(name, times))
    lines.append(row("all", every))
    return lines


def row(name: str, times: list[float]) -> str:
    return (
        f"| {name} | {len(times)} | {np.median(times):.0f} | "
        f"{np.percentile(times, 95):.0f} | {max(times):.0f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time read_dice on one core.")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--datasets", type=Path, help="also time the held-out photos here")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    rng = np.random.default_rng(7)
    rows = frames(rng)
    print("| frame | scene | dice across (px) | dice read | median ms wall | median ms CPU |")
    print("|---|---|---|---|---|---|")
    for scene, frame, side, count in rows:
        height, width = frame.shape[:2]
        runs = args.runs if width * height < 5e6 else max(3, args.runs // 5)
        wall, cpu, found = time_frame(frame, runs)
        print(f"| {width}x{height} | {scene} | {side} | {found}/{count} | {wall:.1f} | {cpu:.1f} |")
    print()
    print("\n".join(concurrency_table([frame for _, frame, _, _ in rows if frame.size < 1e7])))
    if args.datasets:
        print()
        print("\n".join(heldout_table(args.datasets)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
