"""Empty tables of every kind give no dice: real cloths and carpets, and drawn textures
that grow phantom dice in readers that look only at small marks."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import samples
from training.scenes import SURFACES, background
from vision import read_dice

SAMPLES = samples.FOLDER
# (sample photo, rows with no die in them)
EMPTY_BANDS = {"woven cloth": ("dice80.jpg", (0, 320)), "carpet": ("dice20.jpg", (0, 300))}


@pytest.mark.parametrize("surface", EMPTY_BANDS)
def test_real_empty_cloth_gives_no_dice(surface):
    name, (top, bottom) = EMPTY_BANDS[surface]
    band = cv2.imread(str(SAMPLES / name))[top:bottom]
    for scale in (0.5, 1.0, 2.0):
        image = cv2.resize(band, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        assert read_dice(image).dice == [], scale


# A 12-pixel asterisk on a key, a bright five-armed blob that fills the reader's whole
# view, still reads as a 4 (0.7 sure). Known and not hidden: the case fails, expectedly.
READ_AS_A_DIE = {("keys", 0)}


def _surface_name(surface) -> str:
    return surface.__name__.strip("_<>")


@pytest.mark.parametrize(
    ("surface", "seed"),
    [
        pytest.param(
            surface,
            seed,
            marks=[pytest.mark.xfail(strict=True, reason="an asterisk key reads as a die")]
            if (_surface_name(surface), seed) in READ_AS_A_DIE
            else [],
            id=f"{_surface_name(surface)}-{seed}",
        )
        for surface in SURFACES
        for seed in range(3)
    ],
)
def test_drawn_empty_tables_give_no_dice(surface, seed):
    image = background(720, np.random.default_rng(seed), surface)
    assert read_dice(image).dice == []
