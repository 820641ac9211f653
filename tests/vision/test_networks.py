"""The trained networks as shipped, and the small pieces around them."""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.scenes import draw_die, table
from vision.finder import WINDOW, Spot, find_faces, heat_maps, refine_peaks, separate, windows
from vision.networks import FINDER_FILE, FINDER_STRIDE, MODEL_DIR, READER_FILE
from vision.values import READER_INPUT, face_crop, read_values


def test_models_are_small_enough_to_commit():
    sizes = [(MODEL_DIR / name).stat().st_size for name in (FINDER_FILE, READER_FILE)]
    assert sum(sizes) < 2 * 1024 * 1024


@pytest.mark.parametrize(("height", "width"), [(16, 16), (37, 101), (480, 640)])
def test_heat_maps_cover_the_image_at_a_quarter_of_its_size(height, width):
    heat, log_side = heat_maps(np.zeros((height, width, 3), np.uint8))
    expected = (-(-height // FINDER_STRIDE), -(-width // FINDER_STRIDE))
    assert heat.shape == log_side.shape == expected
    assert ((heat >= 0) & (heat <= 1)).all()


def test_refine_peak_finds_the_centre_of_a_symmetric_peak():
    heat = np.zeros((9, 9))
    heat[3:6, 3:6] = [[0.2, 0.4, 0.2], [0.4, 1.0, 0.4], [0.2, 0.4, 0.2]]
    (x,), (y,) = refine_peaks(heat, np.array([4]), np.array([4]))
    assert (x, y) == pytest.approx((4.5, 4.5))


def test_refine_peak_leans_towards_the_hotter_side():
    heat = np.zeros((9, 9))
    heat[4, 3:6] = [0.1, 1.0, 0.9]
    (x,), (y,) = refine_peaks(heat, np.array([4]), np.array([4]))
    assert x > 4.5 + 0.3 and y == pytest.approx(4.5)


def test_refine_peak_at_the_border_stays_inside():
    heat = np.zeros((5, 5))
    heat[0, 0], heat[0, 1] = 1.0, 0.5
    (x,), (y,) = refine_peaks(heat, np.array([0]), np.array([0]))
    assert 0.5 <= x <= 1.5 and y == pytest.approx(0.5)


def test_separate_keeps_the_hotter_of_two_spots_on_one_face():
    hot, cool, far = Spot(100, 100, 40, 0.9), Spot(110, 105, 40, 0.5), Spot(160, 100, 40, 0.4)
    assert separate([cool, far, hot]) == [hot, far]


def test_face_crop_at_the_image_corner_is_full_size():
    image = np.full((50, 60, 3), 77, np.uint8)
    crop = face_crop(image, Spot(2, 3, 30, 1.0))
    assert crop.shape == (READER_INPUT, READER_INPUT, 3)
    assert (crop == 77).all()


def test_no_spots_read_no_values():
    assert read_values(np.zeros((20, 20, 3), np.uint8), []) == []


def test_spots_are_in_full_resolution_pixels_at_any_frame_size():
    for width, height, side in ((640, 480, 50), (1920, 1080, 120), (3000, 2000, 200)):
        image = table(width, height, colour=(140, 140, 140))
        box = draw_die(image, 6, (width * 0.3, height * 0.6), side, 25)
        spot = max(find_faces(image), key=lambda s: s.heat)
        assert box[0] <= spot.x <= box[2] and box[1] <= spot.y <= box[3]
        assert 0.6 * side <= spot.side <= 1.6 * side


def covers(box: tuple[int, int, int, int], x0: float, y0: float, x1: float, y1: float) -> bool:
    return box[0] <= x0 and box[1] <= y0 and box[2] >= x1 and box[3] >= y1


def test_windows_cover_a_square_around_each_spot_and_join_where_they_overlap():
    reach = WINDOW * 20 / 2
    far, near, nearer = Spot(100, 100, 20, 0.5), Spot(600, 400, 20, 0.5), Spot(620, 410, 20, 0.5)
    boxes = windows([far, near, nearer], 1000, 800, 10)
    assert len(boxes) == 2
    first, second = sorted(boxes)
    assert covers(first, 100 - reach, 100 - reach, 100 + reach, 100 + reach)
    assert covers(second, 600 - reach, 400 - reach, 620 + reach, 410 + reach)
    assert second[0] > first[2]


def test_windows_stay_inside_the_image_and_are_wide_enough_for_a_die_seen_too_small():
    (box,) = windows([Spot(5, 795, 2, 0.5)], 1000, 800, 30)
    assert box[0] == 0 and box[3] == 800
    assert covers(box, 0, 795 - WINDOW * 15, 5 + WINDOW * 15, 800)


def test_small_dice_far_apart_in_a_large_photo_are_found_where_they_are():
    image = table(4000, 3000, colour=(140, 140, 140))
    boxes = [draw_die(image, 4, centre, 50, 10) for centre in ((300, 250), (3600, 2700))]

    def on(box, spot):
        return box[0] <= spot.x <= box[2] and box[1] <= spot.y <= box[3]

    spots = [s for s in find_faces(image) if s.heat >= 0.5]
    assert all(any(on(box, s) for box in boxes) for s in spots)
    assert all(any(on(box, s) and 0.6 * 50 <= s.side <= 1.6 * 50 for s in spots) for box in boxes)
