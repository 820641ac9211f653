"""The turn view alone: whose turn, the dice, and a Record button per legal box."""

from streamlit.testing.v1 import AppTest

from scoring import Game, options


def _turn(table: str, game_id: str) -> None:
    import streamlit as st

    from webapp.advice import plan_turn
    from webapp.language import sheet_names
    from webapp.saved_games import open_game
    from webapp.state import ADVISOR_KEY
    from webapp.views.turn import boxes_panel, dice_panel, turn_header

    st.session_state.setdefault(ADVISOR_KEY, False)
    saved = open_game(table, game_id)
    turn_header(saved)
    turn = plan_turn(saved)
    dice_panel(saved, turn, frozenset())
    boxes_panel(saved, sheet_names(saved.game.rules, False), turn)


def test_set_dice_offer_every_legal_box_and_recording_one_saves_it(store, table):
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    page = AppTest.from_function(
        _turn, kwargs={"table": table, "game_id": game_id}, default_timeout=30
    ).run()
    assert not page.exception
    assert any("Ann" in m.value and "to play" in m.value for m in page.markdown)
    hand = [4, 4, 4, 2, 2]
    for i, value in enumerate(hand):
        page.segmented_control(key=f"die_{i}").set_value(value)
    page.run()
    shown = sorted(
        b.key.removeprefix("record_") for b in page.button if b.key.startswith("record_")
    )
    assert shown == sorted(box for box, _ in options("yatzy", hand))
    page.button(key="record_full_house").click().run()
    assert not page.exception
    (turn,) = store.load(game_id, table=table).record["turns"]
    assert (turn["player"], turn["box"], sorted(turn["dice"])) == (
        "Ann",
        "full_house",
        sorted(hand),
    )
