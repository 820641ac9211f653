"""`python -m scoring replay`: the JSON report on good records, exit 2 on bad ones."""

import json
import subprocess

import pytest

from scoring import GAMES, Game, HouseRules, house_rules
from tests.commands import run_module, run_on_record


def run_replay(tmp_path, record) -> subprocess.CompletedProcess:
    return run_on_record(tmp_path, record, "scoring", "replay")


def test_replay_prints_the_sheet(tmp_path):
    turns = [
        ("Ann", [6, 6, 6, 6, 6], 1, "sixes"),
        ("Bob", [1, 2, 3, 4, 5], 3, "ones"),
        ("Ann", [2, 2, 3, 6, 1], 3, "twos"),
    ]
    record = {
        "game": "catalan",
        "players": ["Ann", "Bob"],
        "turns": [{"player": p, "dice": d, "roll": r, "box": b} for p, d, r, b in turns],
    }
    result = run_replay(tmp_path, record)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["game"] == "catalan"
    assert report["finished"] is False
    ann, bob = report["players"]["Ann"], report["players"]["Bob"]
    assert ann["boxes"] == {"twos": -2, "sixes": 12}
    assert list(ann["boxes"]) == ["twos", "sixes"]
    assert bob["boxes"] == {"ones": -2}
    assert (ann["upper"], ann["upper_bonus"], ann["lower"], ann["total"]) == (10, 0, 0, 10)
    assert ann["extra_bonus"] == 0
    assert ann["vs_average"] == 6 and bob["vs_average"] == -6
    assert set(ann) == {
        "boxes",
        "upper",
        "upper_bonus",
        "lower",
        "extra_bonus",
        "total",
        "vs_average",
    }


def test_replay_of_a_finished_game_of_jokers(tmp_path):
    order = ["five_of_a_kind", "sixes", "three_of_a_kind", "four_of_a_kind", "full_house"]
    order += ["small_straight", "large_straight", "chance", "ones", "twos", "threes", "fours"]
    order += ["fives"]
    turns = [{"player": "Solo", "dice": [6] * 5, "roll": 3, "box": b} for b in order]
    result = run_replay(tmp_path, {"game": "yahtzee", "players": ["Solo"], "turns": turns})
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["finished"] is True
    solo = report["players"]["Solo"]
    assert solo["boxes"]["full_house"] == 25
    assert solo["boxes"]["large_straight"] == 40
    assert solo["boxes"]["ones"] == 0
    assert (solo["upper"], solo["upper_bonus"]) == (30, 0)
    assert solo["lower"] == 30 + 30 + 25 + 30 + 40 + 50 + 30
    assert solo["extra_bonus"] == 100 * 12
    assert solo["total"] == 30 + 235 + 1200
    assert solo["vs_average"] is None


@pytest.mark.parametrize(
    ("record", "needle"),
    [
        (
            {
                "game": "greek",
                "players": ["Ann"],
                "turns": [
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"},
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "ones"},
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "twos"},
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"},
                ],
            },
            "turn 3",
        ),
        (
            {
                "game": "yatzy",
                "players": ["Ann"],
                "turns": [{"player": "Ann", "dice": [1, 2, 3, 4, 7], "roll": 3, "box": "ones"}],
            },
            "turn 0",
        ),
        ({"game": "chess", "players": ["Ann"], "turns": []}, "chess"),
        ("{not json", "cannot read"),
        ("[" * 100_000, "cannot read"),
    ],
)
def test_illegal_records_exit_2_with_the_turn_on_stderr(tmp_path, record, needle):
    result = run_replay(tmp_path, record)
    assert result.returncode == 2
    assert result.stdout == ""
    assert needle in result.stderr


def test_missing_file_exits_2(tmp_path):
    result = run_module("scoring", "replay", str(tmp_path / "absent.json"))
    assert result.returncode == 2
    assert result.stdout == ""


def test_replay_refuses_more_than_eight_players_at_once(tmp_path):
    record = {"game": "yatzy", "players": [f"P{i}" for i in range(100_000)], "turns": []}
    result = run_replay(tmp_path, record)
    assert result.returncode == 2
    assert "at most 8 players" in result.stderr
    assert result.stdout == ""


def test_replay_refuses_a_file_too_large_for_a_game_record(tmp_path):
    padding = " " * (2 * 1024 * 1024)
    result = run_replay(
        tmp_path, '{"game": "yatzy", "players": ["Ann"], "turns": []' + padding + "}"
    )
    assert result.returncode == 2
    assert "at most 1024 KiB" in result.stderr


def test_variant_replay_of_three_columns_lists_each_column(tmp_path):
    game = Game(house_rules(GAMES["yatzy"], HouseRules(columns=(1, 2, 3))), ["Ann"])
    game.record("chance", [6, 6, 6, 5, 5], column=2)
    game.record("sixes", [6, 6, 6, 5, 5])
    result = run_replay(tmp_path, game.to_dict())
    assert result.returncode == 0, result.stderr
    ann = json.loads(result.stdout)["players"]["Ann"]
    assert ann["columns"] == [{"sixes": 18}, {}, {"chance": 28}]
    assert ann["boxes"] == {"sixes": 18}
    assert (ann["upper"], ann["lower"], ann["total"]) == (18, 3 * 28, 18 + 3 * 28)
