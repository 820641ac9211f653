"""Reads from many threads at once give exactly the dice of reads one at a time."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import cv2

from tests.vision.scenes import draw_die, patterned, table
from tests.vision.test_photos import PHOTOS
from vision import read_dice

THREADS = 6
ROUNDS = 4


def photos() -> list:
    """Real photos of several tables, and drawn ones of other sizes."""
    real = [cv2.imread(str(p)) for p in sorted(PHOTOS.glob("*/*.jpg"))[::8]]
    drawn = table(1280, 720)
    for k, value in enumerate((1, 3, 5, 6, 2)):
        draw_die(drawn, value, (200 + 220 * k, 360), 90, 12 * k)
    cloth = patterned("checker", 800, 600)
    draw_die(cloth, 4, (400, 300), 70, 30)
    return [*real, drawn, cloth]


def test_reads_in_parallel_equal_reads_one_at_a_time():
    images = photos()
    serial = [read_dice(image).dice for image in images]
    assert sum(len(dice) for dice in serial) > 20
    start = threading.Barrier(THREADS)

    def read_all(offset: int) -> list:
        start.wait()
        order = [(offset + k) % len(images) for k in range(len(images) * ROUNDS)]
        return [(i, read_dice(images[i]).dice) for i in order]

    with ThreadPoolExecutor(THREADS) as pool:
        results = [r for rs in pool.map(read_all, range(THREADS)) for r in rs]
    assert len(results) == THREADS * ROUNDS * len(images)
    for i, dice in results:
        assert dice == serial[i]
