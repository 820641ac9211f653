"""Read dice from an image: choose working scales, find faces, map boxes back."""

from __future__ import annotations

import cv2
import numpy as np

from vision.faces import Face, face_from_pips, read_face
from vision.grouping import group_pips
from vision.pips import detect_pips
from vision.reading import Die, Reading, as_bgr, reading_order
from vision.regions import region_seeds

FloatBox = tuple[float, float, float, float]

# Pip diameter, in working pixels, that the pip detector is tuned for; it finds pips
# from half to twice this size, so scales a factor two apart cover every die size.
WORKING_PIP = 6.0
# Longest side of the first working image; larger images are downscaled to it.
BASE_SIDE = 1024
# Largest die, in pip widths, that a patch of table-unlike colour may be.
MAX_DIE_PER_PIP = 14
# Working images are never smaller than this (longest side, pixels).
MIN_SIDE = 96
# Pips smaller than this (working pixels) at the finest scale ask for a finer one.
SMALL_PIP = 4.0
# Longest side up to which an image without any dice found is searched.
SEARCH_SIDE = 2100
# Small images may be enlarged up to this factor to read small dice.
MAX_SCALE = 2.0
# Sure faces (not ones) with pips at least this wide end the search: at twice the
# scale their pips would be too large to find.
SURE_STOP = 0.75
COMFORTABLE_PIP = 3.5
# Faces less confident than this are not reported.
MIN_CONFIDENCE = 0.5
# Faces at least this confident can show that a larger candidate holds dice.
SURE = 0.5


def scaled(image: np.ndarray, scale: float) -> np.ndarray:
    """`image` resized by `scale` (area averaging when shrinking)."""
    if scale == 1.0:
        return image
    h, w = image.shape[:2]
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)


def faces_at_scale(image: np.ndarray) -> list[Face]:
    """Faces found in a working image whose pips are near WORKING_PIP pixels wide.

    Seeds are pip groups (largest first) and table-unlike patches; a seed inside a face
    already read with confidence is not read again.
    """
    pips = detect_pips(image, WORKING_PIP)
    groups = sorted(group_pips(image, pips), key=len, reverse=True)
    faces: list[Face] = []

    def known(points: list[tuple[float, float]]) -> bool:
        return any(
            face.confidence >= SURE and all(_inside(p, face.box()) for p in points)
            for face in faces
        )

    def keep(face: Face | None) -> None:
        if face is not None and face.confidence >= MIN_CONFIDENCE:
            faces.append(face)

    for group in groups:
        if known([(p.x, p.y) for p in group]):
            continue
        face = face_from_pips(image, group)
        keep(face)
        if (face is None or face.confidence < MIN_CONFIDENCE) and len(group) > 1:
            # Pips of touching dice, or a pip and nearby marks, may run into one
            # group: seed from each pip alone.
            for pip in group:
                if not known([(pip.x, pip.y)]):
                    keep(face_from_pips(image, [pip]))
    for seed in region_seeds(image, MAX_DIE_PER_PIP * WORKING_PIP):
        if not known([seed.centre]):
            keep(read_face(image, seed.centre, seed.side, seed.face, seed.pip))
    return faces


def inside_image(box: FloatBox, width: int, height: int) -> bool:
    """True when the box lies wholly inside the image (a die cut by the edge is left out)."""
    x0, y0, x1, y1 = box
    return x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height


def coarse_to_fine_scales(width: int, height: int) -> list[float]:
    """Scales to try first: the base scale and up to three coarser ones (halving), for
    dice up to about half the frame across."""
    base = min(1.0, BASE_SIDE / max(width, height))
    factors = (0.125, 0.25, 0.5, 1.0)
    return [base * f for f in factors if max(width, height) * base * f >= MIN_SIDE]


def detect_faces(image: np.ndarray) -> list[tuple[Face, float]]:
    """Faces with the scale they were found at, over scales chosen from the content.

    Coarse scales find large dice. When the finest scale tried found nothing or mostly
    small pips, a twice finer scale is tried, up to SEARCH_SIDE pixels; small images
    showing small dice are enlarged up to MAX_SCALE.
    """
    height, width = image.shape[:2]
    found: list[tuple[Face, float]] = []
    scales = coarse_to_fine_scales(width, height)
    base_scale = scales[-1] if scales else 1.0
    base = scaled(image, base_scale)
    while scales:
        scale = scales.pop(0)
        # Coarser images come from the base image: halving is cheaper than resampling.
        source, factor = (base, scale / base_scale) if scale <= base_scale else (image, scale)
        faces = faces_at_scale(scaled(source, factor))
        found.extend((face, scale) for face in faces)
        sure = [f.pip_diameter for f in faces if f.confidence >= SURE_STOP and f.value > 1]
        if sure and float(np.median(sure)) >= COMFORTABLE_PIP:
            # Finer scales would see these dice's pips too large to find; only dice
            # much smaller than these could be missed, and dice in play are alike.
            break
        finer = min(MAX_SCALE, scale * 2)
        if (
            scales
            or scale >= MAX_SCALE
            or (finer > 1.0 and max(width, height) * finer > SEARCH_SIDE)
        ):
            continue
        small = bool(faces) and float(np.median([f.pip_diameter for f in faces])) < SMALL_PIP
        # Nothing found is searched finer, but enlarging needs small dice as evidence:
        # enlarged cloth and grain are full of pip-like specks.
        if small or (not faces and finer <= 1.0 and max(width, height) * finer <= SEARCH_SIDE):
            scales.append(finer)
    return found


def _inside(point: tuple[float, float], box: FloatBox) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _overlap(a: FloatBox, b: FloatBox) -> bool:
    """True when the centre of either box lies inside the other."""
    return _inside(((a[0] + a[2]) / 2, (a[1] + a[3]) / 2), b) or _inside(
        ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), a
    )


def holds_dice_as_pips(box: FloatBox, pip_diameter: float, boxes: list[FloatBox]) -> bool:
    """True when a die about as wide as this candidate's pips sits inside `box`: then
    `box` is a stretch of table whose "pips" are whole dice, seen at a coarse scale."""
    return any(
        0.5 * pip_diameter <= other[2] - other[0] <= 2.5 * pip_diameter
        and _overlap(box, other)
        and other != box
        for other in boxes
    )


def read_dice(image: np.ndarray) -> Reading:
    """Find every die showing its top face in a BGR (or grey, or BGRA) image."""
    bgr = as_bgr(image)
    height, width = bgr.shape[:2]
    candidates = [(face.box(scale), face, scale) for face, scale in detect_faces(bgr)]
    candidates = [c for c in candidates if inside_image(c[0], width, height)]
    sure = [box for box, face, _ in candidates if face.confidence >= SURE]
    dice: list[Die] = []
    # Among overlapping candidates the more confident wins, fuller layouts a little more so.
    for box, face, scale in sorted(
        candidates, key=lambda c: -c[1].confidence * (1 + 0.1 * c[1].value)
    ):
        if any(_overlap(box, die.box) for die in dice):
            continue
        if holds_dice_as_pips(box, face.pip_diameter / scale, sure):
            continue
        pixels = (
            max(0, int(box[0])),
            max(0, int(box[1])),
            min(width, int(np.ceil(box[2]))),
            min(height, int(np.ceil(box[3]))),
        )
        dice.append(Die(face.value, pixels, round(face.confidence, 3)))
    return Reading(reading_order(dice))
