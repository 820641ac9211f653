"""The review view alone: a finished game's review names each player's loss and draws the
expected final scores and the chances to win over the game."""

from streamlit.testing.v1 import AppTest

from advisor import default_cache
from scoring import GAMES
from tests.advisor.random_play import random_game


def _review(table: str, game_id: str) -> None:
    from webapp.language import sheet_names
    from webapp.saved_games import open_game
    from webapp.views.review import review_panel

    saved = open_game(table, game_id)
    review_panel(saved, sheet_names(saved.game.rules, False))


def test_a_finished_games_review_is_drawn_once_the_advisor_is_ready(store, table):
    game = random_game(GAMES["yatzy"], ["Ann", "Bob"], seed=3)
    default_cache().build("yatzy")  # stored, so that the page finds it ready to load
    game_id = store.create(game.to_dict(), table=table).id
    page = AppTest.from_function(
        _review, kwargs={"table": table, "game_id": game_id}, default_timeout=60
    )
    for _ in range(30):
        page.run()
        if page.get("vega_lite_chart"):
            break
    assert not page.exception
    assert len(page.get("vega_lite_chart")) == 2, "expected final scores and chances to win"
    assert any("Ann" in m.value for m in page.markdown)
    assert any("Bob" in m.value for m in page.markdown)
