"""A turn as the live camera follows it: scenes taken as rolls, held dice, earlier rolls."""

from scoring import EarlierRoll, Game
from vision import Die
from webapp.live_turn import Seen, TurnSoFar, advance, look, rows_of

EMPTY = TurnSoFar((None,) * 5, None)


def scene(*dice: tuple[int, int]) -> list[Die]:
    """Dice by (value, column), 100 px apart on one line, read surely."""
    return [Die(value, (100 * x, 0, 100 * x + 50, 50), 0.99) for value, x in dice]


FIRST = scene((6, 0), (2, 1), (6, 2), (1, 3), (3, 4))


def test_no_dice_or_too_few_are_no_roll():
    assert look(FIRST, [], 5).seen is Seen.EMPTY
    assert look(FIRST, FIRST[:3], 5).seen is Seen.PARTIAL


def test_a_scene_where_no_die_moved_is_no_roll():
    assert look(FIRST, FIRST, 5).seen is Seen.UNCHANGED


def test_the_same_values_in_new_places_are_a_roll():
    moved = scene((6, 5), (2, 6), (6, 7), (1, 8), (3, 9))
    seen = look(FIRST, moved, 5)
    assert seen.seen is Seen.ROLL
    assert seen.stayed == frozenset()


def test_dice_that_stayed_keep_their_rows_and_the_rolled_fill_the_rest_in_order():
    # The two sixes stay; three dice rolled again land elsewhere, read left to right.
    later = scene((4, 5), (6, 0), (5, 6), (6, 2), (2, 7))
    seen = look(FIRST, later, 5)
    assert seen.seen is Seen.ROLL
    assert seen.stayed == frozenset({0, 2})
    assert [d.value for d in seen.rows] == [6, 4, 6, 5, 2]


def test_a_first_scene_gives_roll_one():
    turn = advance(EMPTY, look([], FIRST, 5), follows=False, last=3)
    assert turn == TurnSoFar((6, 2, 6, 1, 3), 1)


def test_three_rolls_with_dice_left_in_place_make_the_turns_rolls():
    second = scene((6, 0), (5, 5), (6, 2), (6, 6), (1, 7))
    third = scene((6, 0), (6, 8), (6, 2), (6, 6), (6, 9))
    turn = advance(EMPTY, look([], FIRST, 5), follows=False, last=3)
    rolled = look(FIRST, second, 5)
    turn = advance(turn, rolled, follows=True, last=3)
    assert (turn.roll, turn.held) == (2, frozenset({0, 2}))
    turn = advance(turn, look(rolled.rows, third, 5), follows=True, last=3)
    assert turn.roll == 3
    assert turn.held == frozenset({0, 2, 3})
    assert turn.earlier == (
        EarlierRoll((6, 2, 6, 1, 3), (6, 6)),
        EarlierRoll((6, 5, 6, 6, 1), (6, 6, 6)),
    )
    game = Game("yatzy", ["Ann"])
    recorded = game.record("five_of_a_kind", turn.dice, turn.roll, turn.earlier)
    assert recorded.points == 50
    assert recorded.rolls == (
        EarlierRoll((1, 2, 3, 6, 6), (6, 6)),
        EarlierRoll((1, 5, 6, 6, 6), (6, 6, 6)),
    )
    assert advance(turn, look(third, FIRST, 5), follows=True, last=3) is None, "roll 3 was the last"


def test_a_value_fixed_by_hand_stays_fixed_on_a_held_die():
    fixed = TurnSoFar((5, 2, 6, 1, 3), 1)
    later = scene((6, 0), (4, 5), (6, 2), (5, 6), (2, 7))
    turn = advance(fixed, look(FIRST, later, 5), follows=True, last=3)
    assert turn.dice == (5, 4, 6, 5, 2)
    assert turn.earlier == (EarlierRoll((5, 2, 6, 1, 3), (5, 6)),)


def test_dice_set_another_way_are_replaced_at_the_same_roll():
    typed = TurnSoFar((1, 1, 1, 1, 1), 2)
    turn = advance(typed, look([], FIRST, 5), follows=False, last=3)
    assert (turn.dice, turn.roll, turn.held) == ((6, 2, 6, 1, 3), 2, frozenset())


def test_after_a_manual_roll_again_the_scene_fills_the_roll_and_held_dice_stay_held():
    waiting = TurnSoFar((6, None, 6, None, None), 2, frozenset({0, 2}))
    later = scene((6, 0), (4, 5), (6, 2), (5, 6), (2, 7))
    turn = advance(waiting, look(FIRST, later, 5), follows=True, last=3)
    assert (turn.dice, turn.roll, turn.held) == ((6, 4, 6, 5, 2), 2, frozenset({0, 2}))


def test_rows_of_takes_the_first_of_equal_dice():
    assert rows_of((6, 2, 6, 6, None), (6, 6)) == frozenset({0, 2})
    assert rows_of((1, 2, 3, 4, 5), ()) == frozenset()


def test_variant_a_scene_of_six_dice_is_a_roll_only_with_all_six():
    six = [*FIRST, *scene((4, 5))]
    assert look([], six[:5], 6).seen is Seen.PARTIAL
    assert look([], six, 6).seen is Seen.ROLL
