"""The solver's inner loops over rows of value blocks, compiled (``advisor/_kernel.c``)."""

import numpy as np

def mean_rows(
    block: np.ndarray, channels: int, width: int, targets: np.ndarray, sources: np.ndarray
) -> None:
    """Set each target row of ``block``, in order, to the mean of its sources' rows."""

def push_rows(
    block: np.ndarray, channels: int, width: int, targets: np.ndarray, sources: np.ndarray
) -> None:
    """``mean_rows`` backwards: each target row of ``block``, last first, divided among its
    sources' rows (added to each)."""

def raise_rows(
    best: np.ndarray,
    options: np.ndarray,
    channels: int,
    width: int,
    targets: np.ndarray,
    starts: np.ndarray,
    sources: np.ndarray,
) -> None:
    """Raise each target row of ``best``, in order, to each of its sources' rows of
    ``options`` where that is worth more on channel 0 (a tie keeps ``best``)."""

def pick_rows(
    values: np.ndarray,
    width: int,
    choices: np.ndarray,
    bonus: np.ndarray,
    best: np.ndarray,
    pick: np.ndarray,
    known: bool = False,
) -> None:
    """For each target (a row of ``choices``, row numbers of ``values`` with a ``bonus``
    each) and state: the most of a choice's value plus its bonus into ``best`` (with
    ``known``, already there), that choice's place into ``pick``; a tie goes to the
    larger bonus, then the earlier."""

def spread_pairs(
    out: np.ndarray,
    width: int,
    pair_starts: np.ndarray,
    points: np.ndarray,
    chances: np.ndarray,
    end_starts: np.ndarray,
    slots: np.ndarray,
    gains: np.ndarray,
    end_chances: np.ndarray,
) -> None:
    """For each state, each of its (points, chance) pairs and each end of its turn (slot,
    gain, chance): add the product of the chances to ``out[slot, points + gain]``."""

def read_rows(
    known: np.ndarray,
    start: float,
    steps: float,
    means: np.ndarray,
    spreads: np.ndarray,
    lows: np.ndarray,
    least: float,
    out: np.ndarray,
) -> None:
    """Each state's chance of each whole total from ``lows[i]`` on, read linearly from its
    distribution function tabulated in ``known`` at ``start + g / steps`` standard
    deviations, made to sum to 1; a spread below ``least`` is a certain total."""
