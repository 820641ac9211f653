"""The compiled inner loops: what they compute, and that they refuse what they cannot
use without touching the block."""

import numpy as np
import pytest

from advisor import _kernel


def block_of(channels: int, rows: int, width: int, seed: int = 1) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-5, 50, (channels, rows, width))


def test_mean_rows_sets_each_target_in_order_to_its_sources_mean() -> None:
    block = block_of(3, 6, 4)
    targets = np.array([1, 0])
    sources = np.array([[2, 3, 4], [1, 5, 5]])
    expected = block.copy()
    expected[:, 1] = (expected[:, 2] + expected[:, 3] + expected[:, 4]) / 3
    expected[:, 0] = (expected[:, 1] + expected[:, 5] + expected[:, 5]) / 3
    _kernel.mean_rows(block, 3, 4, targets, sources)
    np.testing.assert_array_equal(block, expected)


@pytest.mark.parametrize("channels", [1, 2, 3])
def test_raise_rows_takes_a_better_option_with_all_its_channels_and_keeps_ties(
    channels: int,
) -> None:
    best = block_of(channels, 2, 3)
    options = block_of(channels, 3, 3, seed=2)
    options[0, 0] = best[0, 0] + [1.0, 0.0, -1.0]
    options[0, 1] = -np.inf
    options[0, 2] = best[0, 1] + [0.0, 2.0, -np.inf]
    expected = best.copy()
    _kernel.raise_rows(
        best, options, channels, 3, np.array([0, 1]), np.array([0, 2, 3]), np.array([0, 1, 2])
    )
    expected[:, 0, 0] = options[:, 0, 0]
    expected[:, 1, 1] = options[:, 2, 1]
    np.testing.assert_array_equal(best, expected)


def test_no_targets_change_nothing() -> None:
    block = np.arange(8.0).reshape(1, 4, 2)
    nothing = np.zeros(0, np.int64)
    _kernel.mean_rows(block, 1, 2, nothing, nothing)
    _kernel.raise_rows(block, block, 1, 2, nothing, np.zeros(1, np.int64), nothing)
    np.testing.assert_array_equal(block, np.arange(8.0).reshape(1, 4, 2))


def test_raise_rows_may_raise_a_block_from_its_own_rows() -> None:
    block = np.array([[[1.0, 5.0], [3.0, 2.0], [0.0, 0.0]]])
    _kernel.raise_rows(block, block, 1, 2, np.array([2]), np.array([0, 2]), np.array([0, 1]))
    np.testing.assert_array_equal(block[0, 2], [3.0, 5.0])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"block": np.zeros((1, 4, 2), np.float32)}, "float64"),
        ({"targets": np.array([0], np.int32)}, "int64"),
        ({"targets": np.array([4])}, "outside"),
        ({"sources": np.array([[1, -1]])}, "outside"),
        ({"width": 3}, "not 1 channels"),
        ({"sources": np.array([[1, 2, 3]]), "targets": np.array([0, 1])}, "same number"),
        ({"sources": np.zeros((1, 0), np.int64)}, "at least one"),
    ],
)
def test_mean_rows_refuses_what_it_cannot_use_and_changes_nothing(
    change: dict[str, object], message: str
) -> None:
    given: dict[str, object] = {
        "block": np.arange(8.0).reshape(1, 4, 2),
        "width": 2,
        "targets": np.array([0]),
        "sources": np.array([[1, 2]]),
    }
    given |= change
    before = np.array(given["block"], copy=True)
    with pytest.raises((ValueError, TypeError), match=message):
        _kernel.mean_rows(given["block"], 1, given["width"], given["targets"], given["sources"])
    np.testing.assert_array_equal(given["block"], before)


@pytest.mark.parametrize(
    ("starts", "message"),
    [([0, 1], "run from 0"), ([1, 2, 2], "run from 0"), ([0, 3, 2], "never decrease")],
)
def test_raise_rows_refuses_runs_that_do_not_cover_the_sources(
    starts: list[int], message: str
) -> None:
    best = np.zeros((1, 2, 2))
    with pytest.raises(ValueError, match=message):
        _kernel.raise_rows(
            best, np.ones((1, 2, 2)), 1, 2, np.array([0, 1]), np.array(starts), np.array([0, 1])
        )
    assert not best.any()


def test_the_kernel_refuses_blocks_it_may_not_write_or_that_are_not_contiguous() -> None:
    frozen = np.zeros((1, 2, 2))
    frozen.flags.writeable = False
    with pytest.raises((ValueError, BufferError, TypeError)):
        _kernel.mean_rows(frozen, 1, 2, np.array([0]), np.array([[1]]))
    strided = np.zeros((1, 2, 4))[:, :, ::2]
    with pytest.raises((ValueError, BufferError, TypeError)):
        _kernel.mean_rows(strided, 1, 2, np.array([0]), np.array([[1]]))


def test_pick_rows_takes_the_most_value_plus_bonus_then_the_larger_bonus_then_the_earlier() -> None:
    values = np.array([[1.0, 4.0, -np.inf, 2.0], [3.0, 4.0, -np.inf, 2.0], [2.0, 1.0, 0.0, 2.0]])
    choices = np.array([[0, 1, 2], [2, 1, 0]])
    bonus = np.array([[0.0, 0.0, 1.0], [0.0, 0.0, 0.0]])
    best, pick = np.full((2, 4), np.nan), np.full((2, 4), -1)
    _kernel.pick_rows(values, 4, choices, bonus, best, pick)
    # Row 0, state by state: 3 + 0 ties 2 + 1 and the larger bonus wins; 4 + 0 ties 4 + 0
    # and the earlier wins; 0 + 1 beats -inf; 2 + 1 beats 2 + 0.
    np.testing.assert_array_equal(best[0], [3.0, 4.0, 1.0, 3.0])
    np.testing.assert_array_equal(pick[0], [2, 0, 2, 2])
    # Row 1: the same rows in another order, no bonus: ties go to the earlier place.
    np.testing.assert_array_equal(best[1], [3.0, 4.0, 0.0, 2.0])
    np.testing.assert_array_equal(pick[1], [1, 1, 0, 0])


def test_pick_rows_with_the_most_known_picks_a_choice_reaching_it_and_leaves_it() -> None:
    rng = np.random.default_rng(5)
    # Few distinct values, so that many states tie.
    values = rng.integers(0, 4, (9, 50)).astype(float)
    choices = rng.integers(0, 9, (6, 7))
    bonus = rng.integers(0, 3, (6, 7)).astype(float)
    best, pick = np.empty((6, 50)), np.empty((6, 50), np.int64)
    _kernel.pick_rows(values, 50, choices, bonus, best, pick)
    known, picked = best.copy(), np.full((6, 50), -1)
    _kernel.pick_rows(values, 50, choices, bonus, known, picked, True)
    np.testing.assert_array_equal(picked, pick)
    np.testing.assert_array_equal(known, best)
    # Given another value to reach (the first choice's), it is kept and reached.
    first = values[choices[:, 0]] + bonus[:, :1]
    given = first.copy()
    _kernel.pick_rows(values, 50, choices, bonus, given, picked, True)
    np.testing.assert_array_equal(given, first)
    rows = np.arange(6)[:, None]
    np.testing.assert_array_equal(
        values[choices[rows, picked], np.arange(50)] + bonus[rows, picked], first
    )


@pytest.mark.parametrize("known", [False, True])
def test_pick_rows_with_one_bonus_for_all_picks_the_earliest_choice_reaching_the_most(
    known: bool,
) -> None:
    rng = np.random.default_rng(8)
    values = rng.integers(0, 3, (9, 40)).astype(float)
    values[2, ::3] = -np.inf
    choices = rng.integers(0, 9, (5, 6))
    worth = values[choices] + 2.0
    most = worth.max(axis=1)
    best = most.copy() if known else np.empty((5, 40))
    pick = np.full((5, 40), -1)
    _kernel.pick_rows(values, 40, choices, np.full((5, 6), 2.0), best, pick, known)
    np.testing.assert_array_equal(best, most)
    np.testing.assert_array_equal(pick, (worth == most[:, None]).argmax(axis=1))


def test_pick_rows_picks_the_first_of_choices_all_worth_nothing() -> None:
    values = np.full((2, 3), -np.inf)
    best, pick = np.zeros((1, 3)), np.full((1, 3), -1)
    _kernel.pick_rows(values, 3, np.array([[1, 0]]), np.zeros((1, 2)), best, pick)
    np.testing.assert_array_equal(best, np.full((1, 3), -np.inf))
    np.testing.assert_array_equal(pick, np.zeros((1, 3)))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"values": np.zeros((2, 2), np.float32)}, "float64"),
        ({"choices": np.array([[0, 2]])}, "outside"),
        ({"choices": np.array([[0, 1, 1]])}, "same number"),
        ({"pick": np.zeros((1, 3), np.int64)}, "same number"),
        ({"best": np.zeros((1, 3))}, "not 1 channels"),
        ({"choices": np.zeros((1, 0), np.int64), "bonus": np.zeros((1, 0))}, "at least one"),
        ({"pick": np.zeros((1, 2), np.int32)}, "int64"),
    ],
)
def test_pick_rows_refuses_what_it_cannot_use_and_writes_nothing(
    change: dict[str, object], message: str
) -> None:
    given: dict[str, np.ndarray] = {
        "values": np.arange(4.0).reshape(2, 2),
        "choices": np.array([[0, 1]]),
        "bonus": np.zeros((1, 2)),
        "best": np.full((1, 2), 7.0),
        "pick": np.full((1, 2), 7, np.int64),
    }
    given |= change
    before = {name: np.array(array, copy=True) for name, array in given.items()}
    with pytest.raises((ValueError, TypeError), match=message):
        _kernel.pick_rows(
            given["values"], 2, given["choices"], given["bonus"], given["best"], given["pick"]
        )
    for name, array in given.items():
        np.testing.assert_array_equal(array, before[name])


def _spread_given() -> dict[str, np.ndarray]:
    """Two states: the first with pairs at 0 and 2 points, the second with one at 1 point;
    the first's turn ends in slot 1 gaining 3 or slot 0 gaining nothing, the second's in
    slot 1 gaining 1."""
    return {
        "out": np.zeros((2, 6)),
        "pair_starts": np.array([0, 2, 3]),
        "points": np.array([0, 2, 1]),
        "chances": np.array([0.25, 0.5, 0.25]),
        "end_starts": np.array([0, 2, 3]),
        "slots": np.array([1, 0, 1]),
        "gains": np.array([3, 0, 1]),
        "end_chances": np.array([0.75, 0.25, 1.0]),
    }


def _spread(given: dict[str, np.ndarray], width: int = 6) -> None:
    _kernel.spread_pairs(
        given["out"],
        width,
        given["pair_starts"],
        given["points"],
        given["chances"],
        given["end_starts"],
        given["slots"],
        given["gains"],
        given["end_chances"],
    )


def test_spread_pairs_adds_each_pair_times_each_end_of_its_own_state() -> None:
    given = _spread_given()
    given["out"][0, 5] = 1.0
    _spread(given)
    expected = np.zeros((2, 6))
    expected[0, 5] = 1.0
    expected[1, 3] = 0.25 * 0.75
    expected[1, 5] = 0.5 * 0.75
    expected[0, 0] = 0.25 * 0.25
    expected[0, 2] = 0.5 * 0.25
    expected[1, 2] = 0.25 * 1.0
    np.testing.assert_array_equal(given["out"], expected)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"slots": np.array([1, 2, 1])}, "outside"),
        ({"gains": np.array([4, 0, 1])}, "below width"),
        ({"points": np.array([0, -1, 1])}, "outside"),
        ({"pair_starts": np.array([0, 4, 3])}, "never decrease"),
        ({"end_starts": np.array([0, 2])}, "run from 0"),
        ({"chances": np.array([0.25, 0.5])}, "as long"),
        ({"pair_starts": np.zeros(0, np.int64)}, "at least one"),
        ({"gains": np.array([3.0, 0.0, 1.0])}, "int64"),
    ],
)
def test_spread_pairs_refuses_what_it_cannot_use_and_adds_nothing(
    change: dict[str, np.ndarray], message: str
) -> None:
    given = _spread_given() | change
    with pytest.raises((ValueError, TypeError), match=message):
        _spread(given)
    assert not given["out"].any()


def test_push_rows_sends_each_targets_row_in_equal_shares_to_its_sources_last_first() -> None:
    block = np.zeros((2, 4, 2))
    block[:, 0] = [[1.0, 0.5], [2.0, 0.0]]
    block[:, 1] = [[0.0, 1.0], [0.0, 4.0]]
    # Row 0 goes to rows 1 and 2 in halves, then row 1 (with its share) to rows 2 and 3.
    _kernel.push_rows(block, 2, 2, np.array([1, 0]), np.array([[2, 3], [1, 2]]))
    row_1 = np.array([[0.5, 1.25], [1.0, 4.0]])
    np.testing.assert_array_equal(block[:, 1], row_1)
    np.testing.assert_array_equal(block[:, 2], [[0.5, 0.25], [1.0, 0.0]] + row_1 / 2)
    np.testing.assert_array_equal(block[:, 3], row_1 / 2)


def test_push_rows_is_mean_rows_run_backwards() -> None:
    """Pushing chances and averaging values are adjoint: the chances pushed from one row,
    weighted by the values, give that row's averaged value."""
    targets, sources = np.array([2, 1, 0]), np.array([[3, 4], [2, 3], [1, 4]])
    values = block_of(1, 5, 3)
    chances = np.zeros((1, 5, 3))
    chances[0, 0] = 1.0
    _kernel.mean_rows(values, 1, 3, targets, sources)
    _kernel.push_rows(chances, 1, 3, targets, sources)
    untouched = block_of(1, 5, 3)
    np.testing.assert_allclose(
        (chances[0, 3:] * untouched[0, 3:]).sum(axis=0), values[0, 0], rtol=1e-14
    )


def test_read_rows_reads_each_distribution_linearly_between_its_points() -> None:
    # A distribution function rising evenly from 0 to 1 between -2 and 2 deviations.
    known = np.array([[0.0, 0.0, 0.5, 1.0, 1.0], [0.0, 0.0, 0.5, 1.0, 1.0]])
    out = np.zeros((2, 4))
    _kernel.read_rows(
        known, -4.0, 0.5, np.array([10.0, 5.0]), np.array([1.0, 0.0]), np.array([8, 4]), 1e-6, out
    )
    # Mean 10, spread 1: totals 8 to 11 have edges 7.5 to 11.5, that is -2.5 to 1.5
    # deviations, read as 0, 0.125, 0.375, 0.625, 0.875 of the function.
    np.testing.assert_allclose(out[0], np.array([0.125, 0.25, 0.25, 0.25]) / 0.875)
    # No spread: the whole chance on the mean, total 5.
    np.testing.assert_array_equal(out[1], [0.0, 1.0, 0.0, 0.0])


@pytest.mark.parametrize(
    "change",
    [
        {"means": np.zeros(0)},
        {"lows": np.array([1])},
        {"known": np.zeros((1, 3))},
        {"out": np.zeros((0,))},
        {"steps": 0.0},
    ],
)
def test_read_rows_refuses_rows_that_do_not_match_and_writes_nothing(
    change: dict[str, object],
) -> None:
    given: dict[str, object] = {
        "known": np.zeros((2, 3)),
        "steps": 1.0,
        "means": np.zeros(2),
        "spreads": np.ones(2),
        "lows": np.zeros(2, np.int64),
        "out": np.full((2, 2), 7.0),
    }
    given |= change
    before = np.array(given["out"], copy=True)
    with pytest.raises(ValueError, match="rows"):
        _kernel.read_rows(
            given["known"],
            0.0,
            given["steps"],
            given["means"],
            given["spreads"],
            given["lows"],
            1e-6,
            given["out"],
        )
    np.testing.assert_array_equal(given["out"], before)
