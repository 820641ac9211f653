"""Tables are stored once per rule set, reused, and rebuilt when a rule changes."""

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from advisor import CACHE_ENV, TableCache, default_cache, expected_score, solve_afresh
from scoring import GAMES
from scoring.rules import UpperBonus
from tests.advisor.games import SIXES_AND_POKER

ROOT = Path(__file__).resolve().parents[2]


def test_a_table_is_stored_in_the_configured_directory_and_reused(advisor_cache: Path) -> None:
    cache = default_cache()
    path = cache.build(SIXES_AND_POKER)
    assert path.parent == advisor_cache
    stamp = path.stat().st_mtime_ns
    assert cache.build(SIXES_AND_POKER) == path
    assert path.stat().st_mtime_ns == stamp


def test_a_house_rule_gets_its_own_table() -> None:
    house = dataclasses.replace(SIXES_AND_POKER, upper_bonus=UpperBonus(points=100, at_least=18))
    cache = default_cache()
    assert cache.path(house) != cache.path(SIXES_AND_POKER)
    assert expected_score(house) > expected_score(SIXES_AND_POKER)


def test_build_command_prints_each_games_time(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "advisor", "build", "catalan"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, CACHE_ENV: str(tmp_path)},
        check=True,
    )
    assert run.stdout.startswith("catalan  built in ")
    cache = TableCache(tmp_path)
    assert set(tmp_path.glob("catalan-*.npy")) == {
        cache.path("catalan"),
        cache.path("catalan", moments=True),
    }
    assert cache.with_moments("catalan").tables.shape == (3, cache.states("catalan"))


def test_build_command_can_leave_the_moments_for_later(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "advisor", "build", "catalan", "--without-moments"],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, CACHE_ENV: str(tmp_path)},
        check=True,
    )
    cache = TableCache(tmp_path)
    assert [path.name for path in tmp_path.glob("catalan-*.npy")] == [cache.path("catalan").name]
    assert cache.solved("catalan").tables.shape == (1, cache.states("catalan"))


def test_the_moments_tables_first_row_is_the_mean_table_bit_for_bit(tmp_path: Path) -> None:
    TableCache(tmp_path).build("yacht")
    cache = TableCache(tmp_path)
    mean = cache.solved("yacht").tables
    assert mean.shape[0] == 1
    np.testing.assert_array_equal(mean[0], solve_afresh("yacht").tables[0])
    moments = cache.with_moments("yacht").tables
    assert moments.shape[0] == 3
    np.testing.assert_array_equal(moments[0], mean[0])
    assert cache.solved("yacht") is cache.with_moments("yacht"), "the moments replace the mean"


def test_the_moments_table_replaces_the_mean_for_every_rules_object_alike(tmp_path) -> None:
    cache = TableCache(tmp_path)
    again = dataclasses.replace(GAMES["yacht"])
    assert again is not GAMES["yacht"]
    assert not cache.solved(again).has_moments
    assert cache.with_moments("yacht").has_moments
    assert cache.solved(again) is cache.solved("yacht"), "the mean table alone is let go"


def test_building_both_tables_keeps_a_sound_stored_mean_table(tmp_path: Path) -> None:
    cache = TableCache(tmp_path)
    path = cache.build("yacht", moments=False)
    stamp = path.stat().st_mtime_ns
    assert cache.build("yacht") == path
    assert path.stat().st_mtime_ns == stamp
    assert cache.stored("yacht", moments=True)


def test_build_command_refuses_an_unknown_game(tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "advisor", "build", "poker"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, CACHE_ENV: str(tmp_path)},
    )
    assert run.returncode == 2
    assert "unknown game 'poker'" in run.stderr


def _key(path: Path) -> bytes:
    return path.stem.removesuffix("-moments").rsplit("-", 1)[1].encode()


@pytest.mark.parametrize(
    "damage",
    [
        lambda path: path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2]),
        lambda path: path.write_bytes(b"not a table at all"),
        lambda path: path.write_bytes(b""),
        lambda path: np.save(path, np.zeros(3)),
        lambda path: (
            np.savez(path.with_suffix(".npz"), values=np.zeros(3))
            or path.with_suffix(".npz").replace(path)
        ),
        lambda path: path.write_bytes(path.read_bytes().replace(_key(path), b"0" * 16)),
    ],
    ids=["cut short", "garbage", "empty", "foreign", "zip archive", "other rules"],
)
@pytest.mark.parametrize("moments", [False, True], ids=["mean", "moments"])
def test_a_damaged_table_is_solved_again_and_replaced(tmp_path, damage, moments, caplog):
    cache = TableCache(tmp_path)
    cache.build(SIXES_AND_POKER)
    path = cache.path(SIXES_AND_POKER, moments)
    expected = cache.with_moments(SIXES_AND_POKER).tables[: 3 if moments else 1].copy()

    def read() -> np.ndarray:
        # A fresh cache of the folder: nothing in memory.
        fresh = TableCache(tmp_path)
        return (fresh.with_moments if moments else fresh.solved)(SIXES_AND_POKER).tables

    with path.open("r+b"):
        damage(path)
    np.testing.assert_array_equal(read(), expected)
    assert "solving it again" in caplog.text
    caplog.clear()
    np.testing.assert_array_equal(read(), expected)
    assert "solving it again" not in caplog.text, "the rebuilt table was stored"


def _values_replaced(path: Path, values: np.ndarray) -> None:
    """Put `values` in a table file in place of its own, header, key and checksum kept."""
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - values.nbytes] + values.astype("<f8").tobytes())


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


@pytest.mark.parametrize(
    "damage",
    [
        lambda path: _values_replaced(path, np.full(_count(path), np.nan)),
        lambda path: _values_replaced(path, np.zeros(_count(path))),
        _fifo,
    ],
    ids=["not a number", "zeros", "fifo"],
)
def test_a_table_changed_after_it_was_solved_is_solved_again(tmp_path, damage, caplog):
    cache = TableCache(tmp_path)
    path = cache.build(SIXES_AND_POKER)
    expected = expected_score(SIXES_AND_POKER, cache=cache)
    cache = TableCache(tmp_path)
    damage(path)
    assert expected_score(SIXES_AND_POKER, cache=cache) == expected
    assert "solving it again" in caplog.text


def _count(path: Path) -> int:
    return int(np.load(path)["values"].shape[0])


def test_a_stored_table_is_read_into_memory_and_outlives_its_file(tmp_path: Path) -> None:
    path = TableCache(tmp_path).build(SIXES_AND_POKER)
    cache = TableCache(tmp_path)
    expected = expected_score(SIXES_AND_POKER, cache=cache)
    with path.open("r+b") as table:
        table.truncate(100)
    values = cache.solved(SIXES_AND_POKER).values
    assert not values.flags.writeable
    assert np.isfinite(values).all()
    assert expected_score(SIXES_AND_POKER, cache=cache) == expected


def test_an_unwritable_cache_keeps_the_table_in_memory(tmp_path, caplog):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    cache = TableCache(blocked / "advisor")
    assert expected_score(SIXES_AND_POKER, cache=cache) > 0
    assert "kept in memory only" in caplog.text
    assert expected_score(SIXES_AND_POKER, cache=cache) > 0
