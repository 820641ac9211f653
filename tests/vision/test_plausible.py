"""Choosing the dice of a hand when a photo shows more: confidence and a consistent size."""

from __future__ import annotations

import itertools
from statistics import median

from hypothesis import given
from hypothesis import strategies as st

from vision import Die, Reading


def die(x: int, side: int, confidence: float, value: int = 3) -> Die:
    return Die(value, (x, 100, x + side, 100 + side), confidence)


def test_a_confident_die_of_the_usual_size_beats_a_small_phantom():
    real = [die(100 * k, 60, 0.97) for k in range(4)]
    last_real = die(500, 58, 0.62)
    phantom = die(700, 12, 0.9)
    kept, aside = Reading([*real, last_real, phantom]).most_plausible(5)
    assert kept == [*real, last_real]
    assert aside == [phantom]


def test_five_of_five_are_all_kept():
    dice = [die(100 * k, 60, 0.3 + 0.1 * k) for k in range(5)]
    assert Reading(dice).most_plausible(5) == (dice, [])


def test_kept_dice_stay_in_reading_order():
    dice = [die(100 * k, 60, c) for k, c in enumerate((0.5, 0.99, 0.4, 0.98, 0.97, 0.96))]
    kept, aside = Reading(dice).most_plausible(5)
    assert kept == [d for d in dice if d is not dice[2]]
    assert aside == [dice[2]]


dice_lists = st.lists(
    st.tuples(st.integers(8, 300), st.floats(0.3, 1.0)), min_size=6, max_size=12
).map(lambda specs: [die(400 * k, side, c) for k, (side, c) in enumerate(specs)])


@given(dice_lists)
def test_no_die_is_dropped_for_one_less_confident_and_further_from_the_usual_size(dice):
    reading = Reading(dice)
    kept, aside = reading.most_plausible(5)
    assert len(kept) == 5 and len(aside) == len(dice) - 5
    typical = median([d.side for d in dice if not d.unsure] or [d.side for d in dice])

    def off(d: Die) -> float:
        return max(d.side / typical, typical / d.side)

    for dropped, chosen in itertools.product(aside, kept):
        assert not (dropped.confidence > chosen.confidence and off(dropped) < off(chosen))
