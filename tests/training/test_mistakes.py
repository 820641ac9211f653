"""The reader's hard examples from labelled photos: spots away from every labelled die."""

from __future__ import annotations

import numpy as np

import samples
from training.data import Photo, load_photo
from training.mistakes import SAME_DIE, mistaken_spots
from vision.reader import candidates
from vision.scene import SURE_DIE


def without_dice(photo: Photo, keep: np.ndarray) -> Photo:
    """`photo` with only the labels of the dice in `keep`."""
    return Photo(photo.image, photo.centres[keep], photo.sides[keep], photo.values[keep])


def test_no_mistaken_spot_lies_on_a_labelled_die():
    for path in samples.photos():
        photo = load_photo(path)
        for spot in mistaken_spots(photo):
            distance = np.hypot(*(photo.centres - (spot.x, spot.y)).T)
            assert (distance >= SAME_DIE * photo.sides).all(), path.name


def test_a_die_left_unlabelled_is_not_taken_for_a_mistake_when_read_surely():
    photo = load_photo(samples.photos()[0])
    sure = [c.spot for c in candidates(photo.image) if c.confidence >= SURE_DIE]
    assert len(sure) >= 3, "the sample shows dice read surely"
    unlabelled = without_dice(photo, np.arange(len(photo.values)) >= 2)
    kept = {(s.x, s.y) for s in mistaken_spots(unlabelled)}
    assert not kept & {(s.x, s.y) for s in sure}


def test_doubtful_spots_away_from_the_labels_are_mistakes():
    photo = load_photo(samples.photos()[0])
    doubtful = [c.spot for c in candidates(photo.image) if c.confidence < SURE_DIE]
    assert doubtful, "the finder marks more than the dice of the sample"
    unlabelled = without_dice(photo, np.zeros(len(photo.values), bool))
    kept = {(s.x, s.y) for s in mistaken_spots(unlabelled)}
    assert kept == {(s.x, s.y) for s in doubtful}
