"""Find top faces of dice with the trained finder network, at a scale chosen from them."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.networks import FINDER_NETWORK, FINDER_STRIDE, as_blob
from vision.reading import Box

# Longest side of the first working image: the finder was trained on dice 6-120 pixels
# across, which this covers for dice from 1/85 to 1/4 of the frame's longer side.
WORKING_SIDE = 512
# A coarser look, at this fraction of the working scale, sees dice up to 3/5 of the
# frame's longer side (one die filling the view), whose pips the first look could take
# for small dice. Of its spots, only those at least COARSE_SIDE working pixels across
# are kept: the working look sees smaller dice better.
COARSE = 0.4
COARSE_SIDE = 60.0
# When the lower quartile of the dice's sides (working pixels) is outside this range,
# dice are looked for again at a scale that brings it to COMFORTABLE_SIDE.
SMALLEST_SIDE = 30.0
LARGEST_SIDE = 90.0
COMFORTABLE_SIDE = 36.0
# The finest working image, longest side: bounds the time spent on a 12 MP photo.
LARGEST_WORKING_SIDE = 2048
# That look covers only squares this many die sides across around the spots of the first
# look: the dice it sees better are ones the first look saw dimly, and on a large photo
# of a few small dice the rest of the table is most of the work.
WINDOW = 4.0
# The smallest die looked for is this share of the frame's shorter side; when the first
# looks find no die, one more look brings such a die to SMALLEST_DIE_SIDE working pixels.
SMALLEST_DIE = 1 / 60
SMALLEST_DIE_SIDE = 10.0
# Centre cells whose heat is below this are not looked at further.
MIN_HEAT = 0.1
# Of the peaks of one look, only this many of the hottest are kept: it bounds the work
# on a textured table whose every cell looks a little like a die, and is more than the
# 30 dice a photo is expected to hold.
MAX_PEAKS = 64
# Spots at least this hot set the scale of the second look.
SURE_HEAT = 0.3


@dataclass(frozen=True)
class Spot:
    """A top face found in the image: centre and side in image pixels, and the
    finder's belief (0..1) that a die's top face is there."""

    x: float
    y: float
    side: float
    heat: float


def heat_maps(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The finder's centre probability and log die side (working pixels) per output cell.

    The image is padded at the bottom and right to a multiple of 16 pixels.
    """
    h, w = image.shape[:2]
    ph, pw = -h % 16, -w % 16
    padded = cv2.copyMakeBorder(image, 0, ph, 0, pw, cv2.BORDER_REPLICATE)
    out = FINDER_NETWORK.run(as_blob([padded]))[0]
    rows, cols = math.ceil(h / FINDER_STRIDE), math.ceil(w / FINDER_STRIDE)
    heat = 1 / (1 + np.exp(-out[0, :rows, :cols]))
    return heat, out[1, :rows, :cols]


def resized(image: np.ndarray, scale: float) -> np.ndarray:
    """`image` resized by `scale` (area-averaged when shrinking), at least 16 pixels."""
    if scale == 1:
        return image
    h, w = image.shape[:2]
    size = (max(16, round(w * scale)), max(16, round(h * scale)))
    interpolation = cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR
    return cv2.resize(image, size, interpolation=interpolation)


def look(working: np.ndarray, scale: float, min_heat: float = MIN_HEAT) -> list[Spot]:
    """Spots found in a working image that is the original image resized by `scale`;
    in original image pixels, at most MAX_PEAKS of them, hottest first."""
    heat, log_side = heat_maps(working)
    peaks = (heat >= min_heat) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    rows, cols = np.nonzero(peaks)
    hottest = np.argsort(-heat[rows, cols], kind="stable")[:MAX_PEAKS]
    rows, cols = rows[hottest], cols[hottest]
    xs, ys = refine_peaks(heat, rows, cols)
    sides = np.exp(log_side[rows, cols].astype(np.float64)) / scale
    spots = [
        Spot(float(x), float(y), float(side), float(h))
        for x, y, side, h in zip(
            xs * FINDER_STRIDE / scale,
            ys * FINDER_STRIDE / scale,
            sides,
            heat[rows, cols],
            strict=True,
        )
    ]
    return separate(spots)


def refine_peaks(
    heat: np.ndarray, rows: np.ndarray, cols: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Sub-cell centres of heat peaks (cell units, cell centres at +0.5): the heat-weighted
    mean of each peak's 3x3 neighbourhood inside the map."""
    padded = np.pad(heat, 1)
    total = np.zeros(len(rows))
    x = np.zeros(len(rows))
    y = np.zeros(len(rows))
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            weight = padded[rows + 1 + dy, cols + 1 + dx]
            total += weight
            x += weight * (cols + dx)
            y += weight * (rows + dy)
    return x / total + 0.5, y / total + 0.5


def strongest_per_face(spots: list[Spot], strengths: list[float]) -> list[int]:
    """Indices of the spots kept when, strongest first, a spot is dropped if it lies on
    the face of one already kept: closer than half the larger side (two marks of one
    face, or a mark of a pip of it)."""
    xs = np.array([s.x for s in spots])
    ys = np.array([s.y for s in spots])
    sides = np.array([s.side for s in spots])
    near = np.hypot(xs[:, None] - xs, ys[:, None] - ys) < 0.5 * np.maximum(sides[:, None], sides)
    taken = np.zeros(len(spots), bool)
    kept: list[int] = []
    for i in np.argsort(-np.asarray(strengths, float), kind="stable"):
        if not (near[i] & taken).any():
            taken[i] = True
            kept.append(int(i))
    return kept


def separate(spots: list[Spot]) -> list[Spot]:
    """Keep the hotter of two spots on one face."""
    return [spots[i] for i in strongest_per_face(spots, [s.heat for s in spots])]


def windows(spots: list[Spot], width: int, height: int, least_side: float) -> list[Box]:
    """Boxes (x0, y0, x1, y1, image pixels) covering a square WINDOW sides across, a side
    being at least `least_side`, around each spot; overlapping squares share one box."""
    cell = max(1.0, least_side / 2)
    mask = np.zeros((math.ceil(height / cell), math.ceil(width / cell)), np.uint8)
    for spot in spots:
        reach = WINDOW * max(spot.side, least_side) / 2
        x0, y0 = max(0, int((spot.x - reach) / cell)), max(0, int((spot.y - reach) / cell))
        x1, y1 = math.ceil((spot.x + reach) / cell), math.ceil((spot.y + reach) / cell)
        mask[y0:y1, x0:x1] = 1
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    return [
        (
            round(x * cell),
            round(y * cell),
            min(width, round((x + w) * cell)),
            min(height, round((y + h) * cell)),
        )
        for x, y, w, h, _ in stats[1:count]
    ]


def look_around(image: np.ndarray, spots: list[Spot], scale: float, min_heat: float) -> list[Spot]:
    """Spots of a look at `scale` within the `windows` around `spots`, in image pixels."""
    h, w = image.shape[:2]
    found = []
    for x0, y0, x1, y1 in windows(spots, w, h, COMFORTABLE_SIDE / scale):
        part = resized(image[y0:y1, x0:x1], scale)
        found += [Spot(s.x + x0, s.y + y0, s.side, s.heat) for s in look(part, scale, min_heat)]
    return found


def finest_look(image: np.ndarray, scale: float, min_heat: float) -> list[Spot]:
    """Spots of a look at the scale that shows the smallest die looked for (SMALLEST_DIE)
    well enough, when that is finer than `scale`, the working scale of the first look."""
    h, w = image.shape[:2]
    finest = SMALLEST_DIE_SIDE / (SMALLEST_DIE * min(h, w))
    finest = min(finest, LARGEST_WORKING_SIDE / max(h, w), 2.0)
    if finest < 1.25 * scale:
        return []
    return look(resized(image, finest), finest, min_heat)


def find_faces(image: np.ndarray, min_heat: float = MIN_HEAT) -> list[Spot]:
    """Top faces of dice in a BGR image, as seen at one or more scales.

    The first looks are at WORKING_SIDE and at COARSE times that; when the smaller
    quarter of the dice found at the first, or all of them, are too small or too large
    for the finder to see well, it looks once more at a scale that suits them, around the
    spots already found (`look_around`); when they find no die at all, it looks once
    more for the smallest dice (`finest_look`). Spots of different looks may mark the
    same face: the caller chooses between them (vision.reader).
    """
    h, w = image.shape[:2]
    scale = WORKING_SIDE / max(h, w)
    working = resized(image, scale)
    spots = look(working, scale, min_heat)
    coarse = [
        spot
        for spot in look(resized(working, COARSE), scale * COARSE, min_heat)
        if spot.side * scale >= COARSE_SIDE
    ]
    found = coarse + spots
    sure = [s.side for s in spots if s.heat >= SURE_HEAT]
    if not sure:
        if any(s.heat >= SURE_HEAT for s in coarse):
            return found
        return found + finest_look(image, scale, min_heat)
    quartile = float(np.percentile(sure, 25)) * scale
    better = scale * COMFORTABLE_SIDE / quartile
    better = min(better, LARGEST_WORKING_SIDE / max(h, w), 2.0)
    if SMALLEST_SIDE <= quartile <= LARGEST_SIDE or abs(math.log(better / scale)) < math.log(1.25):
        return found
    return found + look_around(image, spots, better, min_heat)
