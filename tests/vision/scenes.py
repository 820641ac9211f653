"""Synthetic dice scenes drawn with cv2 for the tests."""

from __future__ import annotations

import cv2
import numpy as np

from vision.drawn import draw_die

__all__ = ["draw_die", "patterned", "table"]


def table(width: int = 640, height: int = 480, colour=(60, 110, 40), seed: int = 0) -> np.ndarray:
    """A plain table with mild noise."""
    rng = np.random.default_rng(seed)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = colour
    noise = rng.normal(0, 4, image.shape)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


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
