"""Drawn training scenes: dice of any colours on cloths, wood, checks and clutter.

Real photos cover two tables; drawn scenes show the finder and the reader other
tables, other dice and things that are not dice (coins, pens, blank tiles, batteries,
cable plugs, lit key symbols, a phone's edge). They are
for training only: accuracy is measured on real photos.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
from numpy.typing import NDArray

from vision import drawn


def colour(rng: np.random.Generator) -> np.ndarray:
    return rng.integers(0, 256, 3).astype(np.float32)


def _plane(size: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Pixel coordinates of a square turned by a random angle: (along, across)."""
    yy, xx = np.mgrid[:size, :size].astype(np.float32)
    angle = rng.uniform(0, math.pi)
    return (
        xx * math.cos(angle) + yy * math.sin(angle),
        -xx * math.sin(angle) + yy * math.cos(angle),
    )


def _normalised(t: np.ndarray) -> np.ndarray:
    normalised: np.ndarray = (t - t.min()) / max(1e-6, float(t.max() - t.min()))
    return normalised


def _blurred_noise(size: int, sigma: float, rng: np.random.Generator) -> np.ndarray:
    noise = rng.normal(0, 1, (size, size)).astype(np.float32)
    return _normalised(cv2.GaussianBlur(noise, (0, 0), sigma))


def _checks(size: int, rng: np.random.Generator) -> np.ndarray:
    u, v = _plane(size, rng)
    period = rng.uniform(6, 70)
    return ((u // period + v // period) % 2).astype(np.float32)


def _stripes(size: int, rng: np.random.Generator) -> np.ndarray:
    u, _ = _plane(size, rng)
    return ((u // rng.uniform(6, 70)) % 2).astype(np.float32)


def _grain(size: int, rng: np.random.Generator) -> np.ndarray:
    u, v = _plane(size, rng)
    f = rng.uniform(3, 15)
    return (np.sin(u / f + np.sin(v / rng.uniform(20, 80)) * rng.uniform(1, 4)) + 1) / 2


def _felt(size: int, rng: np.random.Generator) -> np.ndarray:
    return _blurred_noise(size, rng.uniform(0.7, 4), rng) * rng.uniform(0.5, 2)


def _patches(size: int, rng: np.random.Generator) -> np.ndarray:
    t = np.zeros((size, size), np.float32)
    for _ in range(rng.integers(3, 12)):
        centre = tuple(int(v) for v in rng.integers(0, size, 2))
        axes = tuple(int(v) for v in rng.integers(10, size // 2, 2))
        cv2.ellipse(t, centre, axes, rng.uniform(0, 180), 0, 360, float(rng.random()), -1)
    return t


def _woven(size: int, rng: np.random.Generator) -> np.ndarray:
    """Plain, basket or twill weave: threads over and under each other, each rounded."""
    u, v = _plane(size, rng)
    period = rng.uniform(3, 20)
    step = int(rng.integers(1, 4))
    span = int(rng.integers(1, 3))
    i, j = np.floor(u / period), np.floor(v / period)
    warp_up = ((i + step * j) // span) % 2 == 0
    across = np.where(warp_up, u / period - i, v / period - j)
    t = np.where(warp_up, 0.75, 0.35) + 0.5 * np.sin(math.pi * across) - 0.25
    return t + 0.3 * _blurred_noise(size, 1.0, rng)


def _pile(size: int, rng: np.random.Generator) -> np.ndarray:
    """Carpet or knit: dense bright loops of yarn with dark gaps between them."""
    loops = _blurred_noise(size, rng.uniform(1.0, 3.5), rng)
    t = 1 / (1 + np.exp(-(loops - rng.uniform(0.45, 0.6)) * rng.uniform(10, 30)))
    return t + 0.2 * _blurred_noise(size, 0.7, rng)


def _dots(size: int, rng: np.random.Generator) -> np.ndarray:
    """Polka dots, perforations or a halftone: a grid of round marks, as dark as pips."""
    u, v = _plane(size, rng)
    period = rng.uniform(5, 40)
    shift = 0.5 * (np.floor(v / period) % 2) if rng.random() < 0.5 else 0.0
    du = (u / period + shift) % 1 - 0.5
    dv = (v / period) % 1 - 0.5
    radius = rng.uniform(0.12, 0.35)
    return (np.hypot(du, dv) > radius).astype(np.float32)


def _keys(size: int, rng: np.random.Generator) -> np.ndarray:
    """A keyboard, a phone keypad or tiles: rows of rounded keys with glyphs, some lit."""
    t = np.full((size, size), int(rng.uniform(0, 80)), np.uint8)
    key = rng.uniform(12, 60)
    gap = key * rng.uniform(0.1, 0.3)
    glyphs = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:.#*"
    top = int(rng.uniform(-key, 0))
    while top < size:
        left = int(rng.uniform(-key, 0))
        while left < size:
            shade = int(rng.uniform(120, 255))
            cv2.rectangle(t, (left, top), (int(left + key), int(top + key)), shade, -1)
            glyph = str(rng.choice(list(glyphs)))
            scale = key / 50
            lit = 255 if rng.random() < 0.3 else 0
            cv2.putText(
                t,
                glyph,
                (int(left + key * 0.25), int(top + key * 0.7)),
                cv2.FONT_HERSHEY_SIMPLEX,
                scale,
                lit,
                max(1, int(key / 25)),
                cv2.LINE_AA,
            )
            left += int(key + gap)
        top += int(key + gap)
    return cv2.GaussianBlur(t.astype(np.float32) / 255, (0, 0), 0.7)


def _printed(size: int, rng: np.random.Generator) -> np.ndarray:
    """Paper with print: lines of text, numbers, bullets and ruled lines."""
    t = np.full((size, size), 255, np.uint8)
    line = rng.uniform(8, 30)
    y = rng.uniform(0, line)
    while y < size:
        kind = rng.random()
        if kind < 0.15:
            cv2.line(t, (0, int(y)), (size, int(y)), 150, 1, cv2.LINE_AA)
        else:
            x = int(rng.uniform(-line, line))
            if kind < 0.3:
                cv2.circle(t, (x + int(line), int(y)), max(1, int(line / 6)), 0, -1, cv2.LINE_AA)
                x += int(2 * line)
            words = "".join(rng.choice(list("abcdefghijklmnopqrstuvwxyz0123456789 ,."), 40))
            cv2.putText(
                t, words, (x, int(y)), cv2.FONT_HERSHEY_SIMPLEX, line / 40, 0, 1, cv2.LINE_AA
            )
        y += line
    return t.astype(np.float32) / 255


def _tray(size: int, rng: np.random.Generator) -> np.ndarray:
    """A dice tray: felt floor, a lit wall along one side and the screws that hold it."""
    t = _felt(size, rng) * 0.4
    wall = int(rng.uniform(0.1, 0.4) * size)
    ramp = np.linspace(0.6, 1.0, wall, dtype=np.float32)[:, None]
    t[:wall] = ramp
    for x in np.arange(rng.uniform(0, 60), size, rng.uniform(40, 120)):
        cv2.circle(t, (int(x), wall // 2), max(2, wall // 6), 0.2, -1, cv2.LINE_AA)
    return np.rot90(t, int(rng.integers(4))).copy()


# Tables and cloths to draw dice on. The last six are textures that grow phantom dice
# in readers that only look at small marks: woven cloth, carpet and knit, dotted
# prints, keyboards, printed paper and dice trays.
SURFACES = (
    lambda size, rng: np.zeros((size, size), np.float32),
    _checks,
    _stripes,
    _grain,
    _felt,
    _patches,
    _woven,
    _pile,
    _dots,
    _keys,
    _printed,
    _tray,
)


def background(
    size: int,
    rng: np.random.Generator,
    surface: Callable[[int, np.random.Generator], np.ndarray] | None = None,
) -> np.ndarray:
    """A table of `surface` (one of SURFACES, a random one by default) in two random
    colours, under uneven light."""
    a, b = colour(rng), colour(rng)
    surface = surface or SURFACES[rng.integers(len(SURFACES))]
    if surface is _felt:
        b = a + rng.normal(0, 40, 3)
    t = np.clip(surface(size, rng), 0, 1.5)
    yy, xx = np.mgrid[:size, :size].astype(np.float32)
    image = a * (1 - t[..., None]) + b * t[..., None]
    light = (
        1 + rng.uniform(-0.4, 0.4) * (xx / size - 0.5) + rng.uniform(-0.4, 0.4) * (yy / size - 0.5)
    )
    table: NDArray[np.uint8] = np.clip(image * light[..., None], 0, 255).astype(np.uint8)
    return table


def clutter(image: np.ndarray, rng: np.random.Generator) -> None:
    """Things that are not dice, of about a die's size or less: coins and rings, pens,
    blank tiles, scribbles, batteries, pen caps, cable plugs, lit key symbols and the
    edge of a phone."""
    size = image.shape[0]
    for _ in range(rng.integers(0, 6)):
        thing = THINGS[rng.integers(len(THINGS))]
        thing(image, rng.uniform(0, size, 2), rng.uniform(5, 60), colour(rng), rng)


Thing = Callable[[np.ndarray, np.ndarray, float, np.ndarray, np.random.Generator], None]


def _point(p: np.ndarray) -> tuple[int, int]:
    return int(p[0]), int(p[1])


def _shade(c: np.ndarray) -> tuple[float, ...]:
    return tuple(float(v) for v in c)


def _turned_box(
    image: np.ndarray, centre: np.ndarray, size: tuple[float, float], angle: float, c: np.ndarray
) -> None:
    box = cv2.boxPoints(((float(centre[0]), float(centre[1])), size, angle))
    cv2.fillConvexPoly(image, box.astype(np.int32), _shade(c), cv2.LINE_AA)


def _ring(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """A coin, a ring or a dot."""
    width = int(rng.choice([-1, 2, 4]))
    cv2.circle(image, _point(centre), int(r), _shade(c), width, cv2.LINE_AA)


def _pen(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """A pen or a cable: a straight stroke."""
    end = centre + rng.normal(0, 80, 2)
    cv2.line(image, _point(centre), _point(end), _shade(c), int(rng.integers(2, 12)), cv2.LINE_AA)


def _tile(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """A blank tile or a token, about square."""
    _turned_box(image, centre, (r, r * rng.uniform(0.8, 1.25)), rng.uniform(0, 90), c)


def _scribble(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    points = (centre + np.cumsum(rng.normal(0, 8, (12, 2)), axis=0)).astype(np.int32)
    cv2.polylines(image, [points], False, _shade(c), int(rng.integers(1, 4)), cv2.LINE_AA)


def _battery(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """A battery from its side (a tube with a metal end and its nub) or from its end
    (a metal disc in a rim, a bump in the middle)."""
    metal = np.full(3, rng.uniform(150, 230))
    if rng.random() < 0.5:
        angle = rng.uniform(0, 180)
        along = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
        _turned_box(image, centre, (2.6 * r, r), angle, c)
        _turned_box(image, centre + along * 1.2 * r, (0.25 * r, r), angle, metal)
        _turned_box(image, centre + along * 1.4 * r, (0.2 * r, 0.35 * r), angle, metal)
    else:
        cv2.circle(image, _point(centre), int(r), _shade(c), -1, cv2.LINE_AA)
        cv2.circle(image, _point(centre), int(0.8 * r), _shade(metal), -1, cv2.LINE_AA)
        cv2.circle(image, _point(centre), max(1, int(0.25 * r)), _shade(metal * 0.7), -1)


def _pen_cap(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """A pen cap: a short rounded bar with its clip along it."""
    angle = rng.uniform(0, 180)
    along = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
    _turned_box(image, centre, (2.2 * r, 0.6 * r), angle, c)
    cv2.circle(image, _point(centre + along * 1.1 * r), int(0.3 * r), _shade(c), -1, cv2.LINE_AA)
    clip = c * rng.uniform(0.4, 1.6)
    start, end = centre - along * 0.2 * r, centre + along * 1.0 * r
    cv2.line(image, _point(start), _point(end), _shade(np.clip(clip, 0, 255)), max(1, int(r / 8)))


def _plug(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """A cable's plug: a metal shell with dark slots, its cable running off."""
    angle = rng.uniform(0, 180)
    along = np.array([math.cos(math.radians(angle)), math.sin(math.radians(angle))])
    across = np.array([-along[1], along[0]])
    end = centre - along * rng.uniform(2, 6) * r
    cv2.line(image, _point(centre), _point(end), _shade(c), max(2, int(0.3 * r)), cv2.LINE_AA)
    _turned_box(image, centre, (0.9 * r, 0.7 * r), angle, np.full(3, rng.uniform(140, 220)))
    for side in (-0.15, 0.15):
        _turned_box(image, centre + across * side * r, (0.5 * r, 0.12 * r), angle, np.zeros(3))


def _lit_key(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """A dark key with a glowing symbol on it (#, *, @, a dot, an arrow, a ring)."""
    _turned_box(image, centre, (r, r), rng.uniform(-10, 10), c * 0.25)
    drawn_glyph = np.zeros(image.shape[:2], np.uint8)
    symbol = str(rng.choice(list("#*@o+>=")))
    scale = r / 40
    place = _point(centre + np.array([-0.3 * r, 0.3 * r]))
    cv2.putText(
        drawn_glyph, symbol, place, cv2.FONT_HERSHEY_SIMPLEX, scale, 255, max(1, int(r / 20))
    )
    glyph = drawn_glyph.astype(np.float32) / 255
    glow = cv2.GaussianBlur(glyph, (0, 0), max(0.5, r / 30))
    light = np.clip(glyph + 0.8 * glow, 0, 1)[..., None]
    lit = np.array([rng.uniform(150, 255) for _ in range(3)])
    image[:] = np.clip(image * (1 - light) + lit * light, 0, 255).astype(image.dtype)


def _phone_edge(
    image: np.ndarray, centre: np.ndarray, r: float, c: np.ndarray, rng: np.random.Generator
) -> None:
    """The corner of a phone: a large dark slab with a camera lens or two."""
    angle = rng.uniform(0, 90)
    dark = np.full(3, rng.uniform(10, 60))
    _turned_box(image, centre, (6 * r, 10 * r), angle, dark)
    for k in range(int(rng.integers(1, 3))):
        lens = centre + np.array([0.6 * r, 0.8 * r * k])
        cv2.circle(image, _point(lens), int(0.4 * r), _shade(dark * 0.4), -1, cv2.LINE_AA)
        cv2.circle(image, _point(lens), int(0.4 * r), _shade(c), 1, cv2.LINE_AA)


THINGS: tuple[Thing, ...] = (
    _ring,
    _pen,
    _tile,
    _scribble,
    _battery,
    _pen_cap,
    _plug,
    _lit_key,
    _phone_edge,
)


def draw_die(
    image: np.ndarray, value: int, centre: np.ndarray, side: float, rng: np.random.Generator
) -> None:
    """A die seen from above or a little off it: rounded face, shading, rim, pips of one
    contrasting colour, sometimes a highlight and a shadow (vision.drawn.draw_die)."""
    face = colour(rng)
    if rng.random() < 0.4:
        face = np.full(3, rng.choice([rng.uniform(200, 255), rng.uniform(0, 50)]), np.float32)
    pip = colour(rng)
    while np.abs(face - pip).sum() < 150:
        pip = colour(rng)
    radius = rng.uniform(0.06, 0.11) * (1.4 if value == 1 and rng.random() < 0.5 else 1)
    drawn.draw_die(
        image,
        value,
        centre,
        side,
        rng.uniform(0, 360),
        face,
        pip,
        rim=rng.uniform(0.5, 0.85),
        corner=0.18,
        squash=rng.uniform(0.8, 1.0),
        spacing=rng.uniform(0.24, 0.3),
        pip_size=radius,
        shadow=rng.normal(0, 0.08, 2) if rng.random() < 0.6 else None,
        shadow_shade=0.4,
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
    centres: list[np.ndarray] = []
    values: list[int] = []
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
