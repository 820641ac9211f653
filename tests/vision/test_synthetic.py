"""Exact readings of synthetic scenes drawn by the tests."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.scenes import draw_die, patterned, table
from vision import read_dice

DARK = (20, 20, 20)
WHITE = (235, 235, 235)


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("angle", [0, 17, 33, 45, 71])
def test_every_value_at_every_rotation(value, angle):
    image = table()
    box = draw_die(image, value, (320, 240), 60, angle)
    reading = read_dice(image)
    assert reading.values == [value]
    x, y = reading.dice[0].centre
    assert box[0] <= x <= box[2] and box[1] <= y <= box[3]
    assert 0.0 <= reading.dice[0].confidence <= 1.0


@pytest.mark.parametrize(
    ("face", "pip", "background"),
    [
        (WHITE, DARK, (60, 110, 40)),
        (DARK, WHITE, (200, 200, 200)),
        ((40, 40, 200), WHITE, (150, 150, 150)),
        ((60, 180, 40), WHITE, (90, 60, 40)),
        ((40, 200, 230), DARK, (120, 120, 120)),
        ((180, 90, 30), (40, 220, 240), (220, 220, 220)),
    ],
)
def test_dice_colours(face, pip, background):
    image = table(colour=background)
    for k, value in enumerate([3, 4, 5, 6, 1]):
        draw_die(image, value, (80 + k * 120, 240), 64, 10 * k, face, pip)
    assert read_dice(image).values == [3, 4, 5, 6, 1]


def test_touching_dice_are_read_apart():
    image = table()
    draw_die(image, 5, (250, 240), 70, 0)
    draw_die(image, 6, (321, 240), 70, 0)
    draw_die(image, 2, (392, 240), 70, 0)
    assert read_dice(image).values == [5, 6, 2]


@pytest.mark.parametrize("side", [25, 400])
def test_scale_extremes(side):
    width, height = (640, 480) if side < 100 else (1280, 960)
    image = table(width, height)
    draw_die(image, 5, (width / 2 + 0.7 * side, height / 2), side, 20)
    draw_die(image, 3, (width / 2 - 0.7 * side, height / 2), side, 0)
    assert read_dice(image).values == [3, 5]


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (4000, 3000), (907, 1209)])
@pytest.mark.parametrize("share", [1 / 60, 1 / 20, 1 / 4])
def test_dice_from_a_sixtieth_to_a_quarter_of_the_shorter_side(width, height, share):
    side = share * min(width, height)
    image = table(width, height)
    draw_die(image, 2, (width / 2 - side, height / 2), side, 15)
    draw_die(image, 6, (width / 2 + side, height / 2), side, 40)
    assert read_dice(image).values == [2, 6]


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (4000, 3000), (907, 1209)])
@pytest.mark.parametrize("share", [1 / 3, 1 / 2])
def test_one_die_filling_the_view_is_one_die(width, height, share):
    image = table(width, height)
    draw_die(image, 6, (width / 2, height / 2), share * min(width, height), 25)
    assert read_dice(image).values == [6]


def test_empty_table_has_no_dice():
    assert read_dice(table(seed=3)).dice == []


def test_die_cut_by_edge_is_left_out():
    image = table()
    draw_die(image, 4, (10, 240), 60)
    draw_die(image, 2, (320, 240), 60)
    assert read_dice(image).values == [2]


def test_reading_order_is_rows_then_columns():
    image = table()
    draw_die(image, 1, (500, 100), 50)
    draw_die(image, 2, (120, 112), 50, 30)
    draw_die(image, 3, (320, 350), 50)
    assert read_dice(image).values == [2, 1, 3]


@pytest.mark.parametrize("kind", ["checker", "wood", "felt", "dark"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_patterned_tables_without_dice_give_none(kind, seed):
    assert read_dice(patterned(kind, seed=seed)).dice == []


@pytest.mark.parametrize("kind", ["checker", "wood", "felt", "dark"])
@pytest.mark.parametrize("blur", [0.0, 1.5])
def test_dice_on_patterned_tables(kind, blur):
    image = patterned(kind)
    for k, value in enumerate([3, 6, 1, 5, 2]):
        draw_die(image, value, (80 + k * 120, 240), 50, 15 * k)
    if blur:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    assert read_dice(image).values == [3, 6, 1, 5, 2]


@pytest.mark.parametrize(
    ("face", "pip"),
    [((40, 40, 200), WHITE), ((30, 30, 30), WHITE), ((40, 200, 230), DARK), (WHITE, DARK)],
)
def test_glare_spots_are_not_pips(face, pip):
    image = table(colour=(120, 120, 120))
    for k, value in enumerate([3, 6, 1, 5, 2]):
        draw_die(image, value, (80 + k * 120, 240), 60, 10 * k, face, pip)
    glare = np.zeros(image.shape[:2], np.float32)
    for k in range(5):
        cv2.ellipse(glare, (92 + k * 120, 226), (7, 4), 30, 0, 360, 1.0, -1)
    glare = cv2.GaussianBlur(glare, (0, 0), 2)[..., None]
    shiny = (image * (1 - glare) + 255 * glare).astype(np.uint8)
    assert read_dice(shiny).values == [3, 6, 1, 5, 2]
