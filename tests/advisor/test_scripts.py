"""The simulation and benchmark scripts run end to end on small inputs."""

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from advisor import expected_score
from tests.advisor.games import CHANCE_ONLY, SCHOOL_AND_PAIR
from tools.advisor_simulate import play_game
from tools.advisor_timing import run_child

ROOT = Path(__file__).resolve().parents[2]


def test_a_simulated_game_fills_every_box_through_the_engine() -> None:
    rng = random.Random(3)
    assert all(5 <= play_game(CHANCE_ONLY, rng) <= 30 for _ in range(20))
    # School and pair: school -6..+4 (+50 at 0 or more), pair up to 24 on roll 1.
    assert all(-6 <= play_game(SCHOOL_AND_PAIR, rng) <= 4 + 50 + 24 for _ in range(20))


def test_simulate_command_reports_mean_and_expectation() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tools.advisor_simulate", "catalan", "--games", "3"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    assert run.stdout.startswith("catalan: 3 games, mean ")
    assert f"expected {expected_score('catalan'):.4f}" in run.stdout


def test_variant_a_simulated_game_of_three_columns_fills_every_column() -> None:
    rules = replace(CHANCE_ONLY, columns=(1, 2, 3))
    rng = random.Random(5)
    assert all(6 * 5 <= play_game(rules, rng) <= 6 * 30 for _ in range(20))


def test_variant_approximation_benchmark_prints_its_tables() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.approximation_benchmark",
            "--games",
            "3",
            "--columns",
            "yacht",
            "--saved-rolls",
            "catalan",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    rows = [line for line in run.stdout.splitlines() if line.startswith("| ")]
    assert sum(row.startswith("| rules |") for row in rows) == 2, "two tables"
    columns = next(row for row in rows if row.startswith("| yacht ×1 ×2 ×3 | 3 |"))
    assert f"| {6 * expected_score('yacht'):.1f} |" in columns
    saved = next(row for row in rows if row.startswith("| catalan, rolls saved | 3 |"))
    assert f"| {expected_score('catalan'):.1f} |" in saved


def test_benchmark_solves_one_game_in_a_child_process() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tools.advisor_benchmark", "--one", "catalan"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    row = json.loads(run.stdout)
    assert row["states"] > 0
    assert row["expected"] == pytest.approx(expected_score("catalan"))


def test_a_child_process_reports_its_output_and_costs() -> None:
    run = run_child(["-c", "print('done')"])
    assert run.output == "done\n"
    assert run.wall > 0 and run.cpu > 0 and run.peak_mib > 1
    with pytest.raises(RuntimeError, match="failed with status"):
        run_child(["-c", "raise SystemExit(3)"])
