"""Benchmark: milliseconds per frame on one core at several frame sizes.

    python -m vision.benchmark [--runs N]

Scenes are built from real photos: five labelled die crops from the photos in
`samples/` are pasted, turned, onto a frame-sized table background cut from the same
photos (blurred and scaled up). Crops are enlarged at most twice (they are 30-50 px in
the photos), so dice are one ninth of the frame height across or as large as that
allows. A last scene draws five sharp dice one ninth of a 12 MP frame across.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np

from vision.reader import read_dice

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
SIZES = ((640, 480), (1280, 720), (1920, 1080), (4000, 3000))
DICE = 5
# Pip positions of each value on the face's 3x3 grid, (column, row) from -1 to 1.
PIP_CELLS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (-1, 1), (1, -1), (1, 1)],
    5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}


def die_crops(folder: Path) -> list[np.ndarray]:
    """Square crops of the labelled dice in the photos of `folder`."""
    crops = []
    for label in sorted(folder.glob("*.json")):
        image = cv2.imread(str(label.with_suffix(".jpg")))
        for die in json.loads(label.read_text())["dice"]:
            x0, y0, x1, y1 = (round(v) for v in die["box"])
            crops.append(image[y0:y1, x0:x1].copy())
    return crops


def table(folder: Path, width: int, height: int) -> np.ndarray:
    """A frame of plain table: a die-free corner of a sample photo, blurred and scaled."""
    image = cv2.imread(str(sorted(folder.glob("*.jpg"))[0]))
    corner = cv2.GaussianBlur(image[-120:, :120], (0, 0), 3)
    return cv2.resize(corner, (width, height), interpolation=cv2.INTER_LINEAR)


def die_side(height: int, crops: list[np.ndarray]) -> int:
    """Die size for a frame: a ninth of its height, but crops enlarged at most twice."""
    native = int(np.median([c.shape[0] for c in crops]))
    return max(16, min(height // 9, 2 * native))


def scene(crops: list[np.ndarray], background: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Five die crops pasted in a row, each scaled and turned by a multiple of 90 degrees."""
    frame = background.copy()
    height, width = frame.shape[:2]
    side = die_side(height, crops)
    for k, index in enumerate(rng.choice(len(crops), DICE, replace=False)):
        crop = cv2.resize(crops[index], (side, side), interpolation=cv2.INTER_CUBIC)
        crop = np.rot90(crop, int(rng.integers(4)))
        x = int(width * (k + 1) / (DICE + 1)) - side // 2
        y = height // 2 - side // 2 + int(rng.integers(-side, side))
        frame[y : y + side, x : x + side] = crop
    return frame


def drawn_scene(background: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Five sharp drawn dice (white, dark pips), a ninth of the frame height across."""
    frame = background.copy()
    height, width = frame.shape[:2]
    side = height // 9
    for k in range(DICE):
        value = int(rng.integers(1, 7))
        angle = float(rng.uniform(0, np.pi / 2))
        c, s = np.cos(angle), np.sin(angle)
        cx, cy = width * (k + 1) / (DICE + 1), height / 2 + float(rng.uniform(-side, side))
        corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * side / 2
        rotated = corners @ np.array([[c, s], [-s, c]]) + (cx, cy)
        cv2.fillConvexPoly(frame, rotated.astype(np.int32), (235, 235, 230), cv2.LINE_AA)
        for gx, gy in PIP_CELLS[value]:
            px = cx + (gx * c - gy * s) * 0.27 * side
            py = cy + (gx * s + gy * c) * 0.27 * side
            cv2.circle(
                frame, (round(px), round(py)), round(0.09 * side), (25, 25, 25), -1, cv2.LINE_AA
            )
    return frame


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time read_dice on one core.")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    rng = np.random.default_rng(7)
    crops = die_crops(SAMPLES)
    print("scenes: real die crops from samples/ pasted on a real table background,")
    print("        except the last row: drawn dice on that background")
    print("| frame | scene | dice across (px) | dice read | median ms wall | median ms CPU |")
    print("|---|---|---|---|---|---|")
    rows = [(w, h, "real crops") for w, h in SIZES] + [(4000, 3000, "drawn dice")]
    for width, height, kind in rows:
        background = table(SAMPLES, width, height)
        if kind == "drawn dice":
            frame, side = drawn_scene(background, rng), height // 9
        else:
            frame, side = scene(crops, background, rng), die_side(height, crops)
        runs = args.runs if width * height < 5e6 else max(3, args.runs // 5)
        wall, cpu, found = time_frame(frame, runs)
        print(f"| {width}x{height} | {kind} | {side} | {found}/{DICE} | {wall:.1f} | {cpu:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
