"""The turn view alone: whose turn, the dice, and a Record button per legal box."""

from streamlit.testing.v1 import AppTest

from scoring import Game, options
from store import GameStore


def _turn(game_id: str) -> None:
    import streamlit as st

    from webapp.advice import plan_turn
    from webapp.language import sheet_names
    from webapp.saved_games import open_table
    from webapp.state import ADVISOR_KEY
    from webapp.views.turn import boxes_panel, dice_panel, turn_header

    st.session_state.setdefault(ADVISOR_KEY, False)
    table = open_table(game_id)
    turn_header(table)
    turn = plan_turn(table)
    dice_panel(table, turn, frozenset())
    boxes_panel(table, sheet_names(table.game.rules, False), turn)


def test_set_dice_offer_every_legal_box_and_recording_one_saves_it(db):
    game_id = GameStore(db).create(Game("yatzy", ["Ann", "Bob"]).to_dict()).id
    page = AppTest.from_function(_turn, kwargs={"game_id": game_id}, default_timeout=30).run()
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
    (turn,) = GameStore(db).load(game_id).record["turns"]
    assert (turn["player"], turn["box"], sorted(turn["dice"])) == (
        "Ann",
        "full_house",
        sorted(hand),
    )
