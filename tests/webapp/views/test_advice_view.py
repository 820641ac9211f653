"""The advice view alone: the Advisor switch, and the keep it advises for a roll."""

from streamlit.testing.v1 import AppTest

from advisor import advise_keep


def _keep_advice(hand: list[int], roll: int) -> None:
    from advisor import advise_keep
    from webapp.advice import Turn
    from webapp.views.advice import keep_advice

    keeps = advise_keep("yatzy", hand, roll, {})
    kept = keep_advice(Turn(roll, hand, keeps, {}))
    import streamlit as st

    st.write(f"kept rows: {sorted(kept)}")


def test_the_keep_advice_names_the_keep_and_ticks_its_dice_when_asked():
    hand = [6, 6, 6, 2, 1]
    best = advise_keep("yatzy", hand, 1, {})[0]
    page = AppTest.from_function(_keep_advice, kwargs={"hand": hand, "roll": 1}, default_timeout=60)
    page.run()
    assert not page.exception
    assert any("Advisor:" in m.value for m in page.markdown)
    kept = [row for row, die in enumerate(hand) if die in best.keep]
    assert f"kept rows: {kept}" in [m.value for m in page.markdown]
    page.button(key="keep_as_advised").click().run()
    assert [page.session_state[f"hold_{row}"] for row in kept] == [True] * len(kept)


def _waiting() -> None:
    from webapp.advice import Turn
    from webapp.views.advice import advisor_toggle, keep_advice

    advisor_toggle()
    keep_advice(Turn(1, None, [], {}, waiting=True))


def test_the_switch_is_on_by_default_and_a_waiting_advisor_says_so():
    page = AppTest.from_function(_waiting, default_timeout=30).run()
    assert not page.exception
    assert page.toggle(key="advisor").value is True
    assert "still working out" in page.caption[0].value
