"""Group pips into the faces they belong to.

Two pips share a face when they are alike in size, sit on faces of the same colour,
are close enough for one die (in units of their own size) and the straight line
between them stays on that face colour; touching dice are separated by the seam or
shadow between them and by their colour.
"""

from __future__ import annotations

import numpy as np

from vision.pips import Pip

# The farthest two pips of one face are opposite corners: about 4.3 pip diameters.
MAX_LINK = 4.9
MAX_SIZE_RATIO = 1.6
LINE_SAMPLES = 12


def _face_tolerance(a: Pip, b: Pip) -> float:
    return float(np.clip(0.3 * min(a.contrast, b.contrast), 25.0, 60.0))


def _line_on_face(image: np.ndarray, a: Pip, b: Pip, pips: np.ndarray) -> bool:
    """True when the segment a-b, away from any pip, keeps the colour of the faces."""
    # One sample per pixel, so a seam one pixel wide between touching dice is seen.
    samples = max(LINE_SAMPLES, int(np.hypot(a.x - b.x, a.y - b.y)) + 1)
    t = np.linspace(0.0, 1.0, samples)[:, None]
    points = np.array([a.x, a.y]) * (1 - t) + np.array([b.x, b.y]) * t
    gap = np.linalg.norm(points[:, None, :] - pips[None, :, :2], axis=2)
    free = (gap > 0.75 * pips[None, :, 2]).all(axis=1)
    if not free.any():
        return True
    h, w = image.shape[:2]
    xi = np.clip(np.rint(points[free, 0]), 0, w - 1).astype(np.intp)
    yi = np.clip(np.rint(points[free, 1]), 0, h - 1).astype(np.intp)
    colours = image[yi, xi].astype(np.float32)
    face = (np.array(a.face) + np.array(b.face)) / 2
    off = np.linalg.norm(colours - face, axis=1)
    return bool((off < _face_tolerance(a, b)).mean() >= 0.8)


def linked(image: np.ndarray, a: Pip, b: Pip, pips: np.ndarray) -> bool:
    """True when pips a and b look like two pips of one face."""
    size = (a.diameter + b.diameter) / 2
    if max(a.diameter, b.diameter) > MAX_SIZE_RATIO * min(a.diameter, b.diameter):
        return False
    if np.hypot(a.x - b.x, a.y - b.y) > MAX_LINK * size:
        return False
    if np.linalg.norm(np.subtract(a.face, b.face)) > _face_tolerance(a, b):
        return False
    return _line_on_face(image, a, b, pips)


def group_pips(image: np.ndarray, pips: list[Pip]) -> list[list[Pip]]:
    """Partition pips into groups that each look like one face (connected by links)."""
    parent = list(range(len(pips)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    table = np.array([[p.x, p.y, p.diameter] for p in pips]).reshape(-1, 3)
    order = np.argsort(table[:, 0]) if len(pips) else np.array([], int)
    for oi, i in enumerate(order):
        reach = MAX_LINK * table[i, 2] * MAX_SIZE_RATIO
        for j in order[oi + 1 :]:
            if table[j, 0] - table[i, 0] > reach:
                break
            if root(i) != root(j) and linked(image, pips[i], pips[j], table):
                parent[root(i)] = root(j)
    groups: dict[int, list[Pip]] = {}
    for i, pip in enumerate(pips):
        groups.setdefault(root(i), []).append(pip)
    return list(groups.values())
