"""Annotated photos: readable labels, sized to their dice, never on top of each other."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from vision import Die, Reading, annotate
from vision.drawing import ASIDE_COLOUR, SURE_COLOUR, UNSURE_COLOUR, layout_labels, overlaps


def crowded(side: int, count: int = 12) -> Reading:
    """A row of touching dice and a second row right under it."""
    dice = [
        Die(1 + k % 6, (x, y, x + side, y + side), 0.99 if k % 3 else 0.41)
        for k, (x, y) in enumerate(
            (40 + side * (k % (count // 2)), 200 + side * (k // (count // 2))) for k in range(count)
        )
    ]
    return Reading(dice)


@pytest.mark.parametrize("side", [20, 45, 90])
def test_labels_never_cover_each_other_and_stay_in_the_image(side):
    reading = crowded(side)
    labels = layout_labels(reading, None, (720, 1280))
    for a, b in itertools.combinations([label.box for label in labels], 2):
        assert not overlaps(a, b)
    for label in labels:
        x0, y0, x1, y1 = label.box
        assert 0 <= x0 < x1 <= 1280 and 0 <= y0 < y1 <= 720


def test_labels_grow_with_the_die_and_stay_readable_on_small_dice():
    small = layout_labels(Reading([Die(3, (100, 100, 112, 112), 0.9)]), None, (3000, 4000))[0]
    large = layout_labels(Reading([Die(3, (100, 100, 900, 900), 0.9)]), None, (3000, 4000))[0]
    assert large.box[3] - large.box[1] > 3 * (small.box[3] - small.box[1])
    assert small.box[3] - small.box[1] >= 0.015 * 4000


def test_confidence_is_a_percent_on_unsure_dice_only():
    reading = Reading([Die(6, (10, 10, 60, 60), 1.0), Die(2, (100, 10, 150, 60), 0.4567)])
    sure, unsure = layout_labels(reading, None, (200, 200))
    assert sure.text == "6"
    assert unsure.text == "2? 46%"
    assert sure.colour == SURE_COLOUR and unsure.colour == UNSURE_COLOUR


def test_numbers_match_rows_and_dice_set_aside_are_grey():
    reading = Reading([Die(5, (10, 10, 60, 60), 0.9), Die(4, (100, 10, 150, 60), 0.35)])
    kept, aside = layout_labels(reading, [1, None], (200, 200))
    assert kept.text == "1: 5"
    assert aside.colour == ASIDE_COLOUR


def test_annotate_draws_each_label_in_its_colour():
    image = np.zeros((300, 400, 3), np.uint8)
    reading = Reading([Die(5, (50, 100, 110, 160), 0.95), Die(1, (250, 100, 310, 160), 0.3)])
    out = annotate(image, reading)
    for colour in (SURE_COLOUR, UNSURE_COLOUR):
        assert (out == colour).all(axis=2).sum() > 200


def test_numbers_must_match_the_dice():
    reading = Reading([Die(5, (10, 10, 60, 60), 0.9)])
    with pytest.raises(ValueError):
        annotate(np.zeros((100, 100, 3), np.uint8), reading, [1, 2])
