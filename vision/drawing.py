"""Draw a reading onto a copy of the image: a box and a readable label per die."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.reading import Box, Die, Reading, as_bgr

SURE_COLOUR = (40, 170, 0)
UNSURE_COLOUR = (180, 0, 200)
ASIDE_COLOUR = (150, 150, 150)
TEXT_COLOUR = (255, 255, 255)
FONT = cv2.FONT_HERSHEY_SIMPLEX
# Label text is this share of the die's side high, but never smaller than this share
# of the image's longer side (it stays readable when the page shows the photo small).
TEXT_SHARE = 0.3
SMALLEST_TEXT = 0.018
LARGEST_TEXT = 0.06
FARTHEST_LABEL = 12


def label_text(die: Die, number: int | None) -> str:
    """'2: 5' for the die in row 2 showing five; '5? 45%' for an unsure die."""
    text = str(die.value)
    if die.unsure:
        text += f"? {die.confidence:.0%}"
    return text if number is None else f"{number}: {text}"


def text_scale(height: int, die_side: int, image_side: int) -> float:
    """The font scale that makes text `height`-like for this die and image."""
    wanted = min(max(TEXT_SHARE * die_side, SMALLEST_TEXT * image_side), LARGEST_TEXT * image_side)
    return wanted / height


def overlaps(a: Box, b: Box) -> bool:
    """True when two boxes share any pixels."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_label(
    box: Box, size: tuple[int, int], dice: list[Box], labels: list[Box], shape: tuple[int, int]
) -> Box:
    """Where a label of `size` (width, height) goes near a die's `box`, inside an image of
    `shape`: the nearest place above, below, right or left of the die, stepping outwards
    by a label's height up to FARTHEST_LABEL steps, that covers no other label and no
    die; failing that, one that covers no label; failing that, above the die."""
    x0, y0, x1, y1 = box
    w, h = size
    height, width = shape

    def inside(x: int, y: int) -> Box:
        x = min(max(0, x), max(0, width - w))
        y = min(max(0, y), max(0, height - h))
        return (x, y, x + w, y + h)

    places = [
        inside(x, y)
        for step in range(FARTHEST_LABEL)
        for x, y in (
            (x0, y0 - h - step * h),
            (x0, y1 + step * h),
            (x1 + step * h, y0),
            (x0 - w - step * h, y0),
        )
    ]
    for avoid in (labels + dice, labels):
        for place in places:
            if not any(overlaps(place, other) for other in avoid):
                return place
    return places[0]


@dataclass(frozen=True)
class Label:
    """One die's label: its text, colour, font scale and stroke, and where it goes."""

    text: str
    colour: tuple[int, int, int]
    scale: float
    thickness: int
    box: Box


def die_colour(die: Die, number: int | None, numbered: bool) -> tuple[int, int, int]:
    """Grey for a die set aside, the unsure colour for an unsure die, else the sure one."""
    if numbered and number is None:
        return ASIDE_COLOUR
    return UNSURE_COLOUR if die.unsure else SURE_COLOUR


def layout_labels(
    reading: Reading, numbers: Sequence[int | None] | None, shape: tuple[int, int]
) -> list[Label]:
    """The label of each die of `reading` in an image of `shape` (height, width): sized to
    the die, placed beside it where it covers no die and no earlier label."""
    height, width = shape
    numbers = list(numbers) if numbers is not None else [None] * len(reading.dice)
    if len(numbers) != len(reading.dice):
        raise ValueError(f"{len(numbers)} numbers for {len(reading.dice)} dice")
    numbered = any(n is not None for n in numbers)
    (_, digit_height), _ = cv2.getTextSize("0", FONT, 1.0, 1)
    boxes = [die.box for die in reading.dice]
    placed: list[Box] = []
    labels = []
    for die, number in zip(reading.dice, numbers, strict=True):
        text = label_text(die, number)
        scale = text_scale(digit_height, die.side, max(height, width))
        thickness = max(1, round(scale * 2))
        (text_w, text_h), baseline = cv2.getTextSize(text, FONT, scale, thickness)
        pad = max(2, text_h // 4)
        size = (text_w + 2 * pad, text_h + baseline + 2 * pad)
        box = place_label(die.box, size, boxes, placed, shape)
        placed.append(box)
        labels.append(Label(text, die_colour(die, number, numbered), scale, thickness, box))
    return labels


def annotate(
    image: np.ndarray, reading: Reading, numbers: Sequence[int | None] | None = None
) -> np.ndarray:
    """A BGR copy of `image` with each die's box and label drawn on it.

    Labels give the value, and for unsure dice (`Die.unsure`) a question mark and the
    confidence in percent, in a colour of their own. `numbers`, one per die, puts a row
    number before the value; a die whose number is None is then drawn grey, as set
    aside. Labels are sized to their die and never cover each other (`layout_labels`).
    """
    out = as_bgr(image).copy()
    line = max(1, round(max(out.shape[:2]) / 400))
    for die, label in zip(
        reading.dice, layout_labels(reading, numbers, out.shape[:2]), strict=True
    ):
        x0, y0, x1, y1 = die.box
        cv2.rectangle(out, (x0, y0), (x1, y1), label.colour, line)
        lx0, ly0, lx1, ly1 = label.box
        cv2.rectangle(out, (lx0, ly0), (lx1, ly1), label.colour, -1)
        (_, text_h), baseline = cv2.getTextSize(label.text, FONT, label.scale, label.thickness)
        pad = (ly1 - ly0 - text_h - baseline) // 2
        cv2.putText(
            out,
            label.text,
            (lx0 + pad, ly1 - pad - baseline),
            FONT,
            label.scale,
            TEXT_COLOUR,
            label.thickness,
            cv2.LINE_AA,
        )
    return out
