"""Read the value of each found face with the trained reader network."""

from __future__ import annotations

import cv2
import numpy as np

from vision.finder import Spot
from vision.networks import READER_NETWORK, as_blob

READER_INPUT = 32
# A face is read from a square this much larger than the die, as in training.
FRAME = 1.3
# A face the reader is at least this sure of (one of the six values, or no face) at
# its first reading is not read again; the others are also read mirrored left to
# right and the two probabilities averaged. A mirrored pip layout is the same layout,
# and unlike a turn a mirror keeps a slanted die's top face above its side faces.
SURE_READING = 0.9


def face_crop(image: np.ndarray, spot: Spot) -> np.ndarray:
    """The READER_INPUT-pixel square around a face, area-averaged from full resolution."""
    half = spot.side * FRAME / 2
    x0, y0 = round(spot.x - half), round(spot.y - half)
    x1, y1 = round(spot.x + half), round(spot.y + half)
    h, w = image.shape[:2]
    crop = cv2.copyMakeBorder(
        image[max(0, y0) : min(h, y1), max(0, x0) : min(w, x1)],
        max(0, -y0),
        max(0, y1 - h),
        max(0, -x0),
        max(0, x1 - w),
        cv2.BORDER_REPLICATE,
    )
    interpolation = cv2.INTER_AREA if crop.shape[0] > READER_INPUT else cv2.INTER_LINEAR
    return cv2.resize(crop, (READER_INPUT, READER_INPUT), interpolation=interpolation)


def class_probabilities(crops: list[np.ndarray]) -> np.ndarray:
    """The reader's probabilities (values 1..6, then no face) for each crop."""
    logits = READER_NETWORK.run(as_blob(crops)).reshape(len(crops), -1)
    odds = np.exp(logits - logits.max(axis=1, keepdims=True))
    probabilities: np.ndarray = odds / odds.sum(axis=1, keepdims=True)
    return probabilities


def read_values(
    image: np.ndarray, spots: list[Spot], needed: list[float] | None = None
) -> list[tuple[int, float]]:
    """(value, probability) of each spot's face.

    The reader also gives the probability that no die face is there (its last class);
    it lowers the value's probability, so such spots fall below the confidence floor.
    An unsure face is not read again when even a sure second reading could not lift
    its value's probability to `needed` (per spot; what a caller would discard).
    """
    if not spots:
        return []
    crops = [face_crop(image, spot) for spot in spots]
    probabilities = class_probabilities(crops)
    unsure = [
        i
        for i, p in enumerate(probabilities)
        if p.max() < SURE_READING and (needed is None or (p[:6].max() + 1) / 2 >= needed[i])
    ]
    if unsure:
        mirrored = class_probabilities([crops[i][:, ::-1] for i in unsure])
        probabilities[unsure] = (probabilities[unsure] + mirrored) / 2
    return [(int(p[:6].argmax()) + 1, float(p[:6].max())) for p in probabilities]
