"""Result types of a dice reading and the validation of input images."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from translatable import TranslatableError

Box = tuple[int, int, int, int]
# A die read with less confidence than this is unsure: the page asks the player to
# check it, and annotations mark it.
UNSURE_BELOW = 0.6
# Dice in one photo are about the same size: a die this many times larger or smaller
# than the typical die of the photo is half as plausible as one of the typical size.
SIZE_SPREAD = 1.5


class InvalidImageError(TranslatableError):
    """Raised when the input is not an image that can be read."""


@dataclass(frozen=True)
class Die:
    """One die showing its top face: pip value, box in image pixels and confidence 0..1."""

    value: int
    box: Box
    confidence: float

    @property
    def unsure(self) -> bool:
        """True when the reading is likely enough to be wrong that a person should check it."""
        return self.confidence < UNSURE_BELOW

    @property
    def side(self) -> int:
        """The longer side of the box, in image pixels."""
        x0, y0, x1, y1 = self.box
        return max(x1 - x0, y1 - y0)

    @property
    def centre(self) -> tuple[float, float]:
        """Centre of the box, in image pixels."""
        x0, y0, x1, y1 = self.box
        return (x0 + x1) / 2, (y0 + y1) / 2


@dataclass(frozen=True)
class Reading:
    """All dice read from one image, in reading order (see `reading_order`)."""

    dice: list[Die] = field(default_factory=list)

    @property
    def values(self) -> list[int]:
        """The values of the dice, in reading order."""
        return [die.value for die in self.dice]

    def plausibility(self) -> list[float]:
        """How likely each die is a real die: its confidence, lowered the further its size
        is from the typical size of the sure dice (of all dice when none is sure)."""
        if not self.dice:
            return []
        sure = [d.side for d in self.dice if not d.unsure] or [d.side for d in self.dice]
        typical = float(np.median(sure))
        spread = np.log(SIZE_SPREAD) / np.sqrt(2 * np.log(2))
        return [
            d.confidence * float(np.exp(-(np.log(max(d.side, 1) / typical) ** 2) / (2 * spread**2)))
            for d in self.dice
        ]

    def most_plausible(self, count: int) -> tuple[list[Die], list[Die]]:
        """The `count` most plausible dice (`plausibility`) and the others, each in
        reading order. No die is left out for one that is both less confident and
        further from the typical size."""
        ranked = np.argsort(-np.asarray(self.plausibility()), kind="stable")
        chosen = set(ranked[:count].tolist())
        kept = [d for i, d in enumerate(self.dice) if i in chosen]
        return kept, [d for i, d in enumerate(self.dice) if i not in chosen]


def reading_order(dice: list[Die]) -> list[Die]:
    """Sort dice into rows, top to bottom, then left to right within a row.

    A die joins the current row when its centre lies less than half the row's median
    die height below the row's first die, so dice at slightly different heights on
    one line still read left to right.
    """
    rows: list[list[Die]] = []
    for die in sorted(dice, key=lambda d: d.centre[1]):
        if rows:
            row = rows[-1]
            height = float(np.median([d.box[3] - d.box[1] for d in row]))
            if die.centre[1] - row[0].centre[1] < height / 2:
                row.append(die)
                continue
        rows.append([die])
    return [die for row in rows for die in sorted(row, key=lambda d: d.centre[0])]


def as_bgr(image: object) -> np.ndarray:
    """Return `image` as a contiguous 3-channel uint8 BGR array, or raise InvalidImageError.

    Accepts what cv2.imread gives (BGR), grayscale (2-D or one channel) and BGRA.
    """
    if image is None:
        raise InvalidImageError("image is None (was the file readable?)")
    if not isinstance(image, np.ndarray):
        raise InvalidImageError(
            "image must be a numpy array, not {kind}", kind=type(image).__name__
        )
    if image.dtype != np.uint8:
        raise InvalidImageError("image must have dtype uint8, not {dtype}", dtype=image.dtype)
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[:, :, 0]
    if image.ndim == 2:
        image = np.repeat(image[:, :, None], 3, axis=2)
    elif image.ndim == 3 and image.shape[2] == 4:
        image = image[:, :, :3]
    elif image.ndim != 3 or image.shape[2] != 3:
        raise InvalidImageError("image must be HxW, HxWx3 or HxWx4, not {shape}", shape=image.shape)
    if image.shape[0] == 0 or image.shape[1] == 0:
        raise InvalidImageError("image is empty: shape {shape}", shape=image.shape)
    return np.ascontiguousarray(image)
