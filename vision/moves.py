"""Which dice stayed where they were between two readings of the same table.

A camera that follows a turn sees the held dice lie still while the others are rolled
again: a die stayed when the later reading shows a die in about the same place (its
centre within `REACH` of a die's side of the earlier one's) with the same value. A value
read unsure in either reading does not count against staying, so a die the reader
hesitates over in one of two frames is not taken for a die rolled again.
"""

from collections.abc import Sequence
from math import dist

from vision.reading import Die

REACH = 0.5
"""How far a die's centre may shift and it still counts as the same die lying still, in
die sides: a table knocked or a camera nudged moves every die a little, a die rolled
again lands elsewhere."""


def _same_value(before: Die, after: Die) -> bool:
    return before.value == after.value or before.unsure or after.unsure


def unmoved(before: Sequence[Die], after: Sequence[Die], reach: float = REACH) -> dict[int, int]:
    """Dice of `after` that stayed where a die of `before` lay: index in `after` to index
    in `before`, each die paired at most once, nearest pairs first."""
    pairs = []
    for i, earlier in enumerate(before):
        for j, later in enumerate(after):
            gap = dist(earlier.centre, later.centre)
            if gap <= reach * (earlier.side + later.side) / 2 and _same_value(earlier, later):
                pairs.append((gap, i, j))
    stayed: dict[int, int] = {}
    for _, i, j in sorted(pairs):
        if j not in stayed and i not in stayed.values():
            stayed[j] = i
    return stayed
