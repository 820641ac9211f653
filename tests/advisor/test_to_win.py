"""Play to win in the endgame: exact on a small case, the advisor's own play for points,
and better than playing for points over many simulated games."""

from functools import cache

import pytest

from advisor import advise_box, advise_keep, advise_to_win, endgame, win_chances
from advisor.dice import sub_keeps
from scoring import rules_of
from scoring.totals import column_totals
from tests.advisor.final_oracle import played, rerolled
from tools.play_to_win import win_rate


def all_but(game: str, open_boxes: set[str], **points: int) -> dict[str, int]:
    return {b.id: points.get(b.id, 0) for b in rules_of(game).boxes if b.id not in open_boxes}


@pytest.mark.parametrize("need", [18, 24, 27, 30])
@pytest.mark.parametrize(("dice", "roll"), [((1, 2, 5, 6, 6), 1), ((3, 3, 4, 6, 6), 2)])
def test_with_only_chance_open_the_chance_to_win_is_the_best_reach_of_a_target(
    need: int, dice: tuple[int, ...], roll: int
) -> None:
    game = "yatzy"
    mine = all_but(game, {"chance"}, sixes=18)
    so_far = sum(mine.values())
    target = so_far + need
    other = all_but(game, set(), sixes=18, chance=need)
    assert column_totals(rules_of(game), other, 0).total == target

    @cache
    def best(hand: tuple[int, ...], at: int) -> float:
        # The share of first place against a total of exactly ``target``, played for it.
        now = 1.0 if so_far + sum(hand) > target else 0.5 if so_far + sum(hand) == target else 0.0
        if at == 3:
            return now
        keeps = [sum(p * best(h, at + 1) for h, p in rerolled(k).items()) for k in sub_keeps(hand)]
        return max(now, *keeps)

    advice = advise_to_win(game, dice, roll, [mine, other], 0)
    assert advice is not None
    assert advice.to_win.chance == pytest.approx(best(dice, roll), abs=1e-12)
    if not advice.to_win.score_now:
        kept = advice.to_win.keep
        reached = sum(p * best(h, roll + 1) for h, p in rerolled(kept).items())
        assert reached == pytest.approx(best(dice, roll), abs=1e-12)


@pytest.mark.parametrize("game", ["yahtzee", "greek", "catalan"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_line_for_points_is_the_advisors(game: str, seed: int) -> None:
    boxes = len(rules_of(game).boxes)
    table = played(game, 2, 2 * boxes - 5, seed)
    player = table.current_player
    assert player is not None
    seat = table.players.index(player)
    columns = [table.column(p) for p in table.players]
    earned = [table.totals()[p].extra_bonus for p in table.players]
    found = endgame(game, columns, seat, earned=earned)
    assert found is not None
    column = columns[seat]
    for dice, roll in [((1, 1, 3, 5, 6), 1), ((2, 4, 4, 4, 6), 2), ((5, 5, 5, 2, 2), 3)]:
        points = found.advice(dice, roll).for_points
        if roll < 3:
            best = advise_keep(game, dice, roll, column)[0]
            assert (points.keep, points.score_now) == (tuple(sorted(best.keep)), best.score_now)
            assert points.expected == pytest.approx(best.expected + earned[seat], abs=1e-9)
        if points.score_now:
            box = advise_box(game, dice, roll, column)[0]
            assert points.box == box.box
            assert points.expected == pytest.approx(box.expected + earned[seat], abs=1e-9)


def test_the_chance_of_playing_for_points_is_that_of_win_chances_after_the_box() -> None:
    game = "yahtzee"
    table = played(game, 2, 2 * 13 - 5, seed=8)
    seat = table.players.index(table.current_player)
    columns = [table.column(p) for p in table.players]
    earned = [table.totals()[p].extra_bonus for p in table.players]
    dice = (2, 3, 4, 5, 6)
    points = advise_to_win(game, dice, 3, columns, seat, earned=earned).for_points
    box = advise_box(game, dice, 3, columns[seat])[0]
    after = list(columns)
    after[seat] = {**columns[seat], box.box: box.points}
    bonus = list(earned)
    bonus[seat] += box.extra_bonus
    assert points.chance == pytest.approx(win_chances(game, after, earned=bonus)[seat], abs=1e-9)


def test_outside_the_endgame_or_alone_there_is_no_advice_to_win() -> None:
    assert advise_to_win("yahtzee", (1, 2, 3, 4, 5), 1, [{}, {}], 0) is None
    alone = all_but("yatzy", {"chance"})
    assert advise_to_win("yatzy", (1, 2, 3, 4, 5), 1, [alone], 0) is None


def test_playing_to_win_wins_more_than_half_of_the_games_against_playing_for_points() -> None:
    mean, low, high = win_rate("yatzy", pairs=400, seed=1)
    assert low > 0.5, (mean, low, high)
