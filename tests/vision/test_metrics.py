"""The evaluation's matching and metrics on hand-made predictions."""

from __future__ import annotations

import pytest

from vision.metrics import PhotoScore, match_dice, score_photo, summarise

LABELS = [(3, [0, 0, 10, 10]), (5, [20, 0, 30, 10]), (6, [40, 0, 50, 10])]


def test_match_needs_centre_inside_label_box():
    predicted = [(3, [1, 1, 9, 9]), (5, [25, 5, 45, 15]), (2, [100, 100, 110, 110])]
    # second prediction's centre (35, 10) is in no box
    assert match_dice(predicted, LABELS) == [(0, 0)]


def test_match_is_one_to_one_nearest_first():
    predicted = [(5, [18, -2, 28, 8]), (5, [21, 1, 29, 9])]
    assert match_dice(predicted, LABELS) == [(1, 1)]


def test_score_counts_values_and_extras():
    predicted = [(3, [0, 0, 10, 10]), (4, [20, 0, 30, 10]), (1, [60, 60, 70, 70])]
    assert score_photo(predicted, LABELS) == PhotoScore(3, 3, 2, 1)


def test_summary_metrics():
    scores = [PhotoScore(3, 3, 2, 1), PhotoScore(2, 2, 2, 2), PhotoScore(0, 1, 0, 0)]
    summary = summarise(scores, [10.0, 20.0, 30.0])
    assert summary["recall"] == pytest.approx(4 / 5)
    assert summary["precision"] == pytest.approx(4 / 6)
    assert summary["precision, labelled photos"] == pytest.approx(4 / 5)
    assert summary["value accuracy"] == pytest.approx(3 / 4)
    assert summary["end-to-end accuracy"] == pytest.approx(3 / 5)
    assert summary["photos exactly right"] == pytest.approx(1 / 3)
    assert summary["exactly right photos"] == 1
    assert summary["false dice"] == 2, "one extra beside labelled dice, one on an empty photo"
    assert summary["false dice, labelled photos"] == 1
    assert summary["missed dice"] == 1
    assert summary["misread dice"] == 1
    assert summary["dice wrong end to end"] == 4
    assert summary["median ms"] == 20.0


def test_empty_photo_without_predictions_is_exact():
    assert score_photo([], []).exact
