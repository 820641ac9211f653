"""Turn a seed (a group of pips, or a patch and its colours) into a die face: value,
box and confidence, or nothing."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from vision.facemask import FaceMask, segment_face
from vision.layout import LayoutFit, fit_layout
from vision.pips import Pip

# Face side in grid steps and in pip diameters (measured on the tuning photos).
SIDE_PER_STEP = 5.2
SIDE_PER_PIP = 5.1
# A lone pip is usually drawn larger than the others.
SIDE_PER_LONE_PIP = 4.6
# Layout error (in grid steps) at which confidence has fallen to one half.
HALF_CONFIDENCE_ERROR = 0.22
# Distance (in face sides) between outline and layout centres that halves confidence;
# the outline may take in a side face seen at a slant.
HALF_CONFIDENCE_OFF_CENTRE = 0.25
LONE_PIP_CONFIDENCE = 0.8
# A face whose outline was not found keeps this share of its layout confidence.
UNOUTLINED_CONFIDENCE = 0.7
# Without an outline, one or two round marks on a plain patch are no evidence of a die.
MAX_UNOUTLINED_VALUE = 2
# Smallest face-pip colour distance of a face without an outline.
MIN_UNOUTLINED_CONTRAST = 60.0
# Largest fine texture (relative to pip contrast) of a face without an outline or
# with one or two pips: a few marks on a textured patch (printed art, fabric) are
# weak evidence.
MAX_TEXTURE = 0.15
# Least contrast and largest texture of a bounded but unsquare face read with one or
# two pips.
DISTINCT_CONTRAST = 150.0
DISTINCT_TEXTURE = 0.05
# Range of a lone pip's diameter relative to the face side.
LONE_PIP_SHARE = (0.14, 0.45)
# Least squareness (fill of the outline's rectangle times its aspect) of an outline.
MIN_SQUARENESS = 0.6
# The strictest pip level splits the pips of fours, fives and sixes that run
# together; fewer pips read only at that level are mostly specks of glare or print.
MIN_STRICTEST_VALUE = 4
# Least confidence for a fuller layout from a stricter pip level to be preferred.
MIN_LEVEL_CONFIDENCE = 0.45
# Range of grid step / pip diameter on real dice (tuning photos: 0.67..1.34).
STEP_PER_PIP = (0.68, 1.45)
# Blobs smaller than this share of a face's largest pip are not pips.
MIN_PIP_SHARE = 0.65
# Share of confidence kept by a layout that leaves one blob out.
ONE_LEFT_OUT_CONFIDENCE = 0.65
# Pip diameter (working pixels) below which a face's confidence is scaled down.
RESOLVED_PIP = 3.5
# A face read this confidently is not segmented a second time.
CONFIDENT = 0.8


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
    """Confidence 0..1 from how well pips sit on the layout, how alike they are and
    whether their spacing suits their size (two pips of a six are too close for a two)."""
    if fit.value == 1:
        return LONE_PIP_CONFIDENCE
    placement = 1.0 / (1.0 + (fit.error / HALF_CONFIDENCE_ERROR) ** 2)
    spread = float(diameters.std() / diameters.mean())
    alike = 1.0 / (1.0 + (spread / 0.25) ** 2)
    low, high = STEP_PER_PIP
    ratio = fit.step / float(np.median(diameters))
    spacing = min(1.0, ratio / low, high / ratio) ** 4
    return placement * alike * spacing


def _layout_face(fit: LayoutFit, points: np.ndarray, diameters: np.ndarray) -> Face:
    """The face implied by a layout alone: centred on the pips, sized from their grid."""
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


def _group_face(pips: list[Pip]) -> Face | None:
    """The face implied by the pip group alone (layout of the pip centres)."""
    points = np.array([[p.x, p.y] for p in pips])
    fit = fit_layout(points)
    if fit is None:
        return None
    return _layout_face(fit, points, np.array([p.diameter for p in pips]))


def alike_blobs(blobs: np.ndarray) -> np.ndarray:
    """Drop blobs much smaller than the largest (specks, pips of side faces glimpsed at
    the edge): the pips of one face are all about one size."""
    if len(blobs) < 2:
        return blobs
    return blobs[blobs[:, 2] >= MIN_PIP_SHARE * float(blobs[:, 2].max())]


def best_layout(
    blobs: np.ndarray, leave_one_out: bool
) -> tuple[LayoutFit | None, np.ndarray, float]:
    """The layout of the blobs with its confidence; when all blobs together fit badly
    and `leave_one_out` is set, the best fit leaving one out (a glare spot or speck
    taken for a pip), trusted less. Returns the fit, the blobs it uses and the
    confidence."""
    fit = fit_layout(blobs[:, :2]) if len(blobs) else None
    confidence = layout_confidence(fit, blobs[:, 2]) if fit is not None else 0.0
    if not leave_one_out or confidence >= MIN_LEVEL_CONFIDENCE or not 2 <= len(blobs) <= 7:
        return fit, blobs, confidence
    best = (fit, blobs, confidence)
    for left_out in range(len(blobs)):
        rest = np.delete(blobs, left_out, axis=0)
        rest_fit = fit_layout(rest[:, :2], skewed=False)
        if rest_fit is not None:
            rest_confidence = layout_confidence(rest_fit, rest[:, 2]) * ONE_LEFT_OUT_CONFIDENCE
            if rest_confidence > best[2]:
                best = (rest_fit, rest, rest_confidence)
    return best


def _masked_face(mask: FaceMask, side: float) -> Face | None:
    """The best-fitting face among the pip sets of a face mask.

    A well-outlined face (bounded and square) gives the box and must be centred on the
    layout; otherwise the face must be finely plain and its pips strong, the box comes from the
    layout, and one or two pips are not trusted. A lone pip must have the size of a
    one's pip on that face.
    """
    (cx, cy), (rw, rh), angle = mask.rect
    mask_side = float(np.sqrt(rw * rh))
    outlined = (
        mask.bounded and mask.squareness >= MIN_SQUARENESS and 0.5 * side <= mask_side <= 2 * side
    )
    if not outlined and (mask.texture > MAX_TEXTURE or mask.contrast < MIN_UNOUTLINED_CONTRAST):
        return None
    # One or two pips count on a bounded face whose outline is not square (a side face
    # seen at a slant joins it) when they stand out strongly from a very plain face.
    distinct = (
        mask.bounded and mask.contrast >= DISTINCT_CONTRAST and mask.texture <= DISTINCT_TEXTURE
    )
    best: Face | None = None
    strictest = len(mask.pips) - 1
    for level, found in enumerate(mask.pips):
        # Glare is looked for on outlined faces only: elsewhere a bad fit is no face.
        fit, blobs, confidence = best_layout(alike_blobs(found), leave_one_out=outlined)
        if fit is None or (fit.value <= MAX_UNOUTLINED_VALUE and not (outlined or distinct)):
            continue
        if level == strictest and fit.value < MIN_STRICTEST_VALUE:
            continue
        diameter = float(np.median(blobs[:, 2]))
        # Pips a few pixels wide blur into each other and into glare: trust them less.
        confidence *= min(1.0, diameter / RESOLVED_PIP)
        if fit.value == 1 and not LONE_PIP_SHARE[0] <= diameter / mask_side <= LONE_PIP_SHARE[1]:
            continue
        if fit.value <= MAX_UNOUTLINED_VALUE and mask.texture > MAX_TEXTURE:
            continue
        if outlined:
            off_centre = math.hypot(fit.centre[0] - cx, fit.centre[1] - cy) / mask_side
            confidence *= 1.0 / (1.0 + (off_centre / HALF_CONFIDENCE_OFF_CENTRE) ** 2)
            face = Face(fit.value, (cx, cy), mask_side, math.radians(angle), confidence, diameter)
        else:
            face = _layout_face(fit, blobs[:, :2], blobs[:, 2])
            face = replace(face, confidence=confidence * UNOUTLINED_CONFIDENCE)
        # A level that splits pips apart can only add pips; prefer the fuller layout
        # unless it fits badly.
        if best is None or (
            face.confidence >= MIN_LEVEL_CONFIDENCE
            and (face.value, face.confidence) > (best.value, best.confidence)
        ):
            best = face
    return best


def _segmented_face(
    image: np.ndarray,
    centre: tuple[float, float],
    side: float,
    face_colour: tuple[float, float, float],
    pip_colour: tuple[float, float, float],
) -> Face | None:
    """Segment once and read the face from the mask."""
    mask = segment_face(image, centre, side, face_colour, pip_colour)
    return _masked_face(mask, side) if mask is not None else None


def read_face(
    image: np.ndarray,
    centre: tuple[float, float],
    side: float,
    face_colour: tuple[float, float, float],
    pip_colour: tuple[float, float, float],
) -> Face | None:
    """The face of about `side` pixels near `centre` with these colours, read from its
    own pips, or None."""
    masked = _segmented_face(image, centre, side, face_colour, pip_colour)
    if masked is None or masked.confidence >= CONFIDENT:
        return masked
    # Segment again around the face found: the seed may have been off its centre.
    again = _segmented_face(image, masked.centre, masked.side, face_colour, pip_colour)
    return again if again is not None and again.confidence > masked.confidence else masked


def face_from_pips(image: np.ndarray, pips: list[Pip]) -> Face | None:
    """The die face whose pips include `pips`, or None.

    The group's colours seed a segmentation of the face, which is read from its own
    pips. Where that fails the group's layout is used, with less confidence, unless it
    has only one or two pips.
    """
    grouped = _group_face(pips)
    diameter = float(np.median([p.diameter for p in pips]))
    side = grouped.side if grouped is not None else SIDE_PER_PIP * diameter
    centre = (
        grouped.centre
        if grouped is not None
        else (float(np.mean([p.x for p in pips])), float(np.mean([p.y for p in pips])))
    )
    face_colour = tuple(np.median([p.face for p in pips], axis=0).tolist())
    pip_colour = tuple(np.median([p.colour for p in pips], axis=0).tolist())
    masked = read_face(image, centre, side, face_colour, pip_colour)
    if masked is not None:
        return masked
    if grouped is None or grouped.value <= MAX_UNOUTLINED_VALUE:
        return None
    return replace(grouped, confidence=grouped.confidence * UNOUTLINED_CONFIDENCE)


def _diagonal_angle(points: np.ndarray) -> float:
    """Direction of the line through the first two points, in radians."""
    dx, dy = points[1, :2] - points[0, :2]
    return math.atan2(dy, dx)
