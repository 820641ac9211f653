"""The reader's two trained networks, run with OpenCV's dnn module from any thread.

A `cv2.dnn.Net` keeps its input and its intermediate results inside itself, so two
threads must never run one net at the same time. Each network therefore has a pool of
copies: a thread borrows an idle copy for one forward pass (a new copy is loaded when
all are busy) and gives it back. Reads in parallel then run in parallel, and no lock is
held while a network runs.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

MODEL_DIR = Path(__file__).parent / "models"
FINDER_FILE = "finder.onnx"
READER_FILE = "reader.onnx"
# The finder's output maps are this many times smaller than its input.
FINDER_STRIDE = 4


class NetworkPool:
    """Copies of one ONNX network, each lent to one thread at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._idle: list[cv2.dnn.Net] = []
        self._lock = threading.Lock()
        self.copies = 0

    @contextmanager
    def borrowed(self) -> Iterator[cv2.dnn.Net]:
        """An idle copy of the network, for the caller alone until the block ends."""
        with self._lock:
            net = self._idle.pop() if self._idle else None
            if net is None:
                self.copies += 1
        if net is None:
            net = cv2.dnn.readNetFromONNX(str(self.path))
        try:
            yield net
        finally:
            with self._lock:
                self._idle.append(net)

    def run(self, blob: np.ndarray) -> np.ndarray:
        """The network's output for an NCHW float32 input."""
        with self.borrowed() as net:
            net.setInput(blob)
            return net.forward()


FINDER_NETWORK = NetworkPool(MODEL_DIR / FINDER_FILE)
READER_NETWORK = NetworkPool(MODEL_DIR / READER_FILE)


def as_blob(images: list[np.ndarray]) -> np.ndarray:
    """BGR uint8 images of one size as an NCHW float32 batch scaled to 0..1, as in training."""
    batch = np.stack(images).transpose(0, 3, 1, 2)
    blob: NDArray[np.float32] = np.multiply(batch, np.float32(1 / 255), dtype=np.float32)
    return blob
