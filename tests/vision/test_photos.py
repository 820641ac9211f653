"""Regression floor on real photos (held-out byler-d6 photos copied into the repo)."""

from __future__ import annotations

from pathlib import Path

from vision.evaluate import evaluate, photo_paths

PHOTOS = Path(__file__).parent / "photos"
# Measured on these photos when the floor was set; the floor sits a little below.
FLOOR = {
    "end-to-end accuracy": 0.95,
    "precision": 0.98,
    "value accuracy": 0.96,
    "photos exactly right": 0.75,
}


def test_accuracy_floor_on_real_photos():
    photos = photo_paths(PHOTOS)
    assert len(photos) >= 30
    summary = evaluate(photos)
    for metric, floor in FLOOR.items():
        assert summary[metric] >= floor, (metric, summary[metric])
