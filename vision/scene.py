"""What the rest of a photo says about each face found in it.

Dice in one photo are about one size: the sure dice tell it, and in a slanted view
their size changes smoothly with the height in the frame, so each face is compared with
the size the sure dice give at its own height (``size_gaps``). How much a gap moves a
face's confidence is fitted on the tune photos (``vision.confidence.SceneCalibration``).
And a die never lies inside another: of two faces whose boxes nest, only the likelier is
a die (``apart``); the other is one of its pips, or a die's face seen twice.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from vision.confidence import SceneCalibration
from vision.finder import Spot

# A face read at least SURE_DIE surely on its own is a sure die; when AGREEING_DICE of
# them are in a photo, they give the size every face is compared with.
SURE_DIE = 0.9
AGREEING_DICE = 3
# The slope of log side against height in the frame is shrunk towards none by this
# much (in squared frame heights): a few dice at nearly one height say little about
# perspective.
SLOPE_RIDGE = 0.05
# Two faces are in one place when their boxes share this much of the smaller one. The
# boxes of two real dice seen slanted in a pile share up to 0.54 in the tune photos.
NESTED = 0.75


@dataclass(frozen=True)
class Candidate:
    """A found face, the value read on it, the reader's probability for that value and
    the calibrated confidence of the reading: of the face on its own, or within its
    photo once `in_scene` has moved it."""

    spot: Spot
    value: int
    probability: float
    confidence: float


def size_gaps(found: list[Candidate], height: int) -> list[float | None]:
    """How much larger (above 0) or smaller (below) each candidate's side is than the
    sure dice's at its height in a frame ``height`` pixels high, as a log ratio; None
    for every one when fewer than AGREEING_DICE are sure.

    The sure dice's log sides are fitted by a line in the height (its slope shrunk by
    SLOPE_RIDGE) through their median: one odd sure die barely moves it.
    """
    sure = [c.spot for c in found if c.confidence >= SURE_DIE]
    if len(sure) < AGREEING_DICE:
        return [None] * len(found)
    heights = np.array([s.y / height for s in sure])
    sides = np.log([s.side for s in sure])
    centred = heights - heights.mean()
    slope = float(centred @ (sides - sides.mean()) / (centred @ centred + SLOPE_RIDGE))
    middle = float(np.median(sides - slope * centred))
    mean_height = float(heights.mean())
    return [
        math.log(c.spot.side) - middle - slope * (c.spot.y / height - mean_height) for c in found
    ]


def in_scene(found: list[Candidate], judge: SceneCalibration, height: int) -> list[Candidate]:
    """The candidates with their confidence moved by the photo (`judge`): a face far
    off the sure dice's size at its height is less likely a die, one beside sure dice
    more likely."""
    return [
        replace(c, confidence=judge(c.confidence, gap))
        for c, gap in zip(found, size_gaps(found, height), strict=True)
    ]


def apart(found: list[Candidate]) -> list[Candidate]:
    """The candidates, likeliest first, leaving out each whose box nests with that of a
    likelier one kept (shares NESTED of the smaller box)."""
    kept: list[Candidate] = []
    for c in sorted(found, key=lambda c: -c.confidence):
        if not any(_nested(c.spot, k.spot) for k in kept):
            kept.append(c)
    return kept


def _nested(a: Spot, b: Spot) -> bool:
    """True when the square boxes of two spots share NESTED of the smaller one."""
    reach = (a.side + b.side) / 2
    across = max(0.0, reach - abs(a.x - b.x))
    down = max(0.0, reach - abs(a.y - b.y))
    across, down = min(across, a.side, b.side), min(down, a.side, b.side)
    return across * down >= NESTED * min(a.side, b.side) ** 2
