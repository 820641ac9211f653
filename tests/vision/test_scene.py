"""What the rest of a photo says about a face: the sure dice's size at its height, and
no die inside another."""

import math

import pytest

from tests.vision.scenes import draw_die, table
from vision.confidence import SceneCalibration, scene_calibration
from vision.finder import Spot
from vision.reader import MIN_CONFIDENCE, read_dice
from vision.scene import Candidate, apart, in_scene, size_gaps

HEIGHT = 1000


def candidate(side: float, confidence: float, x: float = 100, y: float = 500) -> Candidate:
    return Candidate(Spot(x, y, side, 0.5), 1, 0.9, confidence)


def test_size_gaps_are_signed_log_ratios_to_the_sure_dice_at_one_height() -> None:
    sure = [candidate(20, 0.95), candidate(40, 0.99), candidate(30, 0.92)]
    gaps = size_gaps([*sure, candidate(15, 0.2), candidate(60, 0.5)], HEIGHT)
    expected = [math.log(20 / 30), math.log(40 / 30), 0.0, -math.log(2), math.log(2)]
    assert gaps == pytest.approx(expected)


def test_in_a_slanted_view_a_face_is_compared_with_the_dice_at_its_height() -> None:
    # Sure dice shrinking towards the top of the frame, as far dice do.
    sure = [candidate(60 * 0.5 ** (1 - y / HEIGHT), 0.99, y=y) for y in (200, 400, 600, 800)]
    far, near = candidate(30, 0.5, y=100), candidate(30, 0.5, y=900)
    gaps = size_gaps([*sure, far, near], HEIGHT)
    assert all(abs(gap) < 0.05 for gap in gaps[:4])
    assert abs(gaps[4]) < 0.2, "as small as the far dice: hardly a gap (the slope is shrunk)"
    assert gaps[5] < -0.5, "as small beside the near dice: far smaller"


def test_without_three_sure_dice_there_is_no_size_to_compare_with() -> None:
    found = [candidate(20, 0.95), candidate(40, 0.99), candidate(30, 0.6), candidate(10, 0.2)]
    assert size_gaps(found, HEIGHT) == [None] * 4


def test_the_scene_trusts_a_face_the_size_of_the_sure_dice_most() -> None:
    judge = scene_calibration()
    sure = [candidate(30, 0.95), candidate(32, 0.99), candidate(28, 0.92)]
    faces = [candidate(side, 0.3) for side in (8, 15, 30, 60, 120)]
    moved = [c.confidence for c in in_scene([*sure, *faces], judge, HEIGHT)[3:]]
    assert moved[0] < moved[1] < moved[2] > moved[3] > moved[4]
    assert moved[2] > in_scene([faces[2]], judge, HEIGHT)[0].confidence


def test_a_calibration_that_would_favour_odd_sizes_is_refused() -> None:
    with pytest.raises(ValueError, match="size"):
        SceneCalibration(face=1.0, smaller=0.5, larger=-1.0, company=0.0, bias=0.0)


def test_of_two_faces_in_one_place_only_the_likelier_is_a_die() -> None:
    die = candidate(60, 0.9, x=300, y=300)
    pip = candidate(15, 0.95, x=315, y=285)
    neighbour = candidate(60, 0.8, x=345, y=330)  # a slanted pile: boxes overlap by a quarter
    apart_ = apart([die, pip, neighbour])
    assert apart_ == [pip, neighbour], "the die's box holds the likelier pip"
    assert apart([candidate(60, 0.99, x=300, y=300), pip, neighbour])[1:] == [neighbour]


def test_a_pip_is_never_read_as_a_die_inside_its_own_die() -> None:
    image = table(640, 480)
    boxes = [
        draw_die(image, value, (120 + 130 * i, 240), 90, 15 * i)
        for i, value in enumerate((6, 5, 4, 1))
    ]
    dice = read_dice(image).dice
    assert sorted(d.value for d in dice) == [1, 4, 5, 6]
    assert all(d.confidence >= MIN_CONFIDENCE for d in dice)
    for d in dice:
        cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
        assert sum(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in boxes) == 1
