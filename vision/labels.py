"""Labelled photo sets: which photos a folder holds, their labels and the split rule.

A folder holds NAME.jpg (or .jpeg, .png, .webp) with NAME.json beside it:
{"dice": [{"value": 1..6, "box": [x0, y0, x1, y1]}, ...]}. The split rule is fixed and
the same for every set: sort the photo names; every fifth photo (index % 5 == 4) is
held out for the figures, the rest is for tuning and training (python -m training).
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from vision.decode import PHOTO_SUFFIXES
from vision.reading import InvalidImageError

SPLITS = ("all", "heldout", "tune")

Label = tuple[int, list[float]]


def photo_paths(folder: Path, split: str = "all") -> list[Path]:
    """Labelled photos of `folder` in name order, restricted to one split."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {', '.join(SPLITS)}, not {split!r}")
    photos = sorted(
        p
        for p in folder.iterdir()
        if p.suffix.lower() in PHOTO_SUFFIXES and p.with_suffix(".json").exists()
    )
    if split == "all":
        return photos
    held = split == "heldout"
    return [p for i, p in enumerate(photos) if (i % 5 == 4) == held]


def read_photo(path: Path) -> np.ndarray:
    """The BGR pixels of a photo file; raises InvalidImageError when it cannot be read."""
    image = cv2.imread(str(path))
    if image is None:
        raise InvalidImageError("{path} cannot be read as an image", path=path)
    return image


def load_labels(photo: Path) -> list[Label]:
    """(value, box) of each labelled die of a photo."""
    data = json.loads(photo.with_suffix(".json").read_text())
    return [(d["value"], d["box"]) for d in data["dice"]]
