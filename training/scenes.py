"""Drawn training scenes: dice of any colours on cloths, wood, checks and clutter.

Real photos cover two tables; drawn scenes show the finder and the reader other
tables, other dice and things that are not dice (coins, pens, blank tiles). They are
for training only: accuracy is measured on real photos.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.benchmark import PIP_CELLS


def colour(rng: np.random.Generator) -> np.ndarray:
    return rng.integers(0, 256, 3).astype(np.float32)


def background(size: int, rng: np.random.Generator) -> np.ndarray:
    """A table: plain, checked, striped, grained, felted or a collage of patches."""
    yy, xx = np.mgrid[:size, :size].astype(np.float32)
    a, b = colour(rng), colour(rng)
    kind = rng.integers(6)
    if kind == 0:
        t = np.zeros((size, size), np.float32)
    elif kind in (1, 2):
        angle = rng.uniform(0, math.pi)
        u = xx * math.cos(angle) + yy * math.sin(angle)
        v = -xx * math.sin(angle) + yy * math.cos(angle)
        period = rng.uniform(6, 70)
        t = ((u // period) % 2).astype(np.float32)
        if kind == 1:
            t = ((u // period + v // period) % 2).astype(np.float32)
    elif kind == 3:
        f = rng.uniform(3, 15)
        t = (np.sin(xx / f + np.sin(yy / rng.uniform(20, 80)) * rng.uniform(1, 4)) + 1) / 2
    elif kind == 4:
        noise = rng.normal(0, 1, (size, size)).astype(np.float32)
        t = cv2.GaussianBlur(noise, (0, 0), rng.uniform(0.7, 4)) * rng.uniform(0.5, 2)
        t = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
        b = a + rng.normal(0, 40, 3)
    else:
        t = np.zeros((size, size), np.float32)
        for _ in range(rng.integers(3, 12)):
            centre = tuple(int(v) for v in rng.integers(0, size, 2))
            axes = tuple(int(v) for v in rng.integers(10, size // 2, 2))
            cv2.ellipse(t, centre, axes, rng.uniform(0, 180), 0, 360, float(rng.random()), -1)
    image = a * (1 - t[..., None]) + b * t[..., None]
    light = (
        1 + rng.uniform(-0.4, 0.4) * (xx / size - 0.5) + rng.uniform(-0.4, 0.4) * (yy / size - 0.5)
    )
    return np.clip(image * light[..., None], 0, 255).astype(np.uint8)


def clutter(image: np.ndarray, rng: np.random.Generator) -> None:
    """Things that are not dice: coins and rings, pens, blank tiles, scribbles."""
    size = image.shape[0]
    for _ in range(rng.integers(0, 6)):
        kind = rng.integers(4)
        c = tuple(float(v) for v in colour(rng))
        centre = rng.uniform(0, size, 2)
        r = rng.uniform(5, 60)
        if kind == 0:
            cv2.circle(
                image,
                tuple(int(v) for v in centre),
                int(r),
                c,
                int(rng.choice([-1, 2, 4])),
                cv2.LINE_AA,
            )
        elif kind == 1:
            end = centre + rng.normal(0, 80, 2)
            cv2.line(
                image,
                tuple(int(v) for v in centre),
                tuple(int(v) for v in end),
                c,
                int(rng.integers(2, 12)),
                cv2.LINE_AA,
            )
        elif kind == 2:
            box = cv2.boxPoints(
                (
                    (float(centre[0]), float(centre[1])),
                    (r, r * rng.uniform(0.8, 1.25)),
                    rng.uniform(0, 90),
                )
            )
            cv2.fillConvexPoly(image, box.astype(np.int32), c, cv2.LINE_AA)
        else:
            points = (centre + np.cumsum(rng.normal(0, 8, (12, 2)), axis=0)).astype(np.int32)
            cv2.polylines(image, [points], False, c, int(rng.integers(1, 4)), cv2.LINE_AA)


def rounded_square(half: float, corner: float) -> np.ndarray:
    """Outline points of a square of half-side `half` with corners of radius `corner`."""
    points = []
    for k, (sx, sy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
        t = np.linspace(k * math.pi / 2, (k + 1) * math.pi / 2, 6)
        arc = np.stack([np.cos(t), np.sin(t)], axis=1) * corner
        points.append(arc + np.array([sx, sy]) * (half - corner))
    return np.vstack(points)


def draw_die(
    image: np.ndarray, value: int, centre: np.ndarray, side: float, rng: np.random.Generator
) -> None:
    """A die seen from above or a little off it: rounded face, shading, rim, pips of one
    contrasting colour, sometimes a highlight and a shadow."""
    face = colour(rng)
    if rng.random() < 0.4:
        face = np.full(3, rng.choice([rng.uniform(200, 255), rng.uniform(0, 50)]), np.float32)
    pip = colour(rng)
    while np.abs(face - pip).sum() < 150:
        pip = colour(rng)
    angle = rng.uniform(0, 2 * math.pi)
    squash = rng.uniform(0.8, 1.0)
    c, s = math.cos(angle), math.sin(angle)
    frame = np.array([[c, -s], [s, c]]) @ np.diag([1.0, squash])
    half = side / 2
    corner = 0.18 * side
    if rng.random() < 0.6:
        shadow = np.array([[-half, -half], [half, -half], [half, half], [-half, half]]) @ frame.T
        shift = rng.normal(0, 0.08 * side, 2)
        cv2.fillConvexPoly(
            image,
            ((shadow + centre + shift) * 16).astype(np.int32),
            tuple(float(v) * 0.4 for v in face),
            cv2.LINE_AA,
            4,
        )
    outline = rounded_square(half, corner)
    polygon = (outline @ frame.T + centre) * 16
    rim = tuple(float(v) * rng.uniform(0.5, 0.85) for v in face)
    cv2.fillConvexPoly(image, polygon.astype(np.int32), rim, cv2.LINE_AA, 4)
    inner = (outline * rng.uniform(0.85, 0.95) @ frame.T + centre) * 16
    cv2.fillConvexPoly(image, inner.astype(np.int32), tuple(float(v) for v in face), cv2.LINE_AA, 4)
    step = rng.uniform(0.24, 0.3) * side
    radius = rng.uniform(0.06, 0.11) * side * (1.4 if value == 1 and rng.random() < 0.5 else 1)
    for gx, gy in PIP_CELLS[value]:
        p = frame @ np.array([gx * step, gy * step]) + centre
        cv2.circle(
            image,
            (round(p[0] * 16), round(p[1] * 16)),
            round(radius * 16),
            tuple(float(v) for v in pip),
            -1,
            cv2.LINE_AA,
            4,
        )
    if rng.random() < 0.3:
        spot = centre + rng.normal(0, 0.2 * side, 2)
        cv2.ellipse(
            image,
            tuple(int(v) for v in spot),
            (max(1, int(0.1 * side)), max(1, int(0.05 * side))),
            rng.uniform(0, 180),
            0,
            360,
            (250, 250, 250),
            -1,
            cv2.LINE_AA,
        )


def drawn_scene(
    size: int, rng: np.random.Generator, sides: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A drawn view: image, die centres, sides and values."""
    image = background(size, rng)
    clutter(image, rng)
    side = math.exp(rng.uniform(math.log(sides[0]), math.log(sides[1])))
    centres, values = [], []
    for _ in range(rng.integers(0, 8)):
        centre = rng.uniform(0, size, 2)
        if all(np.hypot(*(centre - other)) > 1.2 * side for other in centres):
            value = int(rng.integers(1, 7))
            draw_die(image, value, centre, side * rng.uniform(0.9, 1.1), rng)
            centres.append(centre)
            values.append(value)
    n = len(centres)
    return (
        image,
        np.array(centres, np.float32).reshape(n, 2),
        np.full(n, side, np.float32),
        np.array(values, np.int64),
    )


def drawn_face(size: int, frame: float, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """A `size`-pixel crop of one drawn die framed `frame` times its side, and its value."""
    side = rng.uniform(20, 90)
    canvas = int(side * frame)
    image = background(canvas, rng)
    value = int(rng.integers(1, 7))
    draw_die(
        image, value, np.array([canvas / 2, canvas / 2]) + rng.normal(0, 0.05 * side, 2), side, rng
    )
    return cv2.resize(image, (size, size), interpolation=cv2.INTER_AREA), value


def drawn_empty(size: int, rng: np.random.Generator) -> np.ndarray:
    """A `size`-pixel crop of drawn table and clutter with no die."""
    canvas = int(rng.integers(size, 4 * size))
    image = background(canvas, rng)
    clutter(image, rng)
    return cv2.resize(image, (size, size), interpolation=cv2.INTER_AREA)
