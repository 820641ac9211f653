"""Training views and targets: the labels must follow the pixels they describe."""

from __future__ import annotations

import math

import cv2
import numpy as np

from training.data import (
    SLANTED,
    Photo,
    empty_view,
    finder_targets,
    finder_view,
    part_view,
    reader_view,
    view_angle,
    warp,
)
from training.scenes import SURFACES, THINGS, background, drawn_scene
from vision.networks import FINDER_STRIDE


def test_targets_peak_at_each_centre_with_its_log_side():
    centres = np.array([[41.0, 83.0], [200.0, 30.0]], np.float32)
    sides = np.array([30.0, 60.0], np.float32)
    heat, log_side, mask = finder_targets(centres, sides, 256)
    assert heat.shape == (64, 64)
    for (x, y), side in zip(centres, sides, strict=True):
        row, col = int(y // FINDER_STRIDE), int(x // FINDER_STRIDE)
        assert heat[row, col] == 1.0
        assert mask[row, col] == 1.0
        assert math.isclose(log_side[row, col], math.log(side), rel_tol=1e-6)
    assert mask.sum() == 2
    assert (heat == 1.0).sum() == 2


def test_targets_ignore_dice_outside_the_view():
    outside = np.array([[-10.0, 50.0], [300.0, 20.0]])
    heat, _, mask = finder_targets(outside, np.array([30, 30]), 256)
    assert mask.sum() == 0
    assert heat.max() < 1.0


def test_warp_puts_the_chosen_point_at_the_centre_of_the_view():
    image = np.zeros((400, 600, 3), np.uint8)
    image[195:206, 295:306] = 255
    for scale in (0.5, 1.0, 1.7):
        view, m = warp(image, np.array([300.0, 200.0]), 30.0, scale, 128, (0, 0, 0))
        assert np.allclose(m @ [300, 200, 1], [64, 64], atol=1e-6)
        ys, xs = np.nonzero(view[:, :, 0] > 127)
        assert abs(xs.mean() - 64) < 1.5 and abs(ys.mean() - 64) < 1.5


def test_finder_view_keeps_labels_on_the_dice():
    image = np.full((300, 300, 3), 40, np.uint8)
    image[100:140, 150:190] = 250
    photo = Photo(image, np.array([[170.0, 120.0]], np.float32), np.array([40.0]), np.array([3]))
    rng = np.random.default_rng(5)
    for _ in range(20):
        view, centres, sides = finder_view(photo, 160, rng)
        (x, y), side = centres[0], sides[0]
        ring = [
            (x + 0.8 * side * math.cos(a), y + 0.8 * side * math.sin(a))
            for a in np.linspace(0, 2 * math.pi, 8, endpoint=False)
        ]
        if all(1 <= u < 159 and 1 <= v < 159 for u, v in [(x, y), *ring]):
            die = view[int(y) - 1 : int(y) + 2, int(x) - 1 : int(x) + 2].reshape(-1, 3).mean(0)
            table = np.median([view[int(v), int(u)] for u, v in ring], axis=0)
            assert np.abs(die - table).max() > 20
        assert 10 <= sides[0] <= 100


def test_drawn_scene_labels_one_value_per_die():
    rng = np.random.default_rng(2)
    for _ in range(10):
        image, centres, sides, values = drawn_scene(200, rng, (12, 60))
        assert image.shape == (200, 200, 3)
        assert len(centres) == len(sides) == len(values)
        assert set(values.tolist()) <= set(range(1, 7))


def test_views_of_slanted_photos_stay_nearly_upright():
    image = np.zeros((10, 10, 3), np.uint8)
    none = np.zeros((0, 2), np.float32)
    slanted = Photo(image, none, np.zeros(0), np.zeros(0), next(iter(SLANTED)))
    top_down = Photo(image, none, np.zeros(0), np.zeros(0), "byler-d6")
    rng = np.random.default_rng(3)
    slanted_turns = np.array([view_angle(slanted, rng) for _ in range(500)])
    top_down_turns = np.array([view_angle(top_down, rng) % 360 for _ in range(500)])
    assert np.abs(slanted_turns).max() < 90
    assert np.histogram(top_down_turns, bins=4, range=(0, 360))[0].min() > 80


def test_empty_views_range_from_a_close_look_to_a_wide_one():
    ys, xs = np.mgrid[0:400, 0:400]
    board = np.where((xs // 4 + ys // 4) % 2 == 0, 30, 220).astype(np.uint8)
    photo = Photo(np.dstack([board] * 3), np.array([[20.0, 20.0]]), np.array([40.0]), np.array([3]))
    rng = np.random.default_rng(0)
    squares = []
    for _ in range(300):
        crop = empty_view(photo, 32, rng)
        if crop is not None:
            grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
            dark = (grey < np.median(grey)).astype(np.uint8)
            squares.append(cv2.connectedComponents(dark, connectivity=4)[0] - 1)
    close_looks = np.mean(np.array(squares) <= 4)
    assert close_looks >= 0.05
    assert np.median(squares) < 25
    assert max(squares) >= 60


def test_every_surface_draws_a_whole_table():
    rng = np.random.default_rng(4)
    for surface in SURFACES:
        t = surface(96, rng)
        assert t.shape == (96, 96)
        assert np.isfinite(t).all()


def test_every_thing_is_drawn_where_it_lies_and_only_changes_pixels_there():
    rng = np.random.default_rng(6)
    for thing in THINGS:
        table = background(200, rng)
        image = table.copy()
        thing(image, np.array([100.0, 100.0]), 20.0, np.array([255.0, 0.0, 255.0]), rng)
        changed = np.argwhere((image != table).any(axis=2))
        assert len(changed), thing.__name__
        assert np.abs(np.median(changed, axis=0) - 100).max() < 40, thing.__name__
        assert image.dtype == np.uint8


def test_textured_surfaces_are_not_flat():
    rng = np.random.default_rng(5)
    for surface in SURFACES[1:]:
        assert np.std(surface(128, rng)) > 0.05, surface.__name__


def test_part_views_show_less_than_a_whole_die():
    image = np.full((300, 300, 3), 40, np.uint8)
    image[100:160, 100:160] = 250
    photo = Photo(image, np.array([[130.0, 130.0]], np.float32), np.array([60.0]), np.array([2]))
    rng = np.random.default_rng(6)
    plain = []
    for _ in range(40):
        grey = cv2.cvtColor(part_view(photo, 0, 32, rng), cv2.COLOR_BGR2GRAY).astype(int)
        plain.append(np.mean(np.abs(grey - np.median(grey)) < 30))
    assert np.median(plain) > 0.7, "a part view is mostly the die's own face, not its outline"


def test_plain_reader_views_keep_the_die_as_photographed():
    image = np.full((200, 200, 3), 200, np.uint8)
    image[70:130, 70:130] = (30, 30, 160)
    photo = Photo(image, np.array([[100.0, 100.0]], np.float32), np.array([60.0]), np.array([1]))
    rng = np.random.default_rng(8)
    for _ in range(20):
        centre = reader_view(photo, 0, 32, rng, plain=True)[12:20, 12:20].reshape(-1, 3)
        assert np.abs(centre.astype(int) - (30, 30, 160)).max() <= 2
    changed = [reader_view(photo, 0, 32, rng)[12:20, 12:20].mean(axis=(0, 1)) for _ in range(20)]
    assert np.ptp(changed, axis=0).max() > 40, "views that are not plain are recoloured"
