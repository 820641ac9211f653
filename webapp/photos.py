"""Photos from the camera, an upload or the samples: decoded, read and prepared for display."""

from dataclasses import dataclass

import cv2
import numpy as np

import samples
from scoring.hand import DICE_PER_HAND
from vision import Die, InvalidImageError, Reading, annotate, decode_image, read_dice

PHOTO_TYPES = tuple(suffix.lstrip(".") for suffix in samples.PHOTO_SUFFIXES)
PREVIEW_SIDE = 1280


@dataclass(frozen=True)
class PhotoReading:
    """What the page keeps of a photo: every die read, the hand's dice among them (the most
    plausible when there are too many), those set aside, and a JPEG preview with the hand's
    dice numbered as their rows and the others in grey."""

    name: str
    reading: Reading
    kept: list[Die]
    set_aside: list[Die]
    preview: bytes

    @property
    def uncertain(self) -> list[int]:
        """Positions among the kept dice of those read with low confidence."""
        return [i for i, d in enumerate(self.kept) if d.unsure]


def _preview(image: np.ndarray) -> bytes:
    scale = PREVIEW_SIDE / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:
        raise InvalidImageError("the photo could not be prepared for display")
    return encoded.tobytes()


def read_photo(name: str, data: bytes) -> PhotoReading:
    """Read the dice in a photo, choose the hand's dice and draw the preview."""
    image = decode_image(data)
    reading = read_dice(image)
    kept, set_aside = reading.most_plausible(DICE_PER_HAND)
    rows = {id(die): row for row, die in enumerate(kept, 1)}
    numbers = [rows.get(id(die)) for die in reading.dice]
    preview = _preview(annotate(image, reading, numbers))
    return PhotoReading(name, reading, kept, set_aside, preview)
