"""Input validation and image formats."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.scenes import draw_die, table
from vision import InvalidImageError, annotate, read_dice


@pytest.mark.parametrize(
    "bad",
    [
        None,
        np.zeros((0, 0, 3), np.uint8),
        np.zeros((10, 0), np.uint8),
        np.zeros((4, 4, 3), np.float32),
        np.zeros((4, 4, 2), np.uint8),
        np.zeros((2, 2, 2, 3), np.uint8),
        [[1, 2], [3, 4]],
    ],
)
def test_bad_input_raises_value_error(bad):
    with pytest.raises(InvalidImageError):
        read_dice(bad)
    assert issubclass(InvalidImageError, ValueError)


def test_one_pixel_image_has_no_dice():
    assert read_dice(np.zeros((1, 1, 3), np.uint8)).dice == []


def scene():
    image = table(colour=(150, 150, 150))
    draw_die(image, 4, (200, 240), 60, 10)
    draw_die(image, 6, (420, 240), 60, 50)
    return image


def test_grayscale_and_bgra_read_like_bgr():
    image = scene()
    gray = image[:, :, 1].copy()
    bgra = np.dstack([image, np.full(image.shape[:2], 255, np.uint8)])
    assert read_dice(image).values == [4, 6]
    assert read_dice(gray).values == [4, 6]
    assert read_dice(bgra).values == [4, 6]


def test_huge_image_boxes_are_in_full_resolution_pixels():
    image = table(4000, 3000, colour=(150, 150, 150))
    box = draw_die(image, 5, (2600, 1200), 300, 15)
    reading = read_dice(image)
    assert reading.values == [5]
    x, y = reading.dice[0].centre
    assert box[0] <= x <= box[2] and box[1] <= y <= box[3]


def test_annotate_draws_on_a_copy():
    image = scene()
    original = image.copy()
    out = annotate(image, read_dice(image))
    assert np.array_equal(image, original)
    assert out.shape == image.shape and not np.array_equal(out, image)
