"""The review on the page: after the game with the standings, during it for a player who asks."""

import pyarrow as pa
import pytest
from streamlit.testing.v1 import AppTest

from advisor import review
from scoring import GAMES
from tests.advisor.random_play import random_game
from tests.webapp.driver import at_table, problems, record, set_dice, start
from tests.webapp.test_hostile import HOSTILE_NAMES, assert_no_markup_from_visitors
from webapp.text import plain


def charts(page: AppTest) -> list:
    return page.get("vega_lite_chart")


def until_reviewed(page: AppTest) -> AppTest:
    """Run the page again until the review's chart is drawn (the advisor's tables load in
    the background)."""
    for _ in range(20):
        if charts(page):
            break
        page.run()
    assert not problems(page)
    return page


def chart_rows(page: AppTest, field: str = "expected") -> dict[str, list[float]]:
    """A chart's values (expected final scores, or chances to win), player by player, in
    the order of turns played."""
    (chart,) = [c for c in charts(page) if field in c.proto.spec]
    (dataset,) = chart.proto.datasets
    frame = pa.ipc.open_stream(dataset.data.data).read_all().to_pandas()
    frame = frame.sort_values(["player", "turns"])
    return {player: list(rows[field]) for player, rows in frame.groupby("player")}


def review_lines(page: AppTest) -> list[str]:
    return [m.value for m in page.markdown if "gave up" in m.value]


def open_saved(store, record: dict) -> AppTest:
    table = store.issue_table()
    return at_table(table, store.create(record, table=table).id).run()


@pytest.mark.parametrize("names", [["Ann", "Bob"], HOSTILE_NAMES], ids=["plain", "hostile"])
def test_a_finished_game_shows_each_players_loss_and_a_chart(store, names):
    game = random_game(GAMES["yatzy"], names, seed=4)
    expected = review(game)  # solves the tables here, so the page finds them ready
    page = until_reviewed(open_saved(store, game.to_dict()))
    assert page.success, "the standings come first"
    lines = review_lines(page)
    assert len(lines) == len(names)
    for line, name in zip(lines, names, strict=True):
        assert line.startswith(f"**{plain(name)}** gave up ")
        assert f"**{expected.players[name].total_loss:.1f}**" in line
        assert f"luck {expected.players[name].luck:+.1f}" in line
    costly = [m.value for m in page.markdown if m.value.startswith("- round")]
    assert len(costly) == len(names), "one list of costliest choices per player"
    assert all(len(block.splitlines()) == 3 and "the advisor:" in block for block in costly)
    rows = chart_rows(page)
    assert sorted(rows) == sorted(names)
    for name in names:
        assert rows[name] == pytest.approx(expected.expected_finals(name))
    chances = chart_rows(page, "chance")
    for name in names:
        assert chances[name] == pytest.approx([c[name] for c in expected.chances])
        assert chances[name][-1] in (0.0, 0.5, 1.0), "a finished game is decided"
    (points,) = [m.value for m in page.markdown if m.value.startswith("**Turning points**")]
    assert len(points.splitlines()) == 1 + 3
    assert [b.proto.label for b in page.get("download_button")][-1] == "Download the review (JSON)"
    assert_no_markup_from_visitors(page)


def test_during_the_game_a_player_may_ask_for_the_review_so_far(page):
    review(random_game(GAMES["yatzy"], ["Ann"], seed=1, turns=1))  # solves yatzy here
    page = start(page, "yatzy", ["Ann", "Bob"])
    page = record(set_dice(page, [6, 6, 6, 6, 6]), "ones")
    assert not review_lines(page) and not charts(page), "only for a player who asks"
    page = until_reviewed(page.toggle(key="review_so_far").set_value(True).run())
    ann, bob = review_lines(page)
    assert "luck so far" in ann
    shown = " ".join(m.value for m in page.markdown)
    assert "- round 1: 6-6-6-6-6 in Ones (0); the advisor: Yatzy · **-" in shown
    assert bob.startswith("**Bob** gave up **0.0**")
    rows = chart_rows(page)
    assert len(rows["Ann"]) == 2 and len(rows["Bob"]) == 1
    assert rows["Ann"][1] < rows["Ann"][0], "a wasted five of a kind"
    page.toggle(key="advisor").set_value(False).run()
    assert not review_lines(page) and not charts(page), "no advisor, no review during the game"
