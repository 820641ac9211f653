"""The review of a played game: every choice against exhaustive search on tiny games, turns
checked by hand in the five games (first-roll doubling, jokers, extra bonuses), the luck
identity, the JSON and the command line."""

import json
import subprocess
from itertools import pairwise

import pytest

from advisor import advise_box, expected_score
from advisor.reviewing import TIE, KeepReview, PlayerReview, Review, costliest, loss, review
from scoring import GAMES, Game
from tests.advisor.brute_force import Column, search
from tests.advisor.games import (
    CHANCE_ONLY,
    SCHOOL_AND_PAIR,
    SIXES_AND_POKER,
    SIXES_AND_TOWER,
    SOLVED,
)
from tests.advisor.random_play import random_game
from tests.commands import run_module, run_on_record

TINY = [CHANCE_ONLY, SIXES_AND_POKER, SCHOOL_AND_PAIR, SIXES_AND_TOWER]
SCHOOL = [
    ([1, 1, 1, 2, 3], "ones"),
    ([2, 2, 3, 4, 5], "twos"),
    ([3, 3, 3, 3, 1], "threes"),
    ([4, 4, 4, 1, 2], "fours"),
    ([5, 1, 2, 3, 4], "fives"),
    ([6, 6, 6, 6, 1], "sixes"),
]


def played(rules: str, players: list[str], turns: list[tuple]) -> Game:
    """A game from (dice, roll, box) or (dice, roll, box, rolls) turns, players in turn."""
    game = Game(rules, players)
    for turn in turns:
        game.record(turn[2], turn[0], turn[1], *turn[3:])
    return game


def only_player(result: Review) -> PlayerReview:
    (player,) = result.players.values()
    return player


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("rules", TINY, ids=lambda rules: rules.id)
def test_every_choice_and_the_luck_equal_exhaustive_search(rules, seed) -> None:
    game = random_game(rules, ["Ann", "Bob"], seed)
    exact, result = search(rules), review(game)
    columns: dict[str, Column] = {"Ann": frozenset(), "Bob": frozenset()}
    graded = {turn.index: turn for player in result.players.values() for turn in player.turns}
    assert sorted(graded) == list(range(len(game.turns)))
    for index, turn in enumerate(game.turns):
        column, got = columns[turn.player], graded[index]
        after = column | {(turn.box, turn.points)}
        best = exact.score_now(column, turn.dice, turn.roll)
        assert got.best_expected == pytest.approx(float(best), abs=1e-9)
        assert got.chosen_expected == pytest.approx(float(exact.total(after)), abs=1e-9)
        assert got.loss == pytest.approx(float(best - exact.total(after)), abs=1e-9)
        assert got.keeps is not None and len(got.keeps) == len(turn.rolls) + (turn.roll < 3)
        for keep in got.keeps:
            chosen = (
                exact.score_now(column, keep.dice, keep.roll)
                if keep.score_now
                else exact.reroll(column, keep.kept, keep.roll + 1)
            )
            assert keep.best_expected == pytest.approx(
                float(exact.best(column, keep.dice, keep.roll)), abs=1e-9
            )
            assert keep.chosen_expected == pytest.approx(float(chosen), abs=1e-9)
            assert keep.loss == pytest.approx(keep.best_expected - keep.chosen_expected, abs=1e-9)
        columns[turn.player] = after
    start = float(exact.total(frozenset()))
    assert result.start == pytest.approx(start, abs=1e-9)
    for player, totals in game.totals().items():
        reviewed = result.players[player]
        assert totals.total == pytest.approx(start - reviewed.total_loss + reviewed.luck, abs=1e-9)


def test_luck_in_a_game_in_progress_is_measured_against_the_expected_final_now() -> None:
    game = random_game(SIXES_AND_POKER, ["Ann", "Bob", "Cy"], 5, turns=5)
    exact, result = search(SIXES_AND_POKER), review(game)
    start = float(exact.total(frozenset()))
    for player in game.players:
        now = float(exact.total(frozenset(game.column(player).items())))
        reviewed = result.players[player]
        assert now == pytest.approx(start - reviewed.total_loss + reviewed.luck, abs=1e-9)
        assert reviewed.turns[-1].chosen_expected == pytest.approx(now, abs=1e-9)
    assert [turn.index for turn in result.players["Ann"].turns] == [0, 3]
    assert [turn.index for turn in result.players["Cy"].turns] == [2]


@pytest.mark.parametrize("game_id", SOLVED)
def test_final_total_is_expected_empty_minus_losses_plus_luck_in_every_game(game_id) -> None:
    for seed in range(2):
        game = random_game(GAMES[game_id], ["Ann", "Bob"], seed)
        result = review(game)
        assert result.start == expected_score(game_id)
        for player, totals in game.totals().items():
            reviewed = result.players[player]
            losses = [turn.total_loss for turn in reviewed.turns]
            assert all(loss >= 0 for loss in losses)
            assert reviewed.total_loss == pytest.approx(sum(losses))
            final = result.start - reviewed.total_loss + reviewed.luck
            assert final == pytest.approx(totals.total, abs=1e-9)
            # After the last box the expected final score is the final total itself:
            # bonuses and every extra bonus included.
            assert reviewed.turns[-1].chosen_expected == pytest.approx(totals.total, abs=1e-9)


def test_a_wasted_five_of_a_kind_costs_and_the_advisors_box_costs_nothing() -> None:
    best = advise_box("yatzy", [6] * 5, 3)[0].box
    game = played("yatzy", ["Ann", "Bob"], [([6] * 5, 3, "ones"), ([6] * 5, 3, best)])
    ann, bob = (review(game).players[player].turns[0] for player in ("Ann", "Bob"))
    assert (ann.box, ann.points, ann.best_box) == ("ones", 0, "five_of_a_kind")
    # 50 now instead of 0, with the ones still open: a loss of tens of points.
    assert 30 < ann.loss == pytest.approx(ann.best_expected - ann.chosen_expected)
    assert ann.best_expected == pytest.approx(expected_score("yatzy", {"five_of_a_kind": 50}))
    assert ann.chosen_expected == pytest.approx(expected_score("yatzy", {"ones": 0}))
    assert (bob.box, bob.best_box, bob.loss) == (best, best, 0.0)
    assert bob.chosen_expected == bob.best_expected


def test_a_pair_from_the_first_roll_counts_double_in_catalan() -> None:
    school = [(dice, 3, box) for dice, box in SCHOOL]
    first = review(played("catalan", ["Ann"], [*school, ([3, 3, 1, 5, 6], 1, "pair")]))
    later = review(played("catalan", ["Ann"], [*school, ([3, 3, 1, 5, 6], 2, "pair")]))
    doubled, plain = only_player(first).turns[-1], only_player(later).turns[-1]
    assert (doubled.points, plain.points) == (12, 6)
    # Writing the pair leads to the same state either way: only the points differ.
    assert doubled.chosen_expected - plain.chosen_expected == pytest.approx(6)
    column = played("catalan", ["Ann"], school).column("Ann")
    assert doubled.chosen_expected == pytest.approx(
        expected_score("catalan", {**column, "pair": 12})
    )


def test_passing_up_a_first_roll_five_of_a_kind_in_catalan_loses_the_doubling() -> None:
    school = [(dice, 3, box) for dice, box in SCHOOL]
    waited = ([6] * 5, 2, "five_of_a_kind", [{"dice": [6] * 5, "kept": [6] * 5}])
    turn = only_player(review(played("catalan", ["Ann"], [*school, waited]))).turns[-1]
    keep, stop = turn.keeps
    assert (keep.roll, keep.kept, keep.score_now) == (1, (6,) * 5, False)
    assert (keep.best_keep, keep.best_score_now) == ((6,) * 5, True)
    # 2 x 30 + 50 = 110 on roll 1, 30 + 50 = 80 on roll 2, the same box either way.
    assert keep.loss == pytest.approx(30)
    assert (turn.box, turn.points, turn.loss) == ("five_of_a_kind", 80, 0.0)
    assert (stop.roll, stop.kept, stop.score_now, stop.loss) == (2, (6,) * 5, True, 0.0)
    assert turn.total_loss == pytest.approx(30)


def test_forced_jokers_and_extra_bonuses_in_yahtzee() -> None:
    turns = [
        ([2] * 5, 3, "five_of_a_kind"),  # Ann: 50
        ([1, 2, 3, 4, 6], 3, "five_of_a_kind"),  # Bob: a scratch
        ([6] * 5, 3, "sixes"),  # Ann: +100, forced into sixes
        ([3] * 5, 3, "threes"),  # Bob: forced into threes, no bonus over a scratch
        ([6] * 5, 3, "chance"),  # Ann: +100 again, a joker anywhere below
    ]
    result = review(played("yahtzee", ["Ann", "Bob"], turns))
    ann, bob = result.players["Ann"].turns, result.players["Bob"].turns
    assert (ann[1].box, ann[1].best_box, ann[1].points, ann[1].loss) == ("sixes", "sixes", 30, 0)
    column = {"five_of_a_kind": 50, "sixes": 30}
    assert ann[1].chosen_expected == pytest.approx(100 + expected_score("yahtzee", column))
    assert (bob[1].best_box, bob[1].points, bob[1].loss) == ("threes", 15, 0)
    bob_column = {"five_of_a_kind": 0, "threes": 15}
    assert bob[1].chosen_expected == pytest.approx(expected_score("yahtzee", bob_column))
    best = advise_box("yahtzee", [6] * 5, 3, column)[0]
    assert (ann[2].best_box, best.points) == (best.box, 40), "a joker's large straight"
    assert ann[2].best_expected == pytest.approx(100 + best.expected), "the earlier +100 counts"
    chance = expected_score("yahtzee", {**column, "chance": 30})
    assert ann[2].chosen_expected == pytest.approx(200 + chance)
    assert ann[2].loss == pytest.approx(ann[2].best_expected - ann[2].chosen_expected)
    assert ann[2].loss > 0


def test_greeks_extra_five_of_a_kind_earns_100_and_a_joker() -> None:
    turns = [([5] * 5, 3, "five_of_a_kind"), ([5] * 5, 3, "fives"), ([5] * 5, 3, "full_house")]
    result = only_player(review(played("greek", ["Ann"], turns)))
    fives, full_house = result.turns[1:]
    assert (fives.best_box, fives.loss) == ("fives", 0)
    assert full_house.points == 25
    column = {"five_of_a_kind": 50, "fives": 25, "full_house": 25}
    assert full_house.chosen_expected == pytest.approx(200 + expected_score("greek", column))
    assert full_house.loss > 0, "a joker's large straight is worth 40"


def test_the_review_json_holds_the_issues_fields_and_keeps_only_where_rolls_are_recorded():
    rolls = [{"dice": [6, 2, 6, 1, 3], "kept": [6, 6]}, {"dice": [6, 6, 6, 4, 2], "kept": [2]}]
    game = Game("yatzy", ["Ann", "Bob"])
    game.record("twos", [2, 1, 3, 4, 5], 3, rolls)
    game.record("chance", [1, 2, 3, 4, 5], 1)
    game.record("fives", [5, 5, 5, 5, 1], 1, [])
    report = json.loads(json.dumps(review(game).to_dict()))
    assert set(report) == {"game", "players"} and report["game"] == "yatzy"
    ann, bob = report["players"]["Ann"], report["players"]["Bob"]
    assert set(ann) == {"turns", "total_loss", "luck"}
    assert [turn["index"] for turn in ann["turns"]] == [0, 2]
    assert [turn["index"] for turn in bob["turns"]] == [1]
    fields = {"index", "box", "points", "best_box", "best_expected", "chosen_expected", "loss"}
    fields |= {"win_before", "win_after"}
    assert set(bob["turns"][0]) == fields, "no rolls recorded: no keeps"
    in_order = sorted(ann["turns"] + bob["turns"], key=lambda turn: turn["index"])
    assert in_order[0]["win_before"] == {"Ann": pytest.approx(0.5), "Bob": pytest.approx(0.5)}
    for turn, following in pairwise(in_order):
        assert turn["win_after"] == following["win_before"]
    for turn in in_order:
        assert sum(turn["win_after"].values()) == pytest.approx(1.0)
    assert set(ann["turns"][0]) == fields | {"keeps"}
    kept_six, kept_two = ann["turns"][0]["keeps"]
    assert set(kept_two) == {
        "index",
        "roll",
        "dice",
        "kept",
        "score_now",
        "best_keep",
        "best_score_now",
        "best_expected",
        "chosen_expected",
        "loss",
    }
    assert (kept_six["roll"], kept_six["dice"], kept_six["kept"]) == (1, [1, 2, 3, 6, 6], [6, 6])
    assert (kept_two["roll"], kept_two["kept"], kept_two["score_now"]) == (2, [2], False)
    assert kept_two["best_keep"] == [6, 6, 6]
    assert kept_two["loss"] > 5, "keeping a 2 instead of three sixes"
    (stopped,) = ann["turns"][1]["keeps"]
    assert (stopped["roll"], stopped["kept"], stopped["score_now"]) == (1, [1, 5, 5, 5, 5], True)
    losses = [t["loss"] + sum(k["loss"] for k in t.get("keeps", [])) for t in ann["turns"]]
    assert ann["total_loss"] == pytest.approx(sum(losses))


def test_the_costliest_choices_are_boxes_or_keeps_that_lost_most_first() -> None:
    result = review(random_game(GAMES["yatzy"], ["Ann"], seed=3))
    ann = only_player(result)
    lost = sorted(
        [choice.loss for turn in ann.turns for choice in (turn, *turn.keeps) if choice.loss > 0],
        reverse=True,
    )
    shown = costliest(ann, 3)
    assert [choice.loss for choice in shown] == lost[:3]
    assert any(isinstance(choice, KeepReview) for choice in costliest(ann, len(lost)))
    assert costliest(ann, len(lost) + 5) == costliest(ann, len(lost)), "no choice that lost 0"
    finals = result.expected_finals("Ann")
    assert finals == [result.start, *(turn.chosen_expected for turn in ann.turns)]


def test_float_noise_is_no_loss() -> None:
    assert loss(254.5, 254.5 - TIE / 10) == 0.0
    assert loss(254.5, 254.5 + TIE / 10) == 0.0
    assert loss(254.5, 254.0) == 0.5


def test_a_game_without_turns_has_nothing_to_review() -> None:
    result = review(Game("catalan", ["Ann", "Bob"]))
    assert result.to_dict() == {
        "game": "catalan",
        "players": {name: {"turns": [], "total_loss": 0.0, "luck": 0.0} for name in ("Ann", "Bob")},
    }


def run_review(tmp_path, record) -> subprocess.CompletedProcess:
    return run_on_record(tmp_path, record, "advisor", "review")


def test_the_review_command_prints_the_review_as_json(tmp_path) -> None:
    record = random_game(GAMES["catalan"], ["Ann", "Bob"], 7).to_dict()
    result = run_review(tmp_path, record)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == review(Game.from_dict(record)).to_dict()


@pytest.mark.parametrize(
    ("record", "needle"),
    [
        ({"game": "yatzy", "players": ["Ann"]}, "has no 'turns'"),
        ({"game": "poker", "players": ["Ann"], "turns": []}, "unknown game 'poker'"),
        (
            {
                "game": "yatzy",
                "players": ["Ann"],
                "turns": [
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"},
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"},
                ],
            },
            "turn 1: Chance is already filled",
        ),
        (
            {
                "game": "yatzy",
                "players": ["Ann"],
                "turns": [
                    {
                        "player": "Ann",
                        "dice": [1, 2, 3, 4, 5],
                        "roll": 2,
                        "box": "chance",
                        "rolls": [{"dice": [6, 6, 6, 6, 6], "kept": [6]}],
                    }
                ],
            },
            "turn 0: roll 2 (1-2-3-4-5) lacks the dice kept from roll 1 (6)",
        ),
        ("{not json", "cannot read the game record"),
        ("[" * 100_000, "cannot read the game record"),
    ],
)
def test_a_bad_record_exits_2_saying_why(tmp_path, record, needle) -> None:
    result = run_review(tmp_path, record)
    assert result.returncode == 2
    assert result.stdout == ""
    assert needle in result.stderr


def test_a_missing_file_exits_2(tmp_path) -> None:
    result = run_module("advisor", "review", str(tmp_path / "absent.json"))
    assert result.returncode == 2
    assert "cannot read the game record" in result.stderr
