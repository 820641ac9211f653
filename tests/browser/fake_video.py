"""Fake camera footage for Chromium's `--use-file-for-fake-video-capture`: rolls of real dice.

`write_rolls(path, photos, still_seconds)` writes a YUV4MPEG2 file (4:2:0 planes,
1280x720, 10 frames a second) that shows, for each photo in turn, one roll ending in
that photo: a hand sweeping across the dice, the dice tumbling (the photo turned,
shifted and smeared), one die still rolling on its own for a moment while the others
lie still (it shows another die's face), and then the photo itself, still, with fresh
sensor noise in every frame. Chromium plays the file in a loop, so after the last roll
the first comes round again: the same dice seen again after a hand passed.
"""

from collections.abc import Iterator, Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.labels import load_labels, read_photo

WIDTH, HEIGHT, FPS = 1280, 720, 10
HAND_FRAMES, TUMBLE_FRAMES, LAST_DIE_FRAMES = 6, 8, 14
NOISE_SIGMA = 2.0


def _table(photo: np.ndarray) -> np.ndarray:
    """The photo scaled to the frame's height, centred on a surround of its edge colour."""
    side = HEIGHT
    scaled = cv2.resize(photo, (side, side), interpolation=cv2.INTER_AREA)
    edges = np.concatenate([photo[0], photo[-1], photo[:, 0], photo[:, -1]])
    colour = np.median(edges, axis=0).astype(np.uint8)
    frame = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    frame[:] = colour
    left = (WIDTH - side) // 2
    frame[:, left : left + side] = scaled
    return frame


Box = tuple[int, int, int, int]


def _last_and_other(photo_path: Path, photo: np.ndarray) -> tuple[Box, Box]:
    """Frame-pixel boxes (x0, y0, x1, y1) of the first labelled die and of one showing
    another value, whose face the first shows while it still rolls."""
    scale = HEIGHT / photo.shape[0]
    left = (WIDTH - HEIGHT) // 2
    labels = load_labels(photo_path)
    boxes = [
        (round(left + x0 * scale), round(y0 * scale), round(left + x1 * scale), round(y1 * scale))
        for _, (x0, y0, x1, y1) in labels
    ]
    other = next(i for i, (value, _) in enumerate(labels) if value != labels[0][0])
    return boxes[0], boxes[other]


def _hand(frame: np.ndarray, step: int) -> np.ndarray:
    """A hand-sized blob of skin colour with a dark rim, crossing the frame left to right."""
    out = frame.copy()
    centre = (round(-200 + step * (WIDTH + 400) / (HAND_FRAMES - 1)), HEIGHT // 2 + 40)
    cv2.ellipse(out, centre, (170, 260), 20, 0, 360, (60, 80, 110), -1)
    cv2.ellipse(out, centre, (150, 240), 20, 0, 360, (120, 150, 200), -1)
    return out


def _tumble(frame: np.ndarray, step: int) -> np.ndarray:
    """The dice still tumbling: the table turned, shifted and smeared, less with each step."""
    left = 1 - step / TUMBLE_FRAMES
    matrix = cv2.getRotationMatrix2D((WIDTH / 2, HEIGHT / 2), 25 * left, 1.0)
    matrix[:, 2] += np.array([60 * left, -30 * left])
    turned = cv2.warpAffine(frame, matrix, (WIDTH, HEIGHT), borderMode=cv2.BORDER_REPLICATE)
    length = max(1, round(15 * left))
    kernel = np.full((1, length), 1 / length, np.float32)
    return cv2.filter2D(turned, -1, kernel)


def _last_die(frame: np.ndarray, last: Box, other: Box, step: int) -> np.ndarray:
    """All dice at rest but the last one, which shows the other's face, turns and creeps
    home."""
    out = frame.copy()
    x0, y0, x1, y1 = last
    pad = (x1 - x0) // 4
    ring = frame[y0 - pad : y1 + pad, x0 - pad : x1 + pad].reshape(-1, 3)
    out[y0 - pad : y1 + pad, x0 - pad : x1 + pad] = np.median(ring, axis=0).astype(np.uint8)
    sx0, sy0, sx1, sy1 = other
    face = cv2.resize(frame[sy0:sy1, sx0:sx1], (x1 - x0, y1 - y0))
    left = 1 - step / LAST_DIE_FRAMES
    centre = ((x1 - x0) / 2, (y1 - y0) / 2)
    turn = cv2.getRotationMatrix2D(centre, 180 * left, 1.0)
    face = cv2.warpAffine(face, turn, face.shape[1::-1], borderMode=cv2.BORDER_REPLICATE)
    dx, dy = round(70 * left), round(-45 * left)
    out[y0 + dy : y1 + dy, x0 + dx : x1 + dx] = face
    return out


def _noisy(frame: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The frame with sensor-like noise, different in every frame."""
    noise = rng.normal(0, NOISE_SIGMA, frame.shape)
    return np.clip(frame + noise, 0, 255).astype(np.uint8)


def roll(photo_path: Path, still_frames: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """The BGR frames of one roll that ends in the photo, then `still_frames` still ones."""
    photo = read_photo(photo_path)
    table = _table(photo)
    last, other = _last_and_other(photo_path, photo)
    start = _tumble(table, 0)
    for step in range(HAND_FRAMES):
        yield _noisy(_hand(start, step), rng)
    for step in range(TUMBLE_FRAMES):
        yield _noisy(_tumble(table, step), rng)
    for step in range(LAST_DIE_FRAMES):
        yield _noisy(_last_die(table, last, other, step), rng)
    for _ in range(still_frames):
        yield _noisy(table, rng)


def write_y4m(path: Path, frames: Iterator[np.ndarray]) -> int:
    """Write BGR frames as YUV4MPEG2 (4:2:0, BT.601); return how many were written."""
    count = 0
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{FPS}:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            out.write(b"FRAME\n")
            out.write(cv2.cvtColor(frame, cv2.COLOR_BGR2YUV_I420).tobytes())
            count += 1
    return count


def write_rolls(path: Path, photos: Sequence[Path], still_seconds: float) -> float:
    """Write one roll per photo, each still for `still_seconds`; return the loop's length
    in seconds."""
    rng = np.random.default_rng(6)
    still_frames = round(still_seconds * FPS)
    frames = (frame for photo in photos for frame in roll(photo, still_frames, rng))
    return write_y4m(path, frames) / FPS
