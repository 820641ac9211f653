"""Match a group of pip centres to the six pip layouts of a die: value, pose and fit."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Occupied cells of the 3x3 grid, (column, row) in -1..1, for each value. Faces that
# are not symmetric under a quarter turn (2, 3, 6) list both orientations.
LAYOUTS: dict[int, tuple[frozenset[tuple[int, int]], ...]] = {
    1: (frozenset({(0, 0)}),),
    2: (frozenset({(-1, -1), (1, 1)}), frozenset({(-1, 1), (1, -1)})),
    3: (frozenset({(-1, -1), (0, 0), (1, 1)}), frozenset({(-1, 1), (0, 0), (1, -1)})),
    4: (frozenset({(-1, -1), (-1, 1), (1, -1), (1, 1)}),),
    5: (frozenset({(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)}),),
    6: (
        frozenset({(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)}),
        frozenset({(-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)}),
    ),
}
LAYOUT_MASKS = {
    value: np.array([sum(1 << ((c + 1) * 3 + (r + 1)) for c, r in cells) for cells in layouts])
    for value, layouts in LAYOUTS.items()
}
# Poses tried: direction of the grid's columns, and skew of its rows away from square
# (a face seen at a slant is a parallelogram).
ANGLES = np.deg2rad(np.arange(0.0, 180.0, 2.0))
SKEWS = np.deg2rad(np.arange(-30.0, 31.0, 6.0))
# Largest ratio of column to row spacing accepted (sixes run about 1.4).
MAX_STEP_ASPECT = 1.8


def _outer_step(coordinate: np.ndarray) -> np.ndarray:
    """Per angle, the mean distance of the outer pips from the centre along one axis."""
    extent = np.abs(coordinate)
    outer = extent > 0.5 * extent.max(axis=1, keepdims=True)
    return np.maximum((extent * outer).sum(axis=1) / np.maximum(outer.sum(axis=1), 1), 1e-6)


@dataclass(frozen=True)
class LayoutFit:
    """Best layout for a set of pips: value, grid angle (radians), grid step and error.

    `error` is the largest distance of a pip from its grid cell, in grid steps
    (0 for a perfect layout); `step` is the geometric mean of the column and row
    spacing. The face centre is the centroid of the pips.
    """

    value: int
    angle: float
    step: float
    error: float
    centre: tuple[float, float]


def _poses(skews: np.ndarray) -> tuple[np.ndarray, ...]:
    """Column directions, row directions and their unit vectors for every angle and
    skew."""
    first = np.repeat(ANGLES, len(skews))
    second = first + np.pi / 2 + np.tile(skews, len(ANGLES))
    e1 = np.stack([np.cos(first), np.sin(first)], axis=1)[:, None, :]
    e2 = np.stack([np.cos(second), np.sin(second)], axis=1)[:, None, :]
    return first, second, e1, e2


SQUARE_POSES = _poses(np.zeros(1))
SKEWED_POSES = _poses(SKEWS)
# A square fit worse than this (grid steps) is retried with skewed poses.
SKEW_TRIGGER = 0.15


def fit_layout(points: np.ndarray, skewed: bool = True) -> LayoutFit | None:
    """Fit `points` (N x 2 pip centres) to the die layout with N pips, or None if N > 6
    or no pose of the 3x3 grid (rotation, column and row spacing, mild skew unless
    `skewed` is False) puts the pips on that layout's cells. Among equally good poses
    the squarest is taken."""
    n = len(points)
    if n == 0 or n > 6:
        return None
    centre = points.mean(axis=0)
    if n == 1:
        return LayoutFit(1, 0.0, 0.0, 0.0, (float(centre[0]), float(centre[1])))
    square = _fit_poses(points, centre, SQUARE_POSES)
    if not skewed or (square is not None and square.error <= SKEW_TRIGGER):
        return square
    skewed = _fit_poses(points, centre, SKEWED_POSES)
    if square is None or (skewed is not None and skewed.error < square.error):
        return skewed
    return square


def _fit_poses(
    points: np.ndarray, centre: np.ndarray, poses: tuple[np.ndarray, ...]
) -> LayoutFit | None:
    """The best of `poses` that puts the pips on their layout's cells, or None."""
    n = len(points)
    first, second, e1, e2 = poses
    offsets = points - centre
    # Coordinates of each pip in the (e1, e2) basis, by 2-D cross products.
    det = e1[..., 0] * e2[..., 1] - e1[..., 1] * e2[..., 0]
    u = (offsets[None, :, 0] * e2[..., 1] - offsets[None, :, 1] * e2[..., 0]) / det
    v = (e1[..., 0] * offsets[None, :, 1] - e1[..., 1] * offsets[None, :, 0]) / det
    # Every layout but the one has pips on both outer columns and outer rows; the
    # columns and rows may be spaced differently (sixes; faces seen at a slant).
    step_u, step_v = _outer_step(u), _outer_step(v)
    gu, gv = u / step_u[:, None], v / step_v[:, None]
    cu, cv = np.clip(np.rint(gu), -1, 1), np.clip(np.rint(gv), -1, 1)
    error = np.hypot(gu - cu, gv - cv).max(axis=1)
    aspect = np.maximum(step_u, step_v) / np.minimum(step_u, step_v)
    error = np.where(aspect <= MAX_STEP_ASPECT, error, np.inf)
    step = np.sqrt(step_u * step_v)
    # Each pose's occupied cells as a 9-bit mask; it must be one of the layout's.
    bits = np.left_shift(1, ((cu + 1) * 3 + (cv + 1)).astype(np.int64))
    masks = np.bitwise_or.reduce(bits, axis=1)
    valid = np.isin(masks, LAYOUT_MASKS[n]) & np.isfinite(error)
    if not valid.any():
        return None
    # Twos and threes fit many poses; among equal fits prefer square, unskewed ones.
    skew = np.abs(second - first - np.pi / 2)
    rank = np.where(valid, error + 0.05 * np.log(aspect) + 0.3 * skew, np.inf)
    k = int(np.argmin(rank))
    return LayoutFit(n, float(first[k]), float(step[k]), float(error[k]), tuple(centre.tolist()))
