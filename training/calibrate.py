"""Fit the confidence calibrations (vision.confidence) on the tune photos.

    python -m training.calibrate [--data DIR]

Every face the networks find is matched to the labels. A logistic model of "a die is
there and the value is right" on the two networks' log-odds gives each face's
confidence on its own; a second one, on that confidence's log-odds and what the photo
shows (vision.scene.size_gaps), gives its confidence within the photo. Newton's
method fits both; they are written beside the networks.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, replace
from pathlib import Path

import numpy as np

from training.data import DATASETS
from vision import (
    CALIBRATION_FILE,
    MODEL_DIR,
    Calibration,
    Candidate,
    SceneCalibration,
    box_of,
    candidates,
    load_labels,
    log_odds,
    match_dice,
    photo_paths,
    read_photo,
    size_gaps,
)

# Faces down to this heat are observed, below the reader's own floor, so the fit sees
# the unlikely ones too.
LOWEST_HEAT = 0.05


Observed = tuple[list[Candidate], list[bool], int]


def observations(root: Path) -> list[Observed]:
    """Per tune photo, every face found, whether its reading was right, and the photo's
    height."""
    photos = []
    for name in DATASETS:
        for path in photo_paths(root / name, "tune"):
            image = read_photo(path)
            h, w = image.shape[:2]
            found = candidates(image, LOWEST_HEAT)
            labels = load_labels(path)
            matched = dict(match_dice([(c.value, box_of(c.spot, w, h)) for c in found], labels))
            right = [i in matched and labels[matched[i]][0] == c.value for i, c in enumerate(found)]
            photos.append((found, right, h))
    return photos


def face_features(found: list[Candidate]) -> list[list[float]]:
    """The face calibration's inputs: log-odds of heat and value, and 1 for the bias."""
    return [[log_odds(c.spot.heat), log_odds(c.probability), 1.0] for c in found]


def scene_features(found: list[Candidate], height: int) -> list[list[float]]:
    """The scene calibration's inputs: log-odds of the face's confidence, how much
    smaller and how much larger than the sure dice it is and whether there were sure
    dice to tell (0 for all three when not), and 1 for the bias."""
    rows = []
    for c, gap in zip(found, size_gaps(found, height), strict=True):
        size = [max(-gap, 0.0), max(gap, 0.0), 1.0] if gap is not None else [0.0, 0.0, 0.0]
        rows.append([log_odds(c.confidence), *size, 1.0])
    return rows


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


def fit_both(photos: list[Observed]) -> tuple[Calibration, SceneCalibration]:
    """The face calibration, then the scene calibration on the faces' confidences under it."""
    right = np.array([r for _, rights, _ in photos for r in rights], np.float64)
    x = np.array([row for found, _, _ in photos for row in face_features(found)]).reshape(-1, 3)
    face = Calibration(*map(float, fit_logistic(x, right)))
    judged = [
        ([replace(c, confidence=face(c.spot.heat, c.probability)) for c in f], h)
        for f, _, h in photos
    ]
    x = np.array([row for found, h in judged for row in scene_features(found, h)]).reshape(-1, 5)
    return face, SceneCalibration(*map(float, fit_logistic(x, right)))


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m training.calibrate")
    parser.add_argument("--data", type=Path, default=Path("../shared/datasets"))
    args = parser.parse_args()
    photos = observations(args.data)
    face, scene = fit_both(photos)
    stored = {"face": asdict(face), "scene": asdict(scene)}
    (MODEL_DIR / CALIBRATION_FILE).write_text(json.dumps(stored, indent=2) + "\n")
    right = sum(sum(rights) for _, rights, _ in photos)
    faces = sum(len(rights) for _, rights, _ in photos)
    print(f"{faces} faces, {right} right: {face}, {scene}")


if __name__ == "__main__":
    main()
