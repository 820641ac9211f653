"""The reader's two trained networks, loaded once and run with OpenCV's dnn module."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2

MODEL_DIR = Path(__file__).parent / "models"
FINDER_FILE = "finder.onnx"
READER_FILE = "reader.onnx"
# The finder's output maps are this many times smaller than its input.
FINDER_STRIDE = 4


@cache
def network(name: str) -> cv2.dnn.Net:
    """The network stored as `name` in vision/models."""
    return cv2.dnn.readNetFromONNX(str(MODEL_DIR / name))
