"""Read dice from an image: find the top faces, read each face, keep those wholly seen
and likely dice in the light of the whole photo (``vision.scene``)."""

from __future__ import annotations

import numpy as np

from vision.confidence import calibration, scene_calibration
from vision.finder import MIN_HEAT, Spot, find_faces, strongest_per_face
from vision.reading import Box, Die, Reading, as_bgr, reading_order
from vision.scene import Candidate, apart, in_scene
from vision.values import read_values

# A face may reach this share of its side past the image edge (box estimates are not
# exact); a face cut more than that is left out rather than guessed.
EDGE_SLACK = 0.15
# Readings less likely than this to be a die showing that value, in the light of the
# whole photo (`in_scene`), are not reported.
MIN_CONFIDENCE = 0.3
# At most this many found faces, the hottest, are read: it bounds the reader's work on
# a cluttered or textured photo.
MAX_READ = 96


def inside_image(spot: Spot, width: int, height: int) -> bool:
    """True when the spot's face lies inside the image, up to EDGE_SLACK."""
    reach = spot.side * (0.5 - EDGE_SLACK)
    return (
        spot.x - reach >= 0
        and spot.y - reach >= 0
        and spot.x + reach <= width
        and spot.y + reach <= height
    )


def box_of(spot: Spot, width: int, height: int) -> Box:
    """The face's square box in whole image pixels, clipped to the image."""
    half = spot.side / 2
    return (
        max(0, int(spot.x - half)),
        max(0, int(spot.y - half)),
        min(width, int(np.ceil(spot.x + half))),
        min(height, int(np.ceil(spot.y + half))),
    )


def candidates(bgr: np.ndarray, min_heat: float = MIN_HEAT, floor: float = 0.0) -> list[Candidate]:
    """Every face the finder sees (at least `min_heat` sure) wholly inside a BGR image,
    with its value; of readings of one face at several scales, the most confident.

    Work is spared on readings that cannot reach a confidence of `floor`; candidates
    under it are still given, with a confidence under it.
    """
    height, width = bgr.shape[:2]
    spots = [s for s in find_faces(bgr, min_heat) if inside_image(s, width, height)]
    spots = sorted(spots, key=lambda s: -s.heat)[:MAX_READ]
    judge = calibration()
    needed = [judge.probability_needed(spot.heat, floor) for spot in spots]
    read = [
        Candidate(spot, value, probability, judge(spot.heat, probability))
        for spot, (value, probability) in zip(spots, read_values(bgr, spots, needed), strict=True)
    ]
    kept = strongest_per_face(spots, [c.confidence for c in read])
    return [read[i] for i in kept]


def read_dice(image: np.ndarray) -> Reading:
    """Find every die showing its top face in a BGR (or grey, or BGRA) image."""
    bgr = as_bgr(image)
    height, width = bgr.shape[:2]
    judge = scene_calibration()
    found = candidates(bgr, floor=judge.confidence_needed(MIN_CONFIDENCE))
    dice = apart([c for c in in_scene(found, judge, height) if c.confidence >= MIN_CONFIDENCE])
    return Reading(
        reading_order(
            [Die(c.value, box_of(c.spot, width, height), round(c.confidence, 3)) for c in dice]
        )
    )
