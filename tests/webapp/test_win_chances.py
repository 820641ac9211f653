"""Each player's chance to win on the sheet, and play to win in the endgame."""

import pytest

from advisor import advise_to_win, win_chances
from scoring import GAMES
from tests.advisor.final_oracle import played
from tests.webapp.driver import problems, record, set_dice, sheet, start
from tests.webapp.test_review import open_saved

CHANCE_ROW = "Chance to win"


def _percent(text: str) -> float:
    """A shown chance as a fraction ("<1%" as 0.005, ">99%" as 0.995)."""
    value = float(text.strip("<>%\xa0 ")) / 100
    return value + 0.005 * (text.startswith("<") - text.startswith(">"))


def test_after_each_entry_the_sheet_shows_each_players_chance_to_win(page):
    expected = win_chances("yahtzee", [{"five_of_a_kind": 50}, {}])  # solves yahtzee here
    page = start(page, "yahtzee", ["Ann", "Bob"])
    shown = sheet(page)
    assert list(shown.loc[CHANCE_ROW]) == ["50%", "50%"], "alike at the start"
    page = record(set_dice(page, [6, 6, 6, 6, 6], roll=3), "five_of_a_kind")
    assert not problems(page)
    shown = [_percent(cell) for cell in sheet(page).loc[CHANCE_ROW]]
    assert shown == pytest.approx(expected, abs=0.006)
    assert shown[0] > 0.5


def test_without_the_advisor_no_chances_are_shown(page):
    page = start(page, "yahtzee", ["Ann", "Bob"])
    page = page.toggle(key="advisor").set_value(False).run()
    assert CHANCE_ROW not in sheet(page).index


@pytest.mark.parametrize("seed", [2, 5])
def test_in_the_endgame_the_play_to_win_is_offered_beside_the_play_for_points(store, seed):
    game = played("yatzy", 2, 2 * len(GAMES["yatzy"].boxes) - 3, seed)
    seat = game.players.index(game.current_player)
    columns = [game.column(p) for p in game.players]
    dice = [1, 2, 2, 5, 6]
    advice = advise_to_win("yatzy", dice, 1, columns, seat)
    assert advice is not None
    page = set_dice(open_saved(store, game.to_dict()), dice, roll=1)
    assert not problems(page)
    texts = [m.value for m in page.markdown] + [c.value for c in page.caption]
    if advice.differ:
        (line,) = [t for t in texts if "To win:" in t]
        assert "for points:" in line
    else:
        assert any("Playing to win agrees" in t for t in texts)
