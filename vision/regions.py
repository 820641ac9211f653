"""Seed faces from die-sized patches that stand out from the table.

Pips a few pixels wide on marbled or dark dice can be too faint to find one by one,
while the die as a whole still stands out from the table. Each compact, square-ish
patch whose colour differs from the table's becomes a seed: its centre, size, the
colour of its bulk (face) and of its most different pixels (pips).
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
# Share of a patch's pixels, farthest from its bulk colour, that give the pip colour.
PIP_SHARE = 0.1
MIN_PIP_CONTRAST = 30.0


@dataclass(frozen=True)
class Seed:
    """A candidate face: centre and side in pixels, face and pip colours (BGR)."""

    centre: tuple[float, float]
    side: float
    face: tuple[float, float, float]
    pip: tuple[float, float, float]


def table_colour(image: np.ndarray) -> np.ndarray:
    """The colour most of the image has: the per-channel median."""
    return np.median(image.reshape(-1, 3)[:: max(1, image.size // 3 // 5000)], axis=0)


def patch_colours(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Face (bulk) and pip (most different) colours of a patch's pixels, or None when
    nothing in the patch differs from its bulk."""
    face = np.median(pixels, axis=0)
    distance = np.linalg.norm(pixels - face, axis=1)
    far = distance >= np.quantile(distance, 1 - PIP_SHARE)
    pip = np.median(pixels[far], axis=0)
    if np.linalg.norm(pip - face) < MIN_PIP_CONTRAST:
        return None
    return face, pip


def region_seeds(image: np.ndarray, max_side: float) -> list[Seed]:
    """Seeds for every compact patch, up to `max_side` pixels wide, unlike the table."""
    table = np.full_like(image, 0)
    table[:] = np.rint(table_colour(image)).astype(np.uint8)
    difference = cv2.absdiff(image, table)
    b, g, r = cv2.split(difference)
    distance = cv2.max(cv2.max(b, g), r)
    _, mask = cv2.threshold(distance, MIN_TABLE_DISTANCE, 1, cv2.THRESH_BINARY)
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
        inner = (
            image[y + h // 5 : y + h - h // 5, x + w // 5 : x + w - w // 5]
            .reshape(-1, 3)
            .astype(np.float32)
        )
        colours = patch_colours(inner) if len(inner) >= 9 else None
        if colours is None:
            continue
        face, pip = colours
        seeds.append(Seed((cx, cy), side, tuple(face.tolist()), tuple(pip.tolist())))
    return seeds
