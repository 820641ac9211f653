"""Hard examples for the reader: what the shipped finder marks where there is no die.

The finder marks many spots on a textured table (key glyphs, weave, print) and on the
things beside the dice (game pieces, tokens, a hand); the reader must call each of them
no face. Crops of those very spots, framed as `vision.values` frames them, teach it the
finder's own mistakes rather than random patches.
"""

from __future__ import annotations

import numpy as np

from training.data import Photo
from training.scenes import background, clutter
from vision import MAX_READ, SURE_DIE, Spot, candidates, face_crop, find_faces

# A spot whose centre is within this share of a labelled die's side of the die's centre
# marks that die.
SAME_DIE = 0.6
# Drawn tables are this many pixels across, a photo's usual working size and more.
TABLE_SIDES = (360, 1000)


def mistaken_faces(tables: int, rng: np.random.Generator) -> list[np.ndarray]:
    """Reader crops of the hottest spots (at most MAX_READ each) the finder marks on
    `tables` drawn empty tables of random surfaces, with clutter on half of them."""
    crops: list[np.ndarray] = []
    for _ in range(tables):
        image = background(int(rng.integers(*TABLE_SIDES)), rng)
        if rng.random() < 0.5:
            clutter(image, rng)
        spots = sorted(find_faces(image), key=lambda s: -s.heat)[:MAX_READ]
        crops.extend(face_crop(image, spot) for spot in spots)
    return crops


def mistaken_spots(photo: Photo) -> list[Spot]:
    """The spots the shipped networks find on a labelled photo away from every labelled
    die. A spot they read as a die at least SURE_DIE surely is left out: there an
    unlabelled die is likelier than a mistake."""
    spots = []
    for found in candidates(photo.image):
        near = np.hypot(*(photo.centres - (found.spot.x, found.spot.y)).T)
        if found.confidence < SURE_DIE and not (near < SAME_DIE * photo.sides).any():
            spots.append(found.spot)
    return spots
