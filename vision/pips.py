"""Find pip candidates: small round marks of one colour on a uniform face of another."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

RING_SAMPLES = 16
# Sample rings, in pip radii from the blob centre: the first lies on the face just
# outside the pip, the second a little further out (still on the face for a pip in a
# die's corner, whose centre is about 2.3 radii from the edge).
RING_RADII = (1.55, 1.9)
MIN_CONTRAST = 28.0
MIN_RING_AGREEMENT = 0.8
# Colour pips (red on a dark or marbled die, say) are also found as peaks and pits of
# the colour-opponent channels by a top-hat over a disc this many pip diameters wide,
# at least this deep: unlike the adaptive threshold, it does not mix in the table
# beside a small die. (Grey-level top-hats find too much in printed boards.)
HAT_PIPS = 2.0
HAT_DEPTH = 30
# A pip differs from its face mostly in hue when the hue difference is at least this
# share of the colour difference; then ring samples within this share of the hue
# difference from the face's hue count as face.
HUE_SHARE = 0.5
HUE_TOLERANCE = 0.4


@dataclass(frozen=True)
class Pip:
    """A pip candidate: centre and diameter in working pixels, colours of pip and face."""

    x: float
    y: float
    diameter: float
    colour: tuple[float, float, float]
    face: tuple[float, float, float]
    contrast: float


def _to_uint8(opponent: np.ndarray) -> np.ndarray:
    """A signed colour-opponent channel shifted to 0..255 around 128."""
    return np.clip(opponent + 128, 0, 255).astype(np.uint8)


def hue(colours: np.ndarray) -> np.ndarray:
    """The two colour-opponent coordinates (red-green, yellow-blue) of BGR colours:
    colour without brightness."""
    b, g, r = colours[..., 0], colours[..., 1], colours[..., 2]
    return np.stack([(r - g) / 2, (r + g) / 2 - b], axis=-1)


def threshold_maps(image: np.ndarray, pip_diameter: float) -> list[np.ndarray]:
    """Binary maps of marks darker or lighter than their surroundings, for pips about
    `pip_diameter` pixels wide; grey level and two colour-opponent channels, adaptive
    thresholds of all three and top-hats of the colour channels."""
    block = max(5, round(pip_diameter * 3.0) | 1)
    opponents = hue(image.astype(np.float32))
    channels = [
        cv2.cvtColor(image, cv2.COLOR_BGR2GRAY),
        _to_uint8(opponents[:, :, 0]),
        _to_uint8(opponents[:, :, 1]),
    ]
    maps = []
    for channel in channels:
        for kind in (cv2.THRESH_BINARY_INV, cv2.THRESH_BINARY):
            offset = 10 if kind == cv2.THRESH_BINARY_INV else -10
            maps.append(
                cv2.adaptiveThreshold(channel, 255, cv2.ADAPTIVE_THRESH_MEAN_C, kind, block, offset)
            )
    disc = cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (max(5, round(pip_diameter * HAT_PIPS) | 1),) * 2
    )
    for channel in channels[1:]:
        for operation in (cv2.MORPH_BLACKHAT, cv2.MORPH_TOPHAT):
            hat = cv2.morphologyEx(channel, operation, disc)
            maps.append(cv2.threshold(hat, HAT_DEPTH, 255, cv2.THRESH_BINARY)[1])
    return maps


def round_blobs(mask: np.ndarray, min_diameter: float, max_diameter: float) -> np.ndarray:
    """Centres and diameters (N x 3) of the roughly round blobs of `mask`.

    Outlines are traced rather than components labelled: the masks are sparse, and
    tracing is many times faster.
    """
    traced, hierarchy = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if not traced:
        return np.zeros((0, 3))
    # Outer outlines have no parent (holes do), including blobs inside other blobs' holes.
    contours = [c for c, link in zip(traced, hierarchy[0], strict=True) if link[3] < 0]
    rects = np.array([cv2.boundingRect(c) for c in contours], dtype=np.float64)
    w, h = rects[:, 2], rects[:, 3]
    plausible = np.flatnonzero(
        (np.maximum(w, h) >= min_diameter)
        & (np.minimum(w, h) <= 1.5 * max_diameter)
        & (np.maximum(w, h) <= 2.2 * np.minimum(w, h))
    )
    # Pixel area of a traced blob: the polygon area plus the half-pixel border it cuts off.
    area = np.array(
        [cv2.contourArea(contours[i]) + len(contours[i]) / 2 + 1 for i in plausible]
    ).reshape(-1)
    w, h = w[plausible], h[plausible]
    diameter = 2.0 * np.sqrt(area / np.pi)
    keep = (diameter >= min_diameter) & (diameter <= max_diameter) & (area >= 0.5 * w * h)
    x = rects[plausible, 0] + (w - 1) / 2
    y = rects[plausible, 1] + (h - 1) / 2
    return np.column_stack([x, y, diameter])[keep]


def _sample(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Colours at (clipped, rounded) pixel positions; shape xs.shape + (3,)."""
    h, w = image.shape[:2]
    xi = np.clip(np.rint(xs), 0, w - 1).astype(np.intp)
    yi = np.clip(np.rint(ys), 0, h - 1).astype(np.intp)
    return image[yi, xi].astype(np.float32)


def verify_blobs(image: np.ndarray, blobs: np.ndarray) -> list[Pip]:
    """Keep blobs whose centre contrasts with a uniform ring of face around them."""
    if len(blobs) == 0:
        return []
    x, y, d = blobs[:, 0:1], blobs[:, 1:2], blobs[:, 2:3]
    angles = np.linspace(0, 2 * np.pi, RING_SAMPLES, endpoint=False)[None, :]
    rings = [
        _sample(image, x + k * d / 2 * np.cos(angles), y + k * d / 2 * np.sin(angles))
        for k in RING_RADII
    ]
    ring = np.concatenate(rings, axis=1)
    inner = np.array([[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]], np.float64) * 0.2
    centre = _sample(image, x + inner[None, :, 0] * d, y + inner[None, :, 1] * d)
    face = np.median(ring, axis=1)
    colour = np.median(centre, axis=1)
    contrast = np.linalg.norm(colour - face, axis=1)
    spread = np.linalg.norm(ring - face[:, None, :], axis=2)
    tolerance = np.maximum(contrast[:, None] * 0.45, 12.0)
    # Marbling and shading vary a face's brightness more than its hue: around a pip
    # that differs from its face mostly in hue, a ring sample of the face's hue is face.
    ring_hue = hue(ring)
    face_hue = np.median(ring_hue, axis=1)
    hue_contrast = np.linalg.norm(hue(colour) - face_hue, axis=1)
    hue_spread = np.linalg.norm(ring_hue - face_hue[:, None, :], axis=2)
    by_hue = (hue_contrast >= HUE_SHARE * contrast)[:, None]
    on_face = (spread < tolerance) | (by_hue & (hue_spread < HUE_TOLERANCE * hue_contrast[:, None]))
    # Ring samples may fall on the neighbouring pips of a six.
    on_pip = np.linalg.norm(ring - colour[:, None, :], axis=2) < tolerance
    agreement = np.where(on_face.mean(axis=1) >= 0.5, (on_face | on_pip).mean(axis=1), 0.0)
    inside = np.linalg.norm(centre - colour[:, None, :], axis=2).max(axis=1)
    ok = (contrast >= MIN_CONTRAST) & (agreement >= MIN_RING_AGREEMENT) & (inside < contrast * 0.6)
    return [
        Pip(
            float(blobs[i, 0]),
            float(blobs[i, 1]),
            float(blobs[i, 2]),
            tuple(colour[i].tolist()),
            tuple(face[i].tolist()),
            float(contrast[i]),
        )
        for i in np.flatnonzero(ok)
    ]


def suppress_duplicates(pips: list[Pip]) -> list[Pip]:
    """Keep the strongest of pips found more than once (by several maps)."""
    kept: list[Pip] = []
    for pip in sorted(pips, key=lambda p: -p.contrast):
        if all(
            (pip.x - k.x) ** 2 + (pip.y - k.y) ** 2 > (0.5 * max(pip.diameter, k.diameter)) ** 2
            for k in kept
        ):
            kept.append(pip)
    return kept


def detect_pips(image: np.ndarray, pip_diameter: float) -> list[Pip]:
    """Pip candidates about `pip_diameter` (0.5x to 2x) working pixels wide in a BGR image."""
    found: list[Pip] = []
    for mask in threshold_maps(image, pip_diameter):
        blobs = round_blobs(mask, pip_diameter * 0.5, pip_diameter * 2.0)
        found.extend(verify_blobs(image, blobs))
    return suppress_duplicates(found)
