"""The comparison with yatzy-solver: its notation, and a clear word when it is missing."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from tools.advisor_compare import in_turns, situation
from tools.advisor_timing import Run

ROOT = Path(__file__).resolve().parents[2]


def test_situations_are_written_in_yatzy_solvers_notation() -> None:
    assert situation("yatzy", {}, [6, 1, 3, 3, 5], 2) == (
        "dice 1 3 3 5 6 | rolls 2 | upper 0 | filled -"
    )
    column = {"five_of_a_kind": 0, "pair": 8, "ones": 2, "sixes": 18}
    assert situation("yatzy", column, [2, 2, 2, 2, 2], 0) == (
        "dice 2 2 2 2 2 | rolls 0 | upper 20 | filled ones,sixes,one_pair,yatzy"
    )
    column = {"five_of_a_kind": 50, "threes": 9}
    assert situation("yahtzee", column, [4, 4, 4, 4, 4], 1) == (
        "dice 4 4 4 4 4 | rolls 1 | upper 9 | filled threes,five_of_a_kind | five_of_a_kind 50"
    )


def test_the_sides_take_turns_at_going_first(monkeypatch) -> None:
    order = []

    def run(args: list[str], env: dict) -> Run:
        order.append(args[0])
        return Run(len(order), 0, 0, "")

    monkeypatch.setattr("tools.advisor_compare.run_child", run)
    ours, theirs = in_turns(3, ["ours"], ["theirs"], {})
    assert order == ["ours", "theirs", "theirs", "ours", "ours", "theirs"]
    assert [wall for wall, _ in ours] == [1, 4, 5]
    assert [wall for wall, _ in theirs] == [2, 3, 6]


@pytest.mark.skipif(importlib.util.find_spec("yatzy_solver") is not None, reason="installed")
def test_the_comparison_asks_for_yatzy_solver_when_it_is_missing() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tools.advisor_benchmark", "--against-yatzy-solver"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 2
    assert "pip install yatzy-solver" in run.stderr
