"""Expected points carried with their expected squares, for the spread of a final score.

The solver's arrays are blocks shaped (channels, rows, states): channel 0 holds the
expected points still to come, channel 1 (when there is one) the expected square of
those points under the same play. Every choice is made on channel 0 alone, and the
chosen option's channel 1 comes along; averaging over dice treats both alike.
"""

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
    """Add ``points`` (certain, broadcast over the rows and states) to every value, in place:
    E[(x + p)^2] = E[x^2] + 2 p E[x] + p^2."""
    if block.shape[0] > 1:
        with np.errstate(invalid="ignore"):
            block[1] += points * (2 * block[0] + points)
    block[0] += points


def variance(means: np.ndarray, squares: np.ndarray) -> np.ndarray:
    """The variance from the mean and the expected square (never below 0 by rounding)."""
    found: np.ndarray = np.maximum(squares - means * means, 0.0)
    return found
