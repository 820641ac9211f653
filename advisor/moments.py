"""Expected points carried with their higher moments, for the shape of a final score.

The solver's arrays are blocks shaped (channels, rows, states): channel k holds the
expected (k + 1)-th power of the points still to come under the advisor's play (channel
0 the expected points themselves). Every choice is made on channel 0 alone, and the
chosen option's other channels come along; averaging over dice treats all alike.
"""

import math

import numpy as np


def raise_to(best: np.ndarray, other: np.ndarray) -> None:
    """Where ``other`` is worth more than ``best`` (channel 0), take it, in place; a tie
    keeps ``best``."""
    if best.shape[0] == 1:
        np.maximum(best, other, out=best)
    else:
        np.copyto(best, other, where=other[:1] > best[:1])


def best_of(block: np.ndarray, axis: int) -> np.ndarray:
    """The option along ``axis`` (of a block's rows, not its channels) worth the most, the
    first of equals, with its other channels."""
    if block.shape[0] == 1:
        found: np.ndarray = block.max(axis=axis)
        return found
    pick = np.expand_dims(block[0].argmax(axis=axis - 1), (0, axis))
    return np.take_along_axis(block, pick, axis=axis).squeeze(axis)


def shift(block: np.ndarray, points: np.ndarray | float) -> None:
    """Add ``points`` (certain, broadcast over the rows and states) to every value, in
    place: E[(x + p)^n] is the sum over k of C(n, k) p^(n - k) E[x^k]."""
    if block.shape[0] == 1:
        block[0] += points
        return
    with np.errstate(invalid="ignore"):
        for power in range(block.shape[0], 0, -1):
            added = points**power
            for k in range(1, power):
                added = added + math.comb(power, k) * points ** (power - k) * block[k - 1]
            block[power - 1] += added


CHANNELS = 3


def spread_and_skew(moments: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The standard deviation and the skewness from the first three raw moments (rows of
    ``moments``); a spread of 0 (a certain rest) has skewness 0."""
    mean, square, cube = moments
    var = np.maximum(square - mean * mean, 0.0)
    third = cube - 3 * mean * square + 2 * mean**3
    spread = np.sqrt(var)
    with np.errstate(invalid="ignore", divide="ignore"):
        skew = np.where(spread > 1e-6, third / np.maximum(var, 1e-12) ** 1.5, 0.0)
    return spread, skew
