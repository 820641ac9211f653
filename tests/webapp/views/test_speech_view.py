"""The speech view alone: the switch is off by default, and a roll is said in words."""

from streamlit.testing.v1 import AppTest


def _speech(hand: list[int]) -> None:
    import streamlit as st

    from scoring import GAMES
    from webapp.advice import Turn
    from webapp.views.speech import roll_words, speak_toggle

    speak_toggle()
    st.write(roll_words(Turn(2, hand, [], {}), None, {}, GAMES["yatzy"]))


def test_the_switch_is_off_and_the_roll_is_worded_with_its_dice_in_order():
    page = AppTest.from_function(_speech, kwargs={"hand": [5, 1, 3, 3, 2]}).run()
    assert not page.exception
    assert page.toggle(key="say_aloud").value is False
    assert page.markdown[0].value == "Roll 2: 1, 2, 3, 3, 5."
