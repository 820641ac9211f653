"""Hard examples for the reader: what the shipped finder marks on tables with no die.

The finder marks many spots on a textured table (key glyphs, weave, print); the reader
must call each of them no face. Crops of those very spots, framed as `vision.values`
frames them, teach it the finder's own mistakes rather than random patches.
"""

from __future__ import annotations

import numpy as np

from training.scenes import background, clutter
from vision.finder import find_faces
from vision.reader import MAX_READ
from vision.values import face_crop

# Drawn tables are this many pixels across, a photo's usual working size and more.
TABLE_SIDES = (360, 1000)


def mistaken_faces(tables: int, rng: np.random.Generator) -> list[np.ndarray]:
    """Reader crops of the hottest spots (at most MAX_READ each) the finder marks on
    `tables` drawn empty tables of random surfaces, with clutter on half of them."""
    crops = []
    for _ in range(tables):
        image = background(int(rng.integers(*TABLE_SIDES)), rng)
        if rng.random() < 0.5:
            clutter(image, rng)
        spots = sorted(find_faces(image), key=lambda s: -s.heat)[:MAX_READ]
        crops.extend(face_crop(image, spot) for spot in spots)
    return crops
