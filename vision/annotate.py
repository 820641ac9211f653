"""Draw a reading onto a copy of the image."""

from __future__ import annotations

import cv2
import numpy as np

from vision.reading import Reading, as_bgr

COLOUR = (0, 200, 0)
UNSURE_COLOUR = (0, 165, 255)
UNSURE = 0.6


def annotate(image: np.ndarray, reading: Reading) -> np.ndarray:
    """A BGR copy of `image` with each die's box, value and confidence drawn on it.

    Dice below 0.6 confidence are drawn in orange instead of green.
    """
    out = as_bgr(image).copy()
    thickness = max(1, round(max(out.shape[:2]) / 500))
    for die in reading.dice:
        colour = COLOUR if die.confidence >= UNSURE else UNSURE_COLOUR
        x0, y0, x1, y1 = die.box
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, thickness)
        scale = max(0.4, (y1 - y0) / 60)
        label = f"{die.value} {die.confidence:.2f}"
        cv2.putText(
            out,
            label,
            (x0, max(0, y0 - 3)),
            cv2.FONT_HERSHEY_SIMPLEX,
            scale,
            colour,
            thickness,
            cv2.LINE_AA,
        )
    return out
