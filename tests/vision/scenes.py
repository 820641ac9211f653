"""Synthetic dice scenes drawn with cv2 for the tests."""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.benchmark import PIP_CELLS


def table(width: int = 640, height: int = 480, colour=(60, 110, 40), seed: int = 0) -> np.ndarray:
    """A plain table with mild noise."""
    rng = np.random.default_rng(seed)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = colour
    noise = rng.normal(0, 4, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


def draw_die(
    image: np.ndarray,
    value: int,
    centre: tuple[float, float],
    side: float,
    angle_deg: float = 0.0,
    face=(235, 235, 235),
    pip=(20, 20, 20),
) -> tuple[float, float, float, float]:
    """Draw a die face seen from above; return its axis-aligned box."""
    a = math.radians(angle_deg)
    c, s = math.cos(a), math.sin(a)
    cx, cy = centre
    half = side / 2
    corners = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    rotated = corners @ np.array([[c, s], [-s, c]]) + (cx, cy)
    shadow = (rotated + side * 0.04).astype(np.int32)
    cv2.fillConvexPoly(image, shadow, (30, 30, 30), cv2.LINE_AA)
    outline = np.round(rotated * 16).astype(np.int32)
    cv2.fillConvexPoly(image, outline, face, cv2.LINE_AA, 4)
    # Rounded edges catch less light: a darker rim, as on real dice.
    rim = tuple(int(c * 0.6) for c in face)
    cv2.polylines(image, [outline], True, rim, max(1, round(side / 30)), cv2.LINE_AA, 4)
    step = 0.27 * side
    radius = 0.085 * side if value != 1 else 0.12 * side
    for gx, gy in PIP_CELLS[value]:
        px = cx + (gx * c - gy * s) * step
        py = cy + (gx * s + gy * c) * step
        cv2.circle(
            image, (round(px * 16), round(py * 16)), round(radius * 16), pip, -1, cv2.LINE_AA, 4
        )
    x0, y0 = rotated.min(axis=0)
    x1, y1 = rotated.max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


def patterned(kind: str, width: int = 640, height: int = 480, seed: int = 0) -> np.ndarray:
    """A patterned table: 'checker' cloth, 'wood' grain, 'felt' noise or 'dark' cloth."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[:height, :width]
    if kind == "checker":
        dark = ((xx // 23 + yy // 23) % 2)[..., None] == 1
        return np.where(dark, np.uint8([40, 40, 160]), np.uint8([200, 200, 220])).astype(np.uint8)
    if kind == "wood":
        grain = np.sin(xx / 7.0 + np.sin(yy / 40.0) * 3) * 25 + 120
        return np.dstack([grain * 0.45, grain * 0.7, grain]).clip(0, 255).astype(np.uint8)
    if kind == "felt":
        noise = cv2.GaussianBlur(rng.normal(0, 30, (height, width)).astype(np.float32), (0, 0), 1.2)
        return np.dstack([noise + 40, noise + 60, noise + 30]).clip(0, 255).astype(np.uint8)
    return table(width, height, colour=(25, 25, 25), seed=seed)
