"""Read dice from an image: find the top faces, read each face, keep those wholly seen."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.confidence import calibration
from vision.finder import MIN_HEAT, Spot, find_faces, strongest_per_face
from vision.reading import UNSURE_BELOW, Box, Die, Reading, as_bgr, reading_order
from vision.values import read_values

# A face may reach this share of its side past the image edge (box estimates are not
# exact); a face cut more than that is left out rather than guessed.
EDGE_SLACK = 0.15
# Readings less likely than this to be a die showing that value are not reported.
MIN_CONFIDENCE = 0.3
# Dice in one photo look about the same size: in the labelled photos of all three
# shared sets no die is under 0.55 or over 1.83 times the median die of its photo. A
# face under SMALL_SHARE times the median side of the sure dice (at least SURE_DIE) is
# more likely a button, a hole or a pip than a die, and one over LARGE_SHARE times it a
# tray's screw, a token or a pile of dice: such a face is reported only when it is itself
# sure (not `Die.unsure`), and a large one not even then once CONSISTENT_DICE other sure
# dice agree on the size.
SURE_DIE = 0.9
SMALL_SHARE = 0.5
LARGE_SHARE = 2.2
CONSISTENT_DICE = 3
# At most this many found faces, the hottest, are read: it bounds the reader's work on
# a cluttered or textured photo.
MAX_READ = 96
# A reading under MIN_CONFIDENCE, down to SCENE_CONFIDENCE, is still reported when the
# scene vouches for it: at least AGREEING_DICE sure dice in the photo, and a face within
# SAME_SIZE times their median side either way. Far-off dice in a crowded photo read less
# surely than near ones, and a table mark is seldom just the size of the dice beside it.
SCENE_CONFIDENCE = 0.1
SAME_SIZE = 1.4
AGREEING_DICE = 3


@dataclass(frozen=True)
class Candidate:
    """A found face, the value read on it, the reader's probability for that value and
    the calibrated confidence of the whole reading."""

    spot: Spot
    value: int
    probability: float
    confidence: float


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


def sure_sides(found: list[Candidate]) -> list[float]:
    """The sides of the candidates read at least SURE_DIE surely."""
    return [c.spot.side for c in found if c.confidence >= SURE_DIE]


def in_proportion(found: list[Candidate]) -> list[Candidate]:
    """The candidates without faces out of proportion with the sure dice (SMALL_SHARE,
    LARGE_SHARE)."""
    sure = sure_sides(found)
    if not sure:
        return found
    typical = float(np.median(sure))
    consistent = len(sure) > CONSISTENT_DICE

    def kept(c: Candidate) -> bool:
        if c.spot.side > LARGE_SHARE * typical:
            return c.confidence >= UNSURE_BELOW and not consistent
        return c.spot.side >= SMALL_SHARE * typical or c.confidence >= UNSURE_BELOW

    return [c for c in found if kept(c)]


def vouched_for(dice: list[Candidate], doubtful: list[Candidate]) -> list[Candidate]:
    """The doubtful candidates that the sure ones among `dice` vouch for (AGREEING_DICE,
    SAME_SIZE)."""
    sure = sure_sides(dice)
    if len(sure) < AGREEING_DICE:
        return []
    typical = float(np.median(sure))
    return [c for c in doubtful if 1 / SAME_SIZE <= c.spot.side / typical <= SAME_SIZE]


def read_dice(image: np.ndarray) -> Reading:
    """Find every die showing its top face in a BGR (or grey, or BGRA) image."""
    bgr = as_bgr(image)
    height, width = bgr.shape[:2]
    found = candidates(bgr, floor=SCENE_CONFIDENCE)
    dice = in_proportion([c for c in found if c.confidence >= MIN_CONFIDENCE])
    doubtful = [c for c in found if SCENE_CONFIDENCE <= c.confidence < MIN_CONFIDENCE]
    dice += vouched_for(dice, doubtful)
    return Reading(
        reading_order(
            [Die(c.value, box_of(c.spot, width, height), round(c.confidence, 3)) for c in dice]
        )
    )
