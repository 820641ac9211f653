"""Arrays a thread reuses from batch to batch instead of asking for fresh memory.

Fresh memory for every batch's large arrays costs page faults that take longer than
the sums done in them.
"""

import numpy as np


class Workspace:
    """Named float arrays of one thread: each keeps its memory and only ever grows."""

    def __init__(self) -> None:
        self._memory: dict[str, np.ndarray] = {}

    def rows(self, name: str, rows: int, width: int) -> np.ndarray:
        """A contiguous float array of ``rows`` by ``width`` (holding what was there before)."""
        memory = self._memory.get(name)
        if memory is None or len(memory) < rows * width:
            memory = np.empty(rows * width)
            self._memory[name] = memory
        return memory[: rows * width].reshape(rows, width)

    def block(self, name: str, channels: int, rows: int, width: int) -> np.ndarray:
        """A contiguous float array of ``channels`` by ``rows`` by ``width``."""
        return self.rows(name, channels * rows, width).reshape(channels, rows, width)
