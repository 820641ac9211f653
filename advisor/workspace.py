"""Arrays a thread reuses from batch to batch instead of asking for fresh memory.

Fresh memory for every batch's large arrays costs page faults that take longer than
the sums done in them.
"""

import numpy as np


class Workspace:
    """Named arrays of one thread, kept between batches of the same width."""

    def __init__(self) -> None:
        self._arrays: dict[str, np.ndarray] = {}

    def rows(self, name: str, rows: int, width: int) -> np.ndarray:
        """A float array of ``rows`` by ``width`` (its contents are left over from before)."""
        array = self._arrays.get(name)
        if array is None or array.shape[0] < rows or array.shape[1] != width:
            array = np.empty((rows, width))
            self._arrays[name] = array
        return array[:rows]
