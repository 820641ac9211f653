"""Fit the confidence calibration (vision.confidence) on the tune photos.

    python -m training.calibrate [--data DIR]

Every face the networks find is matched to the labels; a logistic model of "a die is
there and the value is right" on the two networks' log-odds is fitted by Newton's
method and written beside the networks.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path

import numpy as np

from training.data import DATASETS
from vision.confidence import CALIBRATION_FILE, Calibration, log_odds
from vision.labels import load_labels, photo_paths, read_photo
from vision.metrics import match_dice
from vision.networks import MODEL_DIR
from vision.reader import box_of, candidates

# Faces down to this heat are observed, below the reader's own floor, so the fit sees
# the unlikely ones too.
LOWEST_HEAT = 0.05


def observations(root: Path) -> tuple[np.ndarray, np.ndarray]:
    """Log-odds of (heat, value) per found face, and whether its reading was right."""
    features, right = [], []
    for name in DATASETS:
        for path in photo_paths(root / name, "tune"):
            image = read_photo(path)
            h, w = image.shape[:2]
            found = candidates(image, LOWEST_HEAT)
            labels = load_labels(path)
            predicted = [(c.value, box_of(c.spot, w, h)) for c in found]
            matched = dict(match_dice(predicted, labels))
            for i, c in enumerate(found):
                features.append([log_odds(c.spot.heat), log_odds(c.probability), 1.0])
                right.append(i in matched and labels[matched[i]][0] == c.value)
    return np.array(features), np.array(right, np.float64)


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Weights maximising the logistic likelihood of y given x (a little ridge)."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m training.calibrate")
    parser.add_argument("--data", type=Path, default=Path("../shared/datasets"))
    args = parser.parse_args()
    x, y = observations(args.data)
    heat, value, bias = fit_logistic(x, y)
    fitted = Calibration(float(heat), float(value), float(bias))
    (MODEL_DIR / CALIBRATION_FILE).write_text(json.dumps(asdict(fitted), indent=2) + "\n")
    print(f"{len(y)} faces, {int(y.sum())} right: {fitted}")


if __name__ == "__main__":
    main()
