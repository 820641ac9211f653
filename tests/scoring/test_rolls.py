"""A turn's earlier rolls in the game record: optional, checked, and kept through a round trip."""

import json
import subprocess
import sys

import pytest

from scoring import CorruptRecordError, EarlierRoll, Game, InvalidRollsError, ScoringError

ROLLS = [{"dice": [6, 2, 6, 1, 3], "kept": [6, 6]}, {"dice": [6, 6, 6, 4, 2], "kept": [6, 6, 6]}]


def test_a_turn_keeps_its_earlier_rolls_through_the_record():
    game = Game("yatzy", ["Ann", "Bob"])
    turn = game.record("sixes", [6, 6, 6, 6, 5], 3, ROLLS)
    assert turn.rolls == (
        EarlierRoll((1, 2, 3, 6, 6), (6, 6)),
        EarlierRoll((2, 4, 6, 6, 6), (6, 6, 6)),
    )
    game.record("chance", [1, 2, 3, 4, 5], 1, [])
    record = game.to_dict()
    assert record["turns"][0]["rolls"] == [
        {"dice": [1, 2, 3, 6, 6], "kept": [6, 6]},
        {"dice": [2, 4, 6, 6, 6], "kept": [6, 6, 6]},
    ]
    assert record["turns"][1]["rolls"] == []
    again = Game.from_dict(json.loads(json.dumps(record)))
    assert again.turns == game.turns
    assert again.to_dict() == record


def test_a_record_without_rolls_is_unchanged():
    game = Game("catalan", ["Ann"])
    game.record("ones", [1, 1, 1, 1, 2], 2)
    assert game.turns[0].rolls is None
    assert game.to_dict()["turns"] == [
        {"player": "Ann", "dice": [1, 1, 1, 1, 2], "roll": 2, "box": "ones"}
    ]


def test_earlier_rolls_can_be_given_as_recorded_turns_give_them():
    game = Game("yatzy", ["Ann"])
    first = game.record("sixes", [6, 6, 6, 6, 5], 3, ROLLS)
    game.undo()
    assert game.record("sixes", first.dice, first.roll, first.rolls) == first


@pytest.mark.parametrize(
    ("roll", "rolls", "needle"),
    [
        (3, ROLLS[:1], "after 2 earlier rolls, but 'rolls' lists 1"),
        (1, ROLLS[:1], "after 0 earlier rolls"),
        (3, "66", "must be a list"),
        (3, {"dice": [1, 2, 3, 4, 5]}, "must be a list"),
        (2, [{"dice": [6, 2, 6, 1, 3]}], "roll 1 needs 'dice' and 'kept'"),
        (2, [[6, 2, 6, 1, 3]], "roll 1 needs 'dice' and 'kept'"),
        (2, [{"dice": [6, 2, 6, 1, 7], "kept": [6]}], "roll 1: a die shows 1 to 6"),
        (2, [{"dice": [6, 2, 6, 1], "kept": [6]}], "roll 1: a hand is 5 dice"),
        (2, [{"dice": [6, 2, 6, 1, 3], "kept": [6, 6, 6]}], "[6] cannot be kept from 1-2-3-6-6"),
        (2, [{"dice": [6, 2, 6, 1, 3], "kept": [5]}], "[5] cannot be kept from"),
        (2, [{"dice": [6, 2, 6, 1, 3], "kept": [6.0]}], "whole numbers"),
        (2, [{"dice": [6, 2, 6, 1, 3], "kept": [True]}], "whole numbers"),
        (2, [{"dice": [6, 2, 6, 1, 3], "kept": "66"}], "must be a list"),
        (2, [{"dice": [6, 2, 6, 1, 3], "kept": [1, 2]}], "roll 2 (5-5-6-6-6) lacks the dice kept"),
        (3, [ROLLS[0], {"dice": [1, 1, 1, 4, 2], "kept": [1]}], "roll 2 (1-1-1-2-4) lacks"),
    ],
)
def test_earlier_rolls_that_do_not_fit_are_refused_and_change_nothing(roll, rolls, needle):
    game = Game("yatzy", ["Ann"])
    with pytest.raises(InvalidRollsError) as refused:
        game.record("sixes", [6, 6, 6, 5, 5], roll, rolls)
    assert needle in str(refused.value)
    assert issubclass(InvalidRollsError, ScoringError) and issubclass(InvalidRollsError, ValueError)
    assert game.turns == ()


def test_a_record_with_bad_rolls_names_the_turn(tmp_path):
    turns = [
        {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 1, "box": "chance", "rolls": []},
        {"player": "Ann", "dice": [6, 6, 6, 6, 5], "roll": 2, "box": "sixes", "rolls": ROLLS},
    ]
    record = {"game": "yatzy", "players": ["Ann"], "turns": turns}
    with pytest.raises(CorruptRecordError, match="turn 1: a hand from roll 2") as refused:
        Game.from_dict(record)
    assert refused.value.turn == 1
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    replay = [sys.executable, "-m", "scoring", "replay", str(path)]
    result = subprocess.run(replay, capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "turn 1: a hand from roll 2" in result.stderr
    turns[1]["roll"] = 3
    path.write_text(json.dumps(record), encoding="utf-8")
    result = subprocess.run(replay, capture_output=True, text=True, check=True)
    assert json.loads(result.stdout)["players"]["Ann"]["boxes"] == {"sixes": 24, "chance": 15}
