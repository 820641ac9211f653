"""Photos from the camera, an upload or the samples: decoded, read and prepared for display."""

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import cv2
import numpy as np

from vision import (
    PHOTO_SUFFIXES,
    Die,
    InvalidImageError,
    Reading,
    annotate,
    decode_image,
    read_dice,
)
from webapp.live_turn import Scene, look

PHOTO_TYPES = tuple(suffix.lstrip(".") for suffix in PHOTO_SUFFIXES)
PREVIEW_SIDE = 1280
# Photos the server reads at once, for all tables together: one read of the largest photo
# taken (50 megapixels) holds about 0.4 GB while it runs, so reads have a memory ceiling.
READS_AT_ONCE = 2
# How long a photo waits for its turn before the page says the server is busy.
READ_WAIT_SECONDS = 10.0


class BusyError(Exception):
    """The server was reading other photos for longer than a photo may wait."""


class ReadSlots:
    """At most `count` reads at once; a read that waits longer than `wait` seconds for
    its turn is refused with BusyError rather than queued for ever."""

    def __init__(self, count: int, wait: float) -> None:
        self.count, self.wait = count, wait
        self._free = threading.BoundedSemaphore(count)

    @contextmanager
    def hold(self) -> Iterator[None]:
        """Wait for a free slot (at most `wait` seconds) and keep it for the block."""
        if not self._free.acquire(timeout=self.wait):
            raise BusyError(f"{self.count} photos were being read for {self.wait:g} s")
        try:
            yield
        finally:
            self._free.release()


# Shared by every browser's session thread.
SLOTS = ReadSlots(READS_AT_ONCE, READ_WAIT_SECONDS)


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


def _photo_reading(
    name: str, image: np.ndarray, reading: Reading, kept: Sequence[Die], set_aside: list[Die]
) -> PhotoReading:
    """What the page keeps of a photo read, the hand's dice numbered on it as `kept` orders them."""
    rows = {id(die): row for row, die in enumerate(kept, 1)}
    numbers = [rows.get(id(die)) for die in reading.dice]
    preview = _preview(annotate(image, reading, numbers))
    return PhotoReading(name, reading, list(kept), set_aside, preview)


def _read(data: bytes, count: int) -> tuple[np.ndarray, Reading, list[Die], list[Die]]:
    """The photo's pixels, its reading, and the hand's `count` dice chosen from it and the
    others."""
    image = decode_image(data)
    reading = read_dice(image)
    return image, reading, *reading.most_plausible(count)


def read_photo(name: str, data: bytes, count: int) -> PhotoReading:
    """Read the dice in a photo, choose the hand's `count` dice and draw the preview, in one
    of the server's `SLOTS` (BusyError when none came free in time)."""
    with SLOTS.hold():
        return _photo_reading(name, *_read(data, count))


def read_scene(
    name: str, data: bytes, previous: Sequence[Die], count: int
) -> tuple[PhotoReading, Scene]:
    """Read a live camera's still scene of a game of `count` dice and tell what it is to
    the turn after `previous`, the rows of the last scene taken as a roll; a roll's dice
    are numbered in its rows. Like `read_photo`, it runs in one of the server's `SLOTS`."""
    with SLOTS.hold():
        image, reading, kept, set_aside = _read(data, count)
        scene = look(previous, kept, count)
        return _photo_reading(name, image, reading, scene.rows or kept, set_aside), scene
