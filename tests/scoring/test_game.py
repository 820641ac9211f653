"""The Game object: turns, columns, undo, records and refusals that change nothing."""

import numpy as np
import pytest

from scoring import (
    GAMES,
    BoxFilledError,
    BoxNotAllowedError,
    CorruptRecordError,
    Game,
    GameOverError,
    InvalidDiceError,
    InvalidRollError,
    NothingToUndoError,
    PlayerError,
    ScoringError,
    UnknownBoxError,
    UnknownGameError,
    options,
    rules_record,
    score,
)


def test_players_take_turns_in_order():
    game = Game("yatzy", ["Ann", "Bob"])
    assert game.current_player == "Ann"
    game.record("chance", [1, 2, 3, 4, 5])
    assert game.current_player == "Bob"
    game.record("ones", [1, 1, 2, 3, 4])
    assert game.current_player == "Ann"
    assert game.round == 2
    assert game.column("Ann") == {"chance": 15}
    assert game.column("Bob") == {"ones": 2}


def test_a_whole_game_ends_with_full_columns():
    game = Game("yahtzee", ["Solo"])
    for box in [b.id for b in game.rules.boxes]:
        assert not game.finished
        game.record(box, [1, 2, 3, 4, 6])
    assert game.finished
    assert game.current_player is None
    with pytest.raises(GameOverError):
        game.record("chance", [1, 1, 1, 1, 1])


def test_undo_takes_back_the_last_turn():
    game = Game("greek", ["Ann", "Bob"])
    game.record("chance", [6, 6, 6, 6, 5])
    turn = game.undo()
    assert (turn.player, turn.box, turn.points) == ("Ann", "chance", 29)
    assert game.turns == ()
    assert game.current_player == "Ann"
    with pytest.raises(NothingToUndoError):
        game.undo()


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda g: g.record("chance", [1, 2, 3, 4, 7]), InvalidDiceError),
        (lambda g: g.record("chance", [1, 2, 3, 4]), InvalidDiceError),
        (lambda g: g.record("chance", [1, 2, 3, 4, 5, 6]), InvalidDiceError),
        (lambda g: g.record("chance", [1, 2, 3, 4, "5"]), InvalidDiceError),
        (lambda g: g.record("chance", [1, 2, 3, 4, True]), InvalidDiceError),
        (lambda g: g.record("chance", [1, 2, 3, 4, 0]), InvalidDiceError),
        (lambda g: g.record("chance", "12345"), InvalidDiceError),
        (lambda g: g.record("chance", [1, 2, 3, 4, 5], roll=4), InvalidRollError),
        (lambda g: g.record("chance", [1, 2, 3, 4, 5], roll=0), InvalidRollError),
        (lambda g: g.record("bingo", [1, 2, 3, 4, 5]), UnknownBoxError),
        (lambda g: g.record("ones", [1, 2, 3, 4, 5]), BoxFilledError),
        (lambda g: g.record("pair", [1, 1, 3, 4, 5]), BoxNotAllowedError),
    ],
)
def test_refused_turns_change_nothing(call, error):
    game = Game("catalan", ["Ann", "Bob"])
    game.record("ones", [1, 1, 1, 2, 3])
    game.record("ones", [1, 1, 2, 2, 3])
    before = game.to_dict()
    with pytest.raises(error) as raised:
        call(game)
    assert isinstance(raised.value, ValueError)
    assert str(raised.value)
    assert game.to_dict() == before


def test_forced_joker_is_refused_elsewhere():
    game = Game("yahtzee", ["Ann"])
    game.record("five_of_a_kind", [2] * 5)
    with pytest.raises(BoxNotAllowedError, match="Twos"):
        game.record("chance", [2] * 5)
    assert len(game.turns) == 1


@pytest.mark.parametrize(
    "players", [[], ["Ann", "Ann"], ["Ann", " ann "], [""], ["  "], "Ann", [3], None]
)
def test_bad_player_lists(players):
    with pytest.raises(PlayerError):
        Game("yatzy", players)


def test_unknown_game():
    with pytest.raises(UnknownGameError, match="yatzy"):
        Game("poker", ["Ann"])
    with pytest.raises(UnknownGameError):
        score("poker", "chance", [1, 2, 3, 4, 5])
    with pytest.raises(UnknownGameError):
        options("poker", [1, 2, 3, 4, 5])


def test_bad_filled_columns():
    with pytest.raises(UnknownBoxError):
        options("yatzy", [1, 2, 3, 4, 5], filled={"bogus": 3})
    with pytest.raises(ScoringError):
        options("yatzy", [1, 2, 3, 4, 5], filled={"ones": "3"})
    with pytest.raises(ScoringError):
        options("yatzy", [1, 2, 3, 4, 5], filled=[("ones", 3)])


def test_record_round_trip():
    game = Game("catalan", ["Ann", "Bob"])
    game.record("sixes", [6, 6, 6, 6, 1], roll=2)
    game.record("ones", [2, 2, 2, 2, 2], roll=1)
    record = game.to_dict()
    assert record.pop("rules") == rules_record(GAMES["catalan"]), "the whole rules go along"
    assert record == {
        "game": "catalan",
        "players": ["Ann", "Bob"],
        "turns": [
            {"player": "Ann", "dice": [1, 6, 6, 6, 6], "roll": 2, "box": "sixes"},
            {"player": "Bob", "dice": [2, 2, 2, 2, 2], "roll": 1, "box": "ones"},
        ],
    }
    again = Game.from_dict(record)
    assert again.to_dict() == game.to_dict()
    assert again.totals() == game.totals()


@pytest.mark.parametrize(
    ("record", "turn"),
    [
        ([], None),
        ({"game": "yatzy", "players": ["Ann"]}, None),
        ({"game": "nope", "players": ["Ann"], "turns": []}, None),
        ({"game": "yatzy", "players": ["Ann", "Ann"], "turns": []}, None),
        ({"game": "yatzy", "players": ["Ann"], "turns": {}}, None),
        ({"game": "yatzy", "players": ["Ann"], "turns": ["chance"]}, 0),
        (
            {
                "game": "yatzy",
                "players": ["Ann", "Bob"],
                "turns": [
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"},
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "ones"},
                ],
            },
            1,
        ),
        (
            {
                "game": "yatzy",
                "players": ["Ann"],
                "turns": [
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"},
                    {"player": "Ann", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"},
                ],
            },
            1,
        ),
        (
            {
                "game": "yatzy",
                "players": ["Ann"],
                "turns": [{"player": "Ann", "dice": [9, 2, 3, 4, 5], "roll": 3, "box": "x"}],
            },
            0,
        ),
    ],
)
def test_corrupt_records_are_refused_with_the_turn(record, turn):
    with pytest.raises(CorruptRecordError) as raised:
        Game.from_dict(record)
    assert raised.value.turn == turn
    if turn is not None:
        assert f"turn {turn}" in str(raised.value)


def test_names_are_trimmed_and_normalised():
    decomposed = "Jose\u0301"
    record = {
        "game": "greek",
        "players": [f" {decomposed} ", "Bob"],
        "turns": [{"player": decomposed, "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"}],
    }
    game = Game.from_dict(record)
    assert game.players == ("Jos\u00e9", "Bob")
    assert game.column("Jos\u00e9") == {"chance": 15}
    assert game.to_dict()["players"] == ["Jos\u00e9", "Bob"]


@pytest.mark.parametrize(
    "name",
    [
        "Cat\u202e 19",
        "a\u200b",
        "\u2066Ann\u2069",
        "Ann\u00adn",
        "Ann\nBob",
        "x" * 25,
    ],
    ids=[
        "right-to-left override",
        "zero width space",
        "isolate",
        "soft hyphen",
        "newline",
        "25 long",
    ],
)
def test_names_with_hidden_characters_or_too_long_are_refused(name):
    with pytest.raises(PlayerError) as refused:
        Game("yatzy", [name, "Bob"])
    assert "name" in str(refused.value)


def test_a_name_of_24_characters_is_kept():
    assert Game("yatzy", ["x" * 24]).players == ("x" * 24,)


def test_one_to_eight_players():
    assert len(Game("yatzy", [f"P{i}" for i in range(8)]).players) == 8
    with pytest.raises(PlayerError, match="at most 8 players"):
        Game("yatzy", [f"P{i}" for i in range(9)])


def test_a_record_with_too_many_players_is_refused():
    record = {"game": "yatzy", "players": [f"P{i}" for i in range(100_000)], "turns": []}
    with pytest.raises(CorruptRecordError, match="at most 8 players"):
        Game.from_dict(record)


def test_numpy_integers_are_dice():
    assert score("yatzy", "chance", np.array([1, 2, 3, 4, 5]), np.int64(2)) == 15
    with pytest.raises(InvalidDiceError):
        score("yatzy", "chance", [1.0, 2, 3, 4, 5])


def test_a_turn_by_someone_not_playing():
    record = {
        "game": "yatzy",
        "players": ["Ann"],
        "turns": [{"player": "Zed", "dice": [1, 2, 3, 4, 5], "roll": 3, "box": "chance"}],
    }
    with pytest.raises(CorruptRecordError, match="'Zed' is not playing"):
        Game.from_dict(record)


def test_standings_rank_players_and_share_places_and_wins():
    game = Game("yatzy", ["Ann", "Bob", "Cy"])
    boxes = [b.id for b in game.rules.boxes]
    hands = {"Ann": [6, 6, 6, 6, 6], "Bob": [1, 1, 2, 2, 3], "Cy": [6, 6, 6, 6, 6]}
    for box in boxes:
        for player in game.players:
            game.record(box, hands[player], 3)
    standings = game.standings()
    totals = game.totals()
    assert [s.player for s in standings] == ["Ann", "Cy", "Bob"]
    assert [s.place for s in standings] == [1, 1, 3]
    assert [s.winner for s in standings] == [True, True, False]
    assert all(s.totals == totals[s.player] for s in standings)


def test_nobody_wins_before_the_end():
    game = Game("yatzy", ["Ann", "Bob"])
    game.record("chance", [6, 6, 6, 6, 6], 3)
    assert [s.player for s in game.standings()] == ["Ann", "Bob"]
    assert not any(s.winner for s in game.standings())


def test_only_first_roll_doubling_makes_the_roll_matter():
    assert {g for g, rules in GAMES.items() if rules.roll_matters} == {"catalan"}


def test_a_game_lasts_one_turn_per_box_and_player():
    game = Game("greek", ["Ann", "Bob"])
    assert game.rules.turns_for(2) == 2 * len(game.rules.boxes)


@pytest.mark.parametrize(
    "twin",
    ["Ann  Lee", "ann lee", "Ann\u00a0Lee", "Ann\u2003Lee", "Ann\u3000Lee", "\uff21nn Lee"],
    ids=["two spaces", "case", "no-break space", "em space", "ideographic space", "full width"],
)
def test_names_that_look_alike_on_a_sheet_are_refused(twin):
    with pytest.raises(PlayerError, match="named twice"):
        Game("yatzy", ["Ann Lee", twin])


def test_a_game_saved_with_names_that_look_alike_still_opens_and_plays():
    record = {"game": "yatzy", "players": ["Ann Lee", "Ann  Lee"], "turns": []}
    game = Game.from_dict(record)
    assert game.players == ("Ann Lee", "Ann  Lee")
    game.record("chance", [1, 2, 3, 4, 5])
    game.record("chance", [6, 6, 6, 6, 5])
    assert [t.total for t in game.totals().values()] == [15, 29]
    assert Game.from_dict(game.to_dict()).players == game.players
