"""Segment one die face around a seed with a two-colour model (face colour, pip colour).

Inside a window about one die wide, every pixel is placed on the line from the face
colour to the pip colour. Pixels near the face end, connected to the seed, are the
face; the holes inside the face that are near the pip end are its pips. Knowing both
colours of this die separates pips that run together in a global threshold.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

# Positions along the face->pip colour line above which a pixel counts as pip; a
# stricter level splits pips that touch at low resolution, the strictest those of
# fours, fives and sixes whose face runs into them (glare, blur).
PIP_LEVELS = (0.5, 0.7, 0.9)
# Range of the colour distance from the face colour within which a pixel is face, and
# the multiple of the face's own colour noise added to the lower end.
FACE_TOLERANCE = (20.0, 70.0)
NOISE_TOLERANCE = 3.0
# A face may touch the window's border where it touches a die of its own colour.
MAX_BORDER_SHARE = 0.15
# A face whose colour runs out of the window is segmented again at this share of the
# tolerance, when that still exceeds the face's colour noise this many times and the
# window's border is plain table (median colour distance from its median at most
# PLAIN_BORDER): a white die on a pale table is then bounded, print and felt are not.
STRICT = 0.4
STRICT_NOISE = 2.0
PLAIN_BORDER = 7.0
# Faces narrower than this many pixels are read from an enlarged crop (at most 3x).
READ_SIDE = 48
MAX_ZOOM = 3


@dataclass(frozen=True)
class FaceMask:
    """A segmented face: its outline (rotated rectangle) and pip centres and diameters,
    all in image pixels. `bounded` is False when the face colour ran out of the window
    (face and background alike), so the outline is not the die's. `texture` is the
    face's fine-grained colour deviation (not smooth marbling or shading) relative to
    `contrast`, the face-pip colour distance."""

    rect: tuple[tuple[float, float], tuple[float, float], float]
    pips: tuple[np.ndarray, ...]
    squareness: float
    bounded: bool
    contrast: float
    texture: float


def colour_position(
    crop: np.ndarray, face: np.ndarray, pip: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pixel: position along face->pip (0 face, 1 pip), distance off that line
    relative to the face-pip colour distance, and colour distance from the face."""
    axis = pip - face
    length2 = float(axis @ axis)
    rel = crop.astype(np.float32) - face
    t = rel @ axis / length2
    from_face2 = cv2.multiply(rel, rel) @ np.ones(3, np.float32)
    off = np.sqrt(np.maximum(from_face2 / length2 - t * t, 0.0))
    return t, off, np.sqrt(from_face2)


def face_region(
    face_like: np.ndarray, centre: tuple[int, int], radius: float
) -> tuple[np.ndarray, float]:
    """The connected part of `face_like` nearest the centre, as a filled convex mask of
    its pixels within 2.4 `radius`, and the share of the window border it touches."""
    h, w = face_like.shape
    count, labels = cv2.connectedComponents(face_like.astype(np.uint8), connectivity=4)
    yy, xx = np.ogrid[:h, :w]
    distance2 = (xx - centre[0]) ** 2 + (yy - centre[1]) ** 2
    votes = np.bincount(labels[(distance2 <= radius**2) & (labels > 0)], minlength=count)
    region = np.zeros((h, w), np.uint8)
    if count < 2 or votes.max() == 0:
        return region, 1.0
    component = labels == int(votes.argmax())
    border = np.concatenate([component[0, :], component[-1, :], component[:, 0], component[:, -1]])
    near = (component & (distance2 <= (2.4 * radius) ** 2)).astype(np.uint8)
    outlines, _ = cv2.findContours(near, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.fillConvexPoly(region, cv2.convexHull(np.concatenate(outlines)), 1)
    return region, float(border.mean())


def plain_border(crop: np.ndarray) -> bool:
    """True when the window's border is plain table, not print or texture."""
    border = np.concatenate([crop[0], crop[-1], crop[:, 0], crop[:, -1]]).astype(np.float32)
    spread = np.linalg.norm(border - np.median(border, axis=0), axis=1)
    return float(np.median(spread)) <= PLAIN_BORDER


def pip_blobs(pip_like: np.ndarray, allowed: np.ndarray, side: float) -> np.ndarray:
    """Centres and diameters (N x 3) of pip-coloured blobs that lie in `allowed` and
    have a size a pip can have on a face `side` pixels wide."""
    mask = (pip_like & allowed).astype(np.uint8)
    _, _, stats, centroids = cv2.connectedComponentsWithStats(mask, connectivity=4)
    area = stats[1:, cv2.CC_STAT_AREA].astype(np.float64)
    w = stats[1:, cv2.CC_STAT_WIDTH]
    h = stats[1:, cv2.CC_STAT_HEIGHT]
    diameter = 2 * np.sqrt(area / np.pi)
    keep = (
        (diameter >= 0.07 * side)
        & (diameter <= 0.4 * side)
        & (np.maximum(w, h) <= 2.0 * np.minimum(w, h) + 1)
        & (area >= 0.45 * w * h)
    )
    return np.column_stack([centroids[1:][keep], diameter[keep]])


def segment_face(
    image: np.ndarray,
    centre: tuple[float, float],
    side: float,
    face_colour: tuple[float, float, float],
    pip_colour: tuple[float, float, float],
) -> FaceMask | None:
    """Segment the face of about `side` pixels centred near `centre`, or None when the
    window leaves the image or no face is found."""
    half = int(np.ceil(0.85 * side))
    cx, cy = round(centre[0]), round(centre[1])
    height, width = image.shape[:2]
    x0, y0, x1, y1 = cx - half, cy - half, cx + half + 1, cy + half + 1
    if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
        return None
    # Small faces are enlarged so that pips a few pixels apart separate.
    zoom = min(MAX_ZOOM, int(np.ceil(READ_SIDE / side)))
    crop = image[y0:y1, x0:x1]
    if zoom > 1:
        crop = cv2.resize(crop, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
    mask = _segment_crop(crop, side * zoom, face_colour, pip_colour)
    if mask is None:
        return None

    def to_image(x: np.ndarray | float, y: np.ndarray | float) -> tuple:
        return x0 + (x + 0.5) / zoom - 0.5, y0 + (y + 0.5) / zoom - 0.5

    (rx, ry), (rw, rh), angle = mask.rect
    pips = []
    for blobs in mask.pips:
        px, py = to_image(blobs[:, 0], blobs[:, 1])
        pips.append(np.column_stack([px, py, blobs[:, 2] / zoom]))
    rect = (to_image(rx, ry), (rw / zoom, rh / zoom), angle)
    return replace(mask, rect=rect, pips=tuple(pips))


def _segment_crop(
    crop: np.ndarray,
    side: float,
    face_colour: tuple[float, float, float],
    pip_colour: tuple[float, float, float],
) -> FaceMask | None:
    """Segment the face centred in `crop`; results in crop pixels."""
    half = crop.shape[0] / 2 - 0.5
    face = np.asarray(face_colour, np.float32)
    pip = np.asarray(pip_colour, np.float32)
    length = float(np.linalg.norm(pip - face))
    if length < FACE_TOLERANCE[0]:
        return None
    t, off, near_face = colour_position(crop, face, pip)
    yy, xx = np.ogrid[: crop.shape[0], : crop.shape[1]]
    centre2 = (xx - half) ** 2 + (yy - half) ** 2
    # The face's own colour noise, from its plain middle, sets how far a face pixel
    # may stray from the face colour.
    plain_mask = (centre2 <= (0.35 * side) ** 2) & (t < 0.35)
    plain = near_face[plain_mask]
    noise = float(np.median(plain)) if plain.size else 0.0
    # Fine texture: deviation from a copy averaged over a sixth of the face.
    width = max(3, round(side / 6))
    smooth = cv2.blur(crop, (width, width)).astype(np.float32)
    fine = np.linalg.norm(crop.astype(np.float32) - smooth, axis=2)[plain_mask]
    texture = float(np.median(fine)) if fine.size else 0.0
    low, high = FACE_TOLERANCE
    tolerance = float(np.clip(NOISE_TOLERANCE * noise + low, low, min(high, 0.4 * length)))
    region, border_share = face_region((t < 0.5) & (near_face < tolerance), (half, half), side / 3)
    strict_tolerance = STRICT * tolerance
    if (
        border_share >= MAX_BORDER_SHARE
        and strict_tolerance >= STRICT_NOISE * noise
        and plain_border(crop)
    ):
        strict, strict_share = face_region(
            (t < 0.5) & (near_face < strict_tolerance), (half, half), side / 3
        )
        if strict_share < MAX_BORDER_SHARE and strict.any():
            region, border_share = strict, strict_share
    area = int(region.sum())
    if area == 0:
        return None
    bounded = border_share < MAX_BORDER_SHARE
    rect = cv2.minAreaRect(cv2.findNonZero(cv2.Canny(region, 0, 1)))
    (_, _), (rw, rh), _ = rect
    squareness = area / max(rw * rh, 1.0) * min(rw, rh) / max(rw, rh, 1.0)
    # Pips lie on the face; where the outline is lost (face and table alike) a disc
    # around the seed counts as face.
    rim = max(3, round(side / 12)) | 1
    allowed = cv2.erode(region, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (rim, rim))) > 0
    if not bounded:
        allowed |= centre2 <= (0.45 * side) ** 2
    pips = tuple(pip_blobs((t >= level) & (off < 0.6), allowed, side) for level in PIP_LEVELS)
    return FaceMask(rect, pips, float(squareness), bounded, length, texture / length)
