"""Drawn dice: the pip layout of each face and one drawing of a die seen from above.

The benchmark's drawn scene, the training scenes and the tests' scenes all draw their
dice here, so a die looks the same wherever it is drawn. Accuracy is measured on real
photos only; drawn dice are for exact unit tests, training and timing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

# Pip positions of each value on the face's 3x3 grid, (column, row) from -1 to 1.
PIP_CELLS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (-1, 1), (1, -1), (1, 1)],
    5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}
# cv2 draws with this many fractional bits, for smooth edges at any size.
SHIFT = 4
Colour = Sequence[float] | NDArray[np.floating]


def rounded_square(half: float, corner: float) -> np.ndarray:
    """Outline points of a square of half-side `half` with corners of radius `corner`."""
    if corner <= 0:
        return np.array([[half, half], [-half, half], [-half, -half], [half, -half]], float)
    points = []
    for k, (sx, sy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
        t = np.linspace(k * math.pi / 2, (k + 1) * math.pi / 2, 6)
        arc = np.stack([np.cos(t), np.sin(t)], axis=1) * corner
        points.append(arc + np.array([sx, sy]) * (half - corner))
    return np.vstack(points)


def _fixed(points: np.ndarray) -> np.ndarray:
    return np.round(points * (1 << SHIFT)).astype(np.int32)


def draw_die(
    image: np.ndarray,
    value: int,
    centre: Sequence[float] | NDArray[np.floating],
    side: float,
    angle: float = 0.0,
    face: Colour = (235, 235, 235),
    pip: Colour = (20, 20, 20),
    *,
    rim: float = 0.6,
    corner: float = 0.0,
    squash: float = 1.0,
    spacing: float = 0.27,
    pip_size: float | None = None,
    shadow: Sequence[float] | NDArray[np.floating] | None = (0.04, 0.04),
    shadow_shade: float = 0.15,
) -> tuple[float, float, float, float]:
    """Draw a die showing `value` onto `image` (in place) and return its box.

    The face is a square of `side` pixels turned by `angle` degrees, its corners rounded
    by `corner` of the side and its height squashed by `squash` (a die seen a little off
    vertical). Its rim is the face colour times `rim`, as rounded edges catch less
    light. Pips sit `spacing` of the side apart with a radius of `pip_size` of the side
    (0.085, and 0.12 for a lone one, by default). `shadow` offsets a copy of the face,
    its colour times `shadow_shade`, by that share of the side, or None for no shadow.
    """
    a = math.radians(angle)
    turn = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    frame = turn @ np.diag([1.0, squash])
    at = np.asarray(centre, float)
    outline = rounded_square(side / 2, corner * side) @ frame.T + at
    if shadow is not None:
        offset = np.asarray(shadow, float) * side
        dark = tuple(shadow_shade * float(c) for c in face)
        cv2.fillConvexPoly(image, _fixed(outline + offset), dark, cv2.LINE_AA, SHIFT)
    edge = tuple(rim * float(c) for c in face)
    cv2.fillConvexPoly(image, _fixed(outline), edge, cv2.LINE_AA, SHIFT)
    inner = rounded_square(side / 2 * 0.92, corner * side * 0.92) @ frame.T + at
    cv2.fillConvexPoly(image, _fixed(inner), tuple(map(float, face)), cv2.LINE_AA, SHIFT)
    radius = (pip_size or (0.12 if value == 1 else 0.085)) * side
    for gx, gy in PIP_CELLS[value]:
        x, y = frame @ np.array([gx, gy]) * spacing * side + at
        cv2.circle(
            image,
            (round(x * (1 << SHIFT)), round(y * (1 << SHIFT))),
            round(radius * (1 << SHIFT)),
            tuple(map(float, pip)),
            -1,
            cv2.LINE_AA,
            SHIFT,
        )
    (x0, y0), (x1, y1) = outline.min(axis=0), outline.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)
