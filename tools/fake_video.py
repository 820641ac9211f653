"""Fake camera footage for Chromium's `--use-file-for-fake-video-capture`: rolls of real dice.

`write_rolls(path, photos, still_seconds)` writes a YUV4MPEG2 file (4:2:0 planes,
1280x720, 10 frames a second) that shows, for each photo in turn, one roll ending in
that photo: a hand sweeping across the dice, the dice tumbling (the photo turned,
shifted and smeared), one die still rolling on its own for a moment while the others
lie still (it shows another die's face), and then the photo itself, still, with fresh
sensor noise in every frame. Chromium plays the file in a loop, so after the last roll
the first comes round again: the same dice seen again after a hand passed.

`write_scenes(path, steps, still_seconds)` writes a whole turn the same way from
`Scene`s made of real photos: `rerolled` keeps some dice of a photo where they lie and
puts real dice cut from the other sample photos elsewhere on its table, `cleared`
takes every die off the table, and a `Rest` is a hand resting in view for a while.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import Label, load_labels, read_photo

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


@dataclass(frozen=True)
class Scene:
    """A still table: its pixels (a photo's size) and its dice as (value, box) labels."""

    image: np.ndarray
    dice: list[Label]

    @property
    def values(self) -> list[int]:
        """The dice's values, sorted."""
        return sorted(value for value, _ in self.dice)


@dataclass(frozen=True)
class Rest:
    """A hand resting in view over `scene` for `seconds`, away from its dice."""

    scene: Scene
    seconds: float


def photo_scene(photo: Path) -> Scene:
    """A labelled sample photo as a scene."""
    return Scene(read_photo(photo), load_labels(photo))


def _frame_box(box: list[float]) -> Box:
    """A photo-pixel box in the frame that `_table` makes of a 640x640 photo."""
    scale = HEIGHT / 640
    left = (WIDTH - HEIGHT) // 2
    x0, y0, x1, y1 = box
    return (
        round(left + x0 * scale),
        round(y0 * scale),
        round(left + x1 * scale),
        round(y1 * scale),
    )


def _last_and_other(scene: Scene) -> tuple[Box, Box] | None:
    """Frame-pixel boxes of the first die and of one showing another value, whose face
    the first shows while it still rolls; None when every die shows one value."""
    others = [i for i, (value, _) in enumerate(scene.dice) if value != scene.dice[0][0]]
    if not scene.dice or not others:
        return None
    return _frame_box(scene.dice[0][1]), _frame_box(scene.dice[others[0]][1])


def _erased(image: np.ndarray, boxes: Sequence[list[float]]) -> np.ndarray:
    """The table with the dice in `boxes` taken off (filled in from the table around)."""
    mask = np.zeros(image.shape[:2], np.uint8)
    for x0, y0, x1, y1 in boxes:
        pad = (x1 - x0) * 0.3
        cv2.rectangle(
            mask, (round(x0 - pad), round(y0 - pad)), (round(x1 + pad), round(y1 + pad)), 255, -1
        )
    return cv2.inpaint(image, mask, 9, cv2.INPAINT_TELEA)


def cleared(scene: Scene) -> Scene:
    """The scene's table with no die on it."""
    return Scene(_erased(scene.image, [box for _, box in scene.dice]), [])


def _crops(photos: Sequence[Path]) -> list[tuple[int, np.ndarray]]:
    """(value, square crop with some table around) of every labelled die of `photos`."""
    crops = []
    for photo in photos:
        image = read_photo(photo)
        for value, (x0, y0, x1, y1) in load_labels(photo):
            side = max(x1 - x0, y1 - y0) * 1.6
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            top, left = round(cy - side / 2), round(cx - side / 2)
            crops.append((value, image[top : top + round(side), left : left + round(side)]))
    return crops


def _border(square: np.ndarray) -> np.ndarray:
    """The median colour of a square's outermost pixels."""
    edges = np.concatenate([square[0], square[-1], square[:, 0], square[:, -1]])
    border: np.ndarray = np.median(edges, axis=0)
    return border


def _overlaps(box: list[float], boxes: list[list[float]], gap: float) -> bool:
    return any(
        box[0] < b[2] + gap and b[0] < box[2] + gap and box[1] < b[3] + gap and b[1] < box[3] + gap
        for b in boxes
    )


def rerolled(
    scene: Scene, keep: Sequence[int], photos: Sequence[Path], rng: np.random.Generator
) -> Scene:
    """The scene after a roll that left the dice at positions `keep` where they lay: the
    others are taken off and as many real dice, cut from `photos`, lie elsewhere."""
    kept = [scene.dice[i] for i in keep]
    image = _erased(scene.image, [box for i, (_, box) in enumerate(scene.dice) if i not in keep])
    crops = _crops(photos)
    boxes = [box for _, box in kept]
    dice = list(kept)
    height, width = image.shape[:2]
    for index in rng.choice(len(crops), len(scene.dice) - len(kept), replace=False):
        value, crop = crops[index]
        side = crop.shape[0]
        while True:
            x, y = rng.integers(side, width - 2 * side), rng.integers(side, height - 2 * side)
            die = side / 1.6
            box = [
                x + (side - die) / 2,
                y + (side - die) / 2,
                x + (side + die) / 2,
                y + (side + die) / 2,
            ]
            if not _overlaps(box, boxes, die):
                break
        # The other photo's table, matched to this one's light around the spot.
        window = image[y : y + side, x : x + side].astype(np.float32)
        gain = _border(window) / np.maximum(_border(crop.astype(np.float32)), 1)
        crop = np.clip(crop * gain, 0, 255)
        feather = np.zeros((side, side), np.float32)
        cv2.circle(feather, (side // 2, side // 2), round(side * 0.45), 1.0, -1)
        feather = cv2.GaussianBlur(feather, (0, 0), side / 12)[..., None]
        image[y : y + side, x : x + side] = (feather * crop + (1 - feather) * window).astype(
            np.uint8
        )
        boxes.append(box)
        dice.append((value, box))
    return Scene(image, dice)


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


def roll(scene: Scene, still_frames: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """The BGR frames of one roll that ends in the scene, then `still_frames` still ones."""
    table = _table(scene.image)
    start = _tumble(table, 0)
    for step in range(HAND_FRAMES):
        yield _noisy(_hand(start, step), rng)
    for step in range(TUMBLE_FRAMES):
        yield _noisy(_tumble(table, step), rng)
    boxes = _last_and_other(scene)
    if boxes is not None:
        for step in range(LAST_DIE_FRAMES):
            yield _noisy(_last_die(table, *boxes, step), rng)
    for _ in range(still_frames):
        yield _noisy(table, rng)


def rest(scene: Scene, frames: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """A hand coming in at the scene's left edge, resting there away from the dice for
    `frames` frames and going again; then the scene alone as long."""
    table = _table(scene.image)
    for step in (0, *[1] * frames, 0):
        yield _noisy(_hand(table, step), rng)
    for _ in range(frames):
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
    return write_scenes(path, [photo_scene(photo) for photo in photos], still_seconds)


def write_scenes(path: Path, steps: Sequence[Scene | Rest], still_seconds: float) -> float:
    """Write a roll ending in each scene (still for `still_seconds`), or a hand resting
    in view; return the loop's length in seconds."""
    rng = np.random.default_rng(6)
    still = round(still_seconds * FPS)
    frames = (
        frame
        for step in steps
        for frame in (
            rest(step.scene, round(step.seconds * FPS), rng)
            if isinstance(step, Rest)
            else roll(step, still, rng)
        )
    )
    return write_y4m(path, frames) / FPS
