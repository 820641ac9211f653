"""Turn a group of pips into a die face: value, box and confidence, or nothing."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.layout import LayoutFit, fit_layout
from vision.pips import Pip

# Face side in grid steps and in pip diameters (measured on the tuning photos).
SIDE_PER_STEP = 4.3
SIDE_PER_PIP = 5.0
# A lone pip is usually drawn larger than the others.
SIDE_PER_LONE_PIP = 4.2
# Layout error (in grid steps) at which confidence has fallen to one half.
HALF_CONFIDENCE_ERROR = 0.22
LONE_PIP_CONFIDENCE = 0.8


@dataclass(frozen=True)
class Face:
    """A die face found in the working image (pixels of that image)."""

    value: int
    centre: tuple[float, float]
    side: float
    angle: float
    confidence: float
    pip_diameter: float

    def box(self, scale: float = 1.0) -> tuple[float, float, float, float]:
        """Axis-aligned box around the rotated face, in pixels divided by `scale`."""
        half = self.side / 2 * (abs(math.cos(self.angle)) + abs(math.sin(self.angle)))
        cx, cy = self.centre
        return ((cx - half) / scale, (cy - half) / scale, (cx + half) / scale, (cy + half) / scale)


def face_side(fit: LayoutFit, pip_diameter: float) -> float:
    """Estimated side of the face from the layout's grid step and the pips' size."""
    if fit.value == 1:
        return SIDE_PER_LONE_PIP * pip_diameter
    if fit.value == 2:
        return (SIDE_PER_STEP * fit.step + SIDE_PER_PIP * pip_diameter) / 2
    return SIDE_PER_STEP * fit.step


def layout_confidence(fit: LayoutFit, diameters: np.ndarray) -> float:
    """Confidence 0..1 from how well pips sit on the layout and how alike they are."""
    if fit.value == 1:
        return LONE_PIP_CONFIDENCE
    placement = 1.0 / (1.0 + (fit.error / HALF_CONFIDENCE_ERROR) ** 2)
    spread = float(diameters.std() / diameters.mean())
    alike = 1.0 / (1.0 + (spread / 0.25) ** 2)
    return placement * alike


def face_from_pips(pips: list[Pip]) -> Face | None:
    """The face whose pips are `pips`, or None when they match no die layout."""
    points = np.array([[p.x, p.y] for p in pips])
    fit = fit_layout(points)
    if fit is None:
        return None
    diameters = np.array([p.diameter for p in pips])
    diameter = float(np.median(diameters))
    angle = fit.angle if fit.value != 2 else _diagonal_angle(points) - math.pi / 4
    return Face(
        fit.value,
        fit.centre,
        face_side(fit, diameter),
        angle,
        layout_confidence(fit, diameters),
        diameter,
    )


def _diagonal_angle(points: np.ndarray) -> float:
    dx, dy = points[1] - points[0]
    return math.atan2(dy, dx)
