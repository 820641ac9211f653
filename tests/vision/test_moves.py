"""Which dice stayed in place between two readings of one table."""

from vision import Die
from vision.moves import unmoved


def die(value: int, x: int, y: int, side: int = 40, confidence: float = 0.99) -> Die:
    return Die(value, (x, y, x + side, y + side), confidence)


def test_a_die_in_the_same_place_with_the_same_value_stayed():
    before = [die(6, 100, 100), die(2, 300, 100)]
    after = [die(3, 500, 400), die(6, 104, 97)]
    assert unmoved(before, after) == {1: 0}


def test_a_die_moved_further_than_half_its_side_or_showing_another_face_did_not_stay():
    before = [die(6, 100, 100), die(2, 300, 100)]
    after = [die(6, 125, 100), die(5, 300, 100)]
    assert unmoved(before, after) == {}


def test_a_value_read_unsure_does_not_count_against_staying():
    before = [die(2, 100, 100, confidence=0.45)]
    after = [die(3, 101, 100)]
    assert unmoved(before, after) == {0: 0}


def test_each_die_pairs_once_and_the_nearest_first():
    before = [die(4, 100, 100), die(4, 112, 100)]
    after = [die(4, 110, 100)]
    assert unmoved(before, after) == {0: 1}
    crowded = [die(4, 100, 100), die(4, 118, 100)]
    assert unmoved(crowded, [die(4, 101, 100), die(4, 117, 100)]) == {0: 0, 1: 1}


def test_no_dice_before_means_none_stayed():
    assert unmoved([], [die(1, 0, 0)]) == {}
