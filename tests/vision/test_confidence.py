"""The calibrated confidence and the reading work it lets the reader spare."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import samples
from tests.vision.scenes import draw_die
from vision.confidence import Calibration, SceneCalibration, calibration, scene_calibration
from vision.finder import Spot
from vision.reader import MIN_CONFIDENCE, candidates, read_dice
from vision.scene import apart, in_scene
from vision.values import SURE_READING, class_probabilities, face_crop, read_values

SAMPLES = samples.FOLDER
beliefs = st.floats(0.01, 0.99)


@given(heat=beliefs, confidence=beliefs)
def test_probability_needed_is_what_reaches_that_confidence(heat, confidence):
    judge = Calibration(heat=2.0, value=1.3, bias=-3.0)
    needed = judge.probability_needed(heat, confidence)
    if 1e-3 < needed < 1 - 1e-3:
        assert judge(heat, needed) == pytest.approx(confidence, abs=1e-6)


@given(confidence=beliefs, gap=st.one_of(st.none(), st.floats(-3, 3)))
def test_no_photo_lifts_a_face_below_the_confidence_needed_to_that_confidence(confidence, gap):
    judge = SceneCalibration(face=0.9, smaller=-1.2, larger=-4.0, company=1.8, bias=-0.9)
    needed = judge.confidence_needed(confidence)
    if 1e-3 < needed < 1 - 1e-3:
        assert judge(needed, 0.0) == pytest.approx(confidence, abs=1e-6)
        assert judge(needed * 0.99, gap) < confidence


def test_a_hotter_spot_needs_a_less_sure_reading():
    judge = calibration()
    assert judge.probability_needed(0.8, 0.5) < judge.probability_needed(0.2, 0.5)
    assert judge.probability_needed(0.5, 0.9) > judge.probability_needed(0.5, 0.5)


def test_no_confidence_needs_no_probability():
    assert calibration().probability_needed(0.01, 0.0) == 0.0


def unsure_face() -> tuple[np.ndarray, Spot, np.ndarray]:
    """A drawn 3 blurred until the reader is unsure of it, its spot and the reader's
    first probabilities."""
    spot = Spot(60, 60, 40, 0.2)
    for blur in np.arange(1, 8, 0.25):
        image = np.full((120, 120, 3), 90, np.uint8)
        draw_die(image, 3, (60, 60), 40)
        image = cv2.GaussianBlur(image, (0, 0), blur)
        first = class_probabilities([face_crop(image, spot)])[0]
        if first.max() < SURE_READING:
            return image, spot, first
    raise AssertionError("the reader is sure of a die however blurred")


def test_an_unsure_face_is_read_again_only_when_it_could_matter():
    image, spot, first = unsure_face()
    once = (int(first[:6].argmax()) + 1, pytest.approx(first[:6].max()))
    assert read_values(image, [spot], needed=[1.0]) == [once]
    assert read_values(image, [spot], needed=[0.5]) != [once]


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.jpg")), ids=lambda p: p.stem)
def test_sparing_work_under_the_floor_reports_the_same_dice(path):
    image = cv2.imread(str(path))
    every = [c for c in candidates(image) if c.confidence >= MIN_CONFIDENCE]
    spared = [c for c in candidates(image, floor=MIN_CONFIDENCE) if c.confidence >= MIN_CONFIDENCE]
    assert spared == every
    assert every


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.jpg")), ids=lambda p: p.stem)
def test_the_reading_spares_only_work_that_could_not_change_its_dice(path):
    image = cv2.imread(str(path))
    judged = in_scene(candidates(image), scene_calibration(), image.shape[0])
    every = apart([c for c in judged if c.confidence >= MIN_CONFIDENCE])
    expected = sorted((c.value, round(c.confidence, 3)) for c in every)
    assert sorted((d.value, d.confidence) for d in read_dice(image).dice) == expected
