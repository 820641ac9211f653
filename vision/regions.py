"""Seed faces from die-sized patches that stand out from the table.

Pips a few pixels wide on marbled or dark dice can be too faint to find one by one,
while the die as a whole still stands out from the table. Each compact, square-ish
patch whose colour differs from the table's becomes a seed: its centre, size, and
its two main colours (face and pips).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

# Largest channel difference from the table colour beyond which a pixel belongs to
# something else.
MIN_TABLE_DISTANCE = 35
MIN_SIDE = 8.0
MAX_ASPECT = 1.6
MIN_FILL = 0.6
# Smallest share of a patch's pixels that its pips may cover.
PIP_SHARE = 0.04
# Colour clusters in a patch: face, pips, and one for marbling or shading.
CLUSTERS = 3
# Cells along the image's longer side over which the table colour is averaged.
TABLE_CELLS = 12
MIN_PIP_CONTRAST = 30.0


@dataclass(frozen=True)
class Seed:
    """A candidate face: centre and side in pixels, face and pip colours (BGR)."""

    centre: tuple[float, float]
    side: float
    face: tuple[float, float, float]
    pip: tuple[float, float, float]


def table_colours(image: np.ndarray) -> np.ndarray:
    """The table's colour around every pixel: the image averaged over cells about a
    twelfth of its size and smoothly enlarged back, so lighting gradients and a tray's
    floor are followed while dice, being small, barely count."""
    h, w = image.shape[:2]
    cell = max(h, w) / TABLE_CELLS
    cells = (max(2, round(w / cell)), max(2, round(h / cell)))
    coarse = cv2.resize(image, None, fx=cells[0] / w, fy=cells[1] / h, interpolation=cv2.INTER_AREA)
    coarse = cv2.medianBlur(coarse, 3)
    return cv2.resize(coarse, (w, h), interpolation=cv2.INTER_LINEAR)


def patch_colours(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Face (largest cluster) and pip (most different cluster) colours of a patch's
    pixels; None when nothing in the patch differs from the face."""
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 10, 1.0)
    _, labels, centres = cv2.kmeans(pixels, CLUSTERS, None, criteria, 1, cv2.KMEANS_PP_CENTERS)
    counts = np.bincount(labels.ravel(), minlength=CLUSTERS)
    face = centres[int(counts.argmax())]
    # Pips: the cluster most unlike the face among those big enough to be pips.
    big = np.flatnonzero(counts >= PIP_SHARE * counts.sum())
    distance = np.linalg.norm(centres[big] - face, axis=1)
    pip = centres[big[int(distance.argmax())]]
    if distance.max() < MIN_PIP_CONTRAST:
        return None
    return face, pip


def region_seeds(image: np.ndarray, max_side: float) -> list[Seed]:
    """Seeds for every compact patch, up to `max_side` pixels wide, unlike the table."""
    b, g, r = cv2.split(cv2.absdiff(image, table_colours(image)))
    _, mask = cv2.threshold(cv2.max(cv2.max(b, g), r), MIN_TABLE_DISTANCE, 1, cv2.THRESH_BINARY)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    seeds = []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        if max(w, h) < MIN_SIDE or min(w, h) > 1.5 * max_side:
            continue
        (cx, cy), (rw, rh), _ = cv2.minAreaRect(contour)
        side = float(np.sqrt(rw * rh))
        area = cv2.contourArea(contour)
        if not (
            MIN_SIDE <= side <= max_side
            and max(rw, rh) <= MAX_ASPECT * min(rw, rh)
            and area >= MIN_FILL * rw * rh
        ):
            continue
        inside = np.zeros((h, w), np.uint8)
        cv2.drawContours(inside, [contour - np.array([x, y])], -1, 1, -1)
        inner = cv2.erode(inside, np.ones((3, 3), np.uint8), iterations=max(1, round(side / 10)))
        pixels = image[y : y + h, x : x + w][inner > 0].astype(np.float32)
        colours = patch_colours(pixels) if len(pixels) >= 16 else None
        if colours is None:
            continue
        face, pip = colours
        seeds.append(Seed((cx, cy), side, tuple(face.tolist()), tuple(pip.tolist())))
    return seeds
