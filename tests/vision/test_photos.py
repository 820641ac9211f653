"""Regression floor on real photos (held-out byler-d6 photos copied into the repo)."""

from __future__ import annotations

from pathlib import Path

from vision.evaluate import evaluate
from vision.labels import photo_paths

PHOTOS = Path(__file__).parent / "photos"
# The floor sits a little below what was measured on these photos when it was set:
# end-to-end 0.992, precision 1.000, value accuracy 0.992, exactly right 0.944.
FLOOR = {
    "end-to-end accuracy": 0.98,
    "precision": 0.98,
    "value accuracy": 0.98,
    "photos exactly right": 0.9,
}


def test_accuracy_floor_on_real_photos():
    photos = photo_paths(PHOTOS)
    assert len(photos) >= 30
    summary = evaluate(photos)
    for metric, floor in FLOOR.items():
        assert summary[metric] >= floor, (metric, summary[metric])
