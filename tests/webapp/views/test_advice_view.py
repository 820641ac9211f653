"""The advice view alone: the Advisor switch, and the keep it advises for a roll."""

from streamlit.testing.v1 import AppTest

from advisor import advise_keep
from scoring import Game


def _keep_advice(hand: list[int], roll: int, table: str, game_id: str) -> None:
    from advisor import advise_keep
    from webapp import turn_state
    from webapp.advice import Turn
    from webapp.saved_games import open_game
    from webapp.views.advice import keep_advice

    keeps = advise_keep("yatzy", hand, roll, {})
    saved = open_game(table, game_id)
    turn_state.play(saved.game.rules)
    kept = keep_advice(saved, Turn(roll, hand, keeps, {}))
    import streamlit as st

    st.write(f"kept rows: {sorted(kept)}")


def test_the_keep_advice_names_the_keep_and_ticks_its_dice_when_asked(store, table):
    hand = [6, 6, 6, 2, 1]
    best = advise_keep("yatzy", hand, 1, {})[0]
    game_id = store.create(Game("yatzy", ["Ann"]).to_dict(), table=table).id
    arguments = {"hand": hand, "roll": 1, "table": table, "game_id": game_id}
    page = AppTest.from_function(_keep_advice, kwargs=arguments, default_timeout=60)
    page.run()
    assert not page.exception
    assert any("Advisor:" in m.value for m in page.markdown)
    kept = [row for row, die in enumerate(hand) if die in best.keep]
    assert f"kept rows: {kept}" in [m.value for m in page.markdown]
    page.button(key="keep_as_advised").click().run()
    assert [page.session_state[f"hold_{row}"] for row in kept] == [True] * len(kept)


def _waiting() -> None:
    from scoring import Game
    from webapp.advice import Turn
    from webapp.saved_games import OpenGame
    from webapp.views.advice import advisor_toggle, keep_advice

    advisor_toggle()
    keep_advice(
        OpenGame("g", "t" * 16, Game("yatzy", ["Ann"]), 1), Turn(1, None, [], {}, waiting=True)
    )


def test_the_switch_is_on_by_default_and_a_waiting_advisor_says_so():
    page = AppTest.from_function(_waiting, default_timeout=30).run()
    assert not page.exception
    assert page.toggle(key="advisor").value is True
    assert "still working out" in page.caption[0].value
