"""Photos from the camera, an upload or the samples: decoded, read and prepared for display."""

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import Reading, annotate, read_dice

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
PHOTO_TYPES = ("jpg", "jpeg", "png", "webp")
PREVIEW_SIDE = 1280
LOW_CONFIDENCE = 0.6


class PhotoError(ValueError):
    """The file is not a photo the page can read."""


@dataclass(frozen=True)
class PhotoReading:
    """What the page keeps of a photo: the dice read and a JPEG preview with the boxes drawn."""

    name: str
    reading: Reading
    preview: bytes

    @property
    def uncertain(self) -> list[int]:
        """Positions (in reading order) of dice read with low confidence."""
        return [i for i, d in enumerate(self.reading.dice) if d.confidence < LOW_CONFIDENCE]


def decode(data: bytes) -> np.ndarray:
    """Decode JPEG/PNG/WebP bytes into a BGR image; raises ``PhotoError`` otherwise."""
    image = None
    if data:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None:
        raise PhotoError("this file is not a photo I can read: use a JPEG, PNG or WebP image")
    return image


def _preview(image: np.ndarray) -> bytes:
    scale = PREVIEW_SIDE / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:
        raise PhotoError("could not prepare the photo for display")
    return encoded.tobytes()


def read_photo(name: str, data: bytes) -> PhotoReading:
    """Read the dice in a photo and keep a preview with each die's box, value and confidence."""
    image = decode(data)
    reading = read_dice(image)
    return PhotoReading(name, reading, _preview(annotate(image, reading)))


def sample_photos() -> list[Path]:
    """The built-in sample photos, by name."""
    return sorted(p for p in SAMPLES.glob("*") if p.suffix.lower().lstrip(".") in PHOTO_TYPES)
