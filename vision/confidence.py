"""How sure a die's reading is: the finder's and the reader's beliefs, joined by a
logistic model fitted on the tune photos (`python -m training.calibrate`), so that a
confidence of 0.9 means about nine readings in ten are right."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache

from vision.networks import MODEL_DIR

CALIBRATION_FILE = "calibration.json"
# Beliefs are clipped away from 0 and 1 before taking log-odds.
EPSILON = 1e-4


def log_odds(p: float) -> float:
    """log(p / (1 - p)), with p clipped to [EPSILON, 1 - EPSILON]."""
    p = min(max(p, EPSILON), 1 - EPSILON)
    return math.log(p / (1 - p))


@dataclass(frozen=True)
class Calibration:
    """Weights of the finder's and the reader's log-odds, and a bias."""

    heat: float
    value: float
    bias: float

    def __call__(self, heat: float, probability: float) -> float:
        """The chance that a die is there and shows this value."""
        z = self.heat * log_odds(heat) + self.value * log_odds(probability) + self.bias
        return 1 / (1 + math.exp(-z))

    def probability_needed(self, heat: float, confidence: float) -> float:
        """The reader's probability that brings a spot of this heat to `confidence`
        (0 for a confidence of 0)."""
        if confidence <= 0:
            return 0.0
        z = (log_odds(confidence) - self.heat * log_odds(heat) - self.bias) / self.value
        return 1 / (1 + math.exp(-z))


@cache
def calibration() -> Calibration:
    """The calibration stored beside the networks."""
    return Calibration(**json.loads((MODEL_DIR / CALIBRATION_FILE).read_text()))
