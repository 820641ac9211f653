"""Invariants of the engine over random hands and random legal games (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import GAMES, Game, options, score
from tests.scoring import reference
from tests.scoring.strategies import game_hands, hands, played_games, rolls


@given(game_hands(), st.randoms())
def test_order_of_dice_is_irrelevant(drawn, rnd):
    game, dice, roll = drawn
    shuffled = list(dice)
    rnd.shuffle(shuffled)
    for box in GAMES[game].boxes:
        assert score(game, box.id, dice, roll) == score(game, box.id, shuffled, roll)
    assert options(game, dice, roll) == options(game, shuffled, roll)


def _bounds(game: str, box: str) -> tuple[int, int]:
    """Bounds read off RULES.md, not off the engine."""
    if box in reference.UPPER:
        face = reference.UPPER.index(box) + 1
        if game == "maxi":
            return 0, 6 * face
        return (-3 * face, 2 * face) if game == "catalan" else (0, 5 * face)
    if game == "maxi":
        most = {"pair": 12, "two_pairs": 22, "three_pairs": 30, "three_of_a_kind": 18}
        most |= {"four_of_a_kind": 24, "five_of_a_kind": 30, "small_straight": 15}
        most |= {"large_straight": 20, "full_straight": 21, "full_house": 28, "villa": 33}
        most |= {"tower": 34, "chance": 36, "six_of_a_kind": 100}
        return 0, most[box]
    if game == "yacht":
        most = {"full_house": 28, "four_of_a_kind": 24, "small_straight": 30}
        most |= {"large_straight": 30, "chance": 30, "five_of_a_kind": 50}
        return 0, most[box]
    if game == "catalan":
        most = {"pair": 24, "two_pairs": 44, "three_of_a_kind": 36, "four_of_a_kind": 48}
        most |= {"small_straight": 30, "large_straight": 40, "full_house": 56, "chance": 30}
        return 0, most.get(box, 110)
    fixed = {"full_house": 25, "small_straight": 30, "large_straight": 40, "five_of_a_kind": 50}
    if game in ("russian", "yatzy"):
        fixed = {"small_straight": 15, "large_straight": 20, "five_of_a_kind": 50}
        most = {"pair": 12, "two_pairs": 22, "three_of_a_kind": 18, "four_of_a_kind": 24}
        return 0, fixed.get(box) or most.get(box, 30)
    return 0, fixed.get(box, 30)


@given(played_games(), st.data())
def test_points_stay_within_each_box_bounds(game, data):
    dice, roll = data.draw(hands(game.rules.dice)), data.draw(rolls(game))
    column = game.column(game.current_player) if game.current_player else {}
    for box in game.rules.boxes:
        low, high = _bounds(game.rules.id, box.id)
        assert low <= score(game.rules, box.id, dice, roll, column) <= high


@given(played_games())
def test_record_round_trip_gives_identical_totals(game):
    again = Game.from_dict(game.to_dict())
    assert again.totals() == game.totals()
    assert again.turns == game.turns
    assert again.current_player == game.current_player


@given(played_games(), st.data())
def test_undo_then_redo_gives_the_same_sheet(game, data):
    if not game.turns:
        return
    before = (game.turns, game.totals())
    last = game.undo()
    game.record(last.box, last.dice, last.roll)
    assert (game.turns, game.totals()) == before


@given(played_games(), st.data())
def test_options_never_offer_a_filled_or_forbidden_box(game, data):
    dice, roll = data.draw(hands(game.rules.dice)), data.draw(rolls(game))
    player = game.current_player
    offered = game.options(dice, roll)
    if player is None:
        assert offered == []
        return
    column = game.column(player)
    assert offered
    assert not {b for b, _ in offered} & column.keys()
    assert sorted(b for b, _ in offered) == sorted(reference.legal(game.rules.id, dice, column))
    for box, points in offered:
        turn = game.record(box, dice, roll)
        assert turn.points == points
        game.undo()


# Drawing a whole finished game takes a while, more so on a busy machine.
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(played_games(finished=True))
def test_finished_games_total_as_the_reference_says(game):
    assert game.finished
    totals = game.totals()
    for player in game.players:
        column, extra = {}, 0
        for turn in game.turns:
            if turn.player == player:
                extra += reference.extra_bonus(game.rules.id, list(turn.dice), column)
                points = reference.points(
                    game.rules.id, turn.box, list(turn.dice), turn.roll, column
                )
                column[turn.box] = points
        expected = reference.totals(game.rules.id, column, extra)
        got = vars(totals[player])
        assert {k: got[k] for k in expected} == expected
    if game.rules.id == "catalan":
        assert abs(sum(t.vs_average for t in totals.values())) < 1e-9
