"""Labelled tune photos in memory, and random augmented views of them for training."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import FINDER_STRIDE, photo_paths, read_photo

DATASETS = ("byler-d6", "roboflow-dice", "damiantab-d6")
# Data sets photographed at a slant: "up" in the photo is away from the camera, and a
# die's top face is the upper of the faces it shows, so their views turn only a little.
SLANTED = frozenset({"roboflow-dice"})
SLANTED_TURN = 15.0


@dataclass
class Photo:
    """One labelled photo: BGR pixels, die centres (n, 2), sides (n,), values (n,) and
    the data set it comes from."""

    image: np.ndarray
    centres: np.ndarray
    sides: np.ndarray
    values: np.ndarray
    dataset: str = ""


def load_photo(path: Path) -> Photo:
    """A photo with its labels; a die's side is the square root of its box area."""
    labels = json.loads(path.with_suffix(".json").read_text())["dice"]
    boxes = np.array([d["box"] for d in labels], np.float32).reshape(-1, 4)
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    sides = np.sqrt((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]))
    values = np.array([d["value"] for d in labels], np.int64)
    return Photo(read_photo(path), centres, sides, values, path.parent.name)


def load_tune_photos(root: Path) -> list[Photo]:
    """Every tune-split photo of the shared data sets under `root`."""
    return [load_photo(p) for name in DATASETS for p in photo_paths(root / name, "tune")]


def pick_photo(photos: list[Photo], rng: np.random.Generator) -> Photo:
    """A random photo, each data set equally likely whatever its size."""
    dataset = rng.choice(sorted({p.dataset for p in photos}))
    chosen = [p for p in photos if p.dataset == dataset]
    return chosen[rng.integers(len(chosen))]


def view_angle(photo: Photo, rng: np.random.Generator) -> float:
    """A random turn in degrees for a view of `photo`: any for a top-down photo, a small
    one for a slanted photo (SLANTED)."""
    if photo.dataset in SLANTED:
        return float(rng.normal(0, SLANTED_TURN))
    return float(rng.uniform(0, 360))


def recolour(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random colour changes a die set or a table could show: channel order, hue,
    saturation, brightness, contrast, inversion, grey."""
    out = image
    if rng.random() < 0.5:
        out = out[:, :, rng.permutation(3)]
    hsv = cv2.cvtColor(np.ascontiguousarray(out), cv2.COLOR_BGR2HSV).astype(np.int16)
    hsv[:, :, 0] = (
        (hsv[:, :, 0] + rng.integers(0, 180)) % 180 if rng.random() < 0.5 else hsv[:, :, 0]
    )
    hsv[:, :, 1] = np.clip(hsv[:, :, 1] * rng.uniform(0.5, 1.4), 0, 255)
    out = cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR).astype(np.float32)
    out = (out - 128) * rng.uniform(0.6, 1.4) + 128 + rng.uniform(-40, 40)
    if rng.random() < 0.1:
        out = 255 - out
    if rng.random() < 0.1:
        out[:] = out.mean(axis=2, keepdims=True)
    return np.clip(out, 0, 255).astype(np.uint8)


def degrade(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random blur, sensor noise and JPEG loss."""
    out = image
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.5))
    if rng.random() < 0.3:
        noise = rng.normal(0, rng.uniform(2, 8), out.shape)
        out = np.clip(out + noise, 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        _, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 90))])
        decoded = cv2.imdecode(data, cv2.IMREAD_COLOR)
        if decoded is None:
            raise RuntimeError("could not decode a JPEG just encoded by OpenCV")
        out = decoded
    return out


def warp(
    image: np.ndarray,
    centre: np.ndarray,
    angle: float,
    scale: float,
    size: int,
    fill: tuple[int, int, int] | None,
) -> tuple[np.ndarray, np.ndarray]:
    """A `size`-pixel square view centred on `centre`, rotated by `angle` degrees and
    scaled by `scale` (area-averaged first when shrinking); with the 2x3 map from image
    to view. A `fill` of None repeats the border pixels."""
    pre = min(1.0, scale)
    if pre < 1.0:
        image = cv2.resize(image, None, fx=pre, fy=pre, interpolation=cv2.INTER_AREA)
    # A float64 array already, so asarray neither copies nor converts it.
    at = (float(centre[0]) * pre, float(centre[1]) * pre)
    m = np.asarray(cv2.getRotationMatrix2D(at, angle, scale / pre), np.float64)
    m[:, 2] += size / 2 - np.asarray(centre, np.float64) * pre
    border = cv2.BORDER_REPLICATE if fill is None else cv2.BORDER_CONSTANT
    view = cv2.warpAffine(image, m, (size, size), borderMode=border, borderValue=fill or 0)
    return view, np.hstack([m[:, :2] * pre, m[:, 2:]])


def finder_view(
    photo: Photo, size: int, rng: np.random.Generator, sides: tuple[float, float] = (10, 100)
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A square view of `size` pixels: rotated, scaled so the dice are between `sides`
    pixels across, recoloured and degraded; with the centres and sides of its dice."""
    median = float(np.median(photo.sides)) if len(photo.sides) else 40.0
    target = math.exp(rng.uniform(math.log(sides[0]), math.log(sides[1])))
    scale = target / median
    h, w = photo.image.shape[:2]
    if len(photo.centres) and rng.random() < 0.7:
        focus = photo.centres[rng.integers(len(photo.centres))] + rng.normal(0, median, 2)
    else:
        focus = np.array([rng.uniform(0, w), rng.uniform(0, h)])
    blue, green, red = (int(v) for v in rng.integers(0, 256, 3))
    fill = (blue, green, red)
    image, m = warp(photo.image, focus, view_angle(photo, rng), scale, size, fill)
    if rng.random() < 0.5:
        image = image[:, ::-1]
        m = np.array([[-1, 0, size - 1], [0, 1, 0]], np.float64) @ np.vstack([m, [0, 0, 1]])
    centres = photo.centres @ m[:, :2].T + m[:, 2]
    image = degrade(recolour(image, rng), rng)
    return image, centres.astype(np.float32), (photo.sides * scale).astype(np.float32)


def reader_view(
    photo: Photo, index: int, size: int, rng: np.random.Generator, plain: bool = False
) -> np.ndarray:
    """A `size`-pixel crop of one die, rotated at random, framed with some jitter the way
    the finder frames it; unless `plain`, also recoloured, degraded and sometimes at lower
    resolution first."""
    side = float(photo.sides[index])
    frame = side * rng.uniform(1.15, 1.45)
    centre = photo.centres[index] + rng.normal(0, 0.06 * side, 2)
    scale = size / frame
    image, _ = warp(photo.image, centre, view_angle(photo, rng), scale, size, None)
    if rng.random() < 0.5:
        image = image[:, ::-1]
    if plain:
        return np.ascontiguousarray(image)
    if rng.random() < 0.3:
        low = int(rng.integers(16, size))
        image = cv2.resize(
            cv2.resize(image, (low, low), interpolation=cv2.INTER_AREA), (size, size)
        )
    return degrade(recolour(image, rng), rng)


def empty_view(photo: Photo, size: int, rng: np.random.Generator) -> np.ndarray | None:
    """A `size`-pixel crop of a photo from a quarter of a die to two dice across, centred
    away from every die (None when the chosen place is too near one). The finder marks
    faces of any size, so the reader also meets small table marks (buttons, holes,
    specks) blown up to a face's size."""
    median = float(np.median(photo.sides)) if len(photo.sides) else 40.0
    h, w = photo.image.shape[:2]
    centre = np.array([rng.uniform(0, w), rng.uniform(0, h)])
    if len(photo.centres) and np.hypot(*(photo.centres - centre).T).min() < 0.8 * median:
        return None
    frame = median * math.exp(rng.uniform(math.log(0.25), math.log(2.0)))
    image, _ = warp(photo.image, centre, rng.uniform(0, 360), size / frame, size, None)
    return degrade(recolour(image, rng), rng)


def part_view(photo: Photo, index: int, size: int, rng: np.random.Generator) -> np.ndarray:
    """A `size`-pixel crop of a part of one die, from a fifth to two thirds of its side
    across: a pip or a few pips blown up are not a die face, and the reader must say so
    when the finder marks the pips of a die much larger than it expects."""
    side = float(photo.sides[index])
    frame = side * rng.uniform(0.2, 0.67)
    centre = photo.centres[index] + rng.uniform(-0.35, 0.35, 2) * side
    image, _ = warp(photo.image, centre, view_angle(photo, rng), size / frame, size, None)
    return degrade(recolour(image, rng), rng)


def finder_targets(centres: np.ndarray, sides: np.ndarray, size: int) -> tuple[np.ndarray, ...]:
    """Gaussian heat map of the die centres on the output grid, the log side at each
    centre cell, and the mask of those cells."""
    cells = size // FINDER_STRIDE
    heat = np.zeros((cells, cells), np.float32)
    log_side = np.zeros((cells, cells), np.float32)
    mask = np.zeros((cells, cells), np.float32)
    ys, xs = np.mgrid[0:cells, 0:cells].astype(np.float32)
    for (x, y), side in zip(centres / FINDER_STRIDE, sides, strict=True):
        cx, cy = int(x), int(y)
        if not (0 <= cx < cells and 0 <= cy < cells):
            continue
        sigma = max(0.5, side / FINDER_STRIDE / 6)
        blob = np.exp(-((xs - x + 0.5) ** 2 + (ys - y + 0.5) ** 2) / (2 * sigma**2))
        np.maximum(heat, blob, out=heat)
        heat[cy, cx] = 1.0
        log_side[cy, cx] = math.log(side)
        mask[cy, cx] = 1.0
    return heat, log_side, mask
