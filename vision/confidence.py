"""How sure a die's reading is: the finder's and the reader's beliefs, joined by a
logistic model fitted on the tune photos (`python -m training.calibrate`), so that a
confidence of 0.9 means about nine readings in ten are right; then moved by what the
rest of the photo shows, with a second model fitted on the same photos."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from typing import Any

from vision.networks import MODEL_DIR

CALIBRATION_FILE = "calibration.json"
# Beliefs are clipped away from 0 and 1 before taking log-odds.
EPSILON = 1e-4


def log_odds(p: float) -> float:
    """log(p / (1 - p)), with p clipped to [EPSILON, 1 - EPSILON]."""
    p = min(max(p, EPSILON), 1 - EPSILON)
    return math.log(p / (1 - p))


def logistic(z: float) -> float:
    """1 / (1 + exp(-z)): log-odds back to a probability."""
    return 1 / (1 + math.exp(-z))


@dataclass(frozen=True)
class Calibration:
    """How sure one face is on its own: weights of the finder's and the reader's
    log-odds, and a bias."""

    heat: float
    value: float
    bias: float

    def __call__(self, heat: float, probability: float) -> float:
        """The chance that a die is there and shows this value."""
        return logistic(self.heat * log_odds(heat) + self.value * log_odds(probability) + self.bias)

    def probability_needed(self, heat: float, confidence: float) -> float:
        """The reader's probability that brings a spot of this heat to `confidence`
        (0 for a confidence of 0)."""
        if confidence <= 0:
            return 0.0
        return logistic(
            (log_odds(confidence) - self.heat * log_odds(heat) - self.bias) / self.value
        )


@dataclass(frozen=True)
class SceneCalibration:
    """How the photo moves a face's confidence: weights of the face's own log-odds, of
    how much smaller and how much larger its side is than the sure dice's at its height
    (|log ratio|, ``vision.scene.size_gaps``), of there being sure dice enough to tell
    that size (company), and a bias.

    Both size weights are negative or 0: dice in one photo look about the same size.
    """

    face: float
    smaller: float
    larger: float
    company: float
    bias: float

    def __post_init__(self) -> None:
        if self.smaller > 0 or self.larger > 0:
            raise ValueError("a face off the dice's size cannot be likelier a die")

    def __call__(self, confidence: float, size_gap: float | None) -> float:
        """The chance that the die is there and shows its value, from its confidence
        alone and its size gap (None when the photo has too few sure dice to tell)."""
        z = self.face * log_odds(confidence) + self.bias
        if size_gap is not None:
            z += self.smaller * max(-size_gap, 0.0) + self.larger * max(size_gap, 0.0)
            z += self.company
        return logistic(z)

    def confidence_needed(self, confidence: float) -> float:
        """The least confidence alone that the most favourable photo (a face of just the
        sure dice's size, or no sure dice to compare with) can lift to `confidence`."""
        best = self.bias + max(self.company, 0.0)
        return logistic((log_odds(confidence) - best) / self.face)


@cache
def stored() -> dict[str, Any]:
    """The calibration file beside the networks, parsed."""
    parsed: dict[str, Any] = json.loads((MODEL_DIR / CALIBRATION_FILE).read_text())
    return parsed


def calibration() -> Calibration:
    """The stored calibration of one face on its own."""
    return Calibration(**stored()["face"])


def scene_calibration() -> SceneCalibration:
    """The stored calibration of a face within its photo."""
    return SceneCalibration(**stored()["scene"])
