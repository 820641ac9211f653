"""The photo view alone: a sample photo is read into the five dice and shown."""

import json

from streamlit.testing.v1 import AppTest

import samples
from scoring import Game


def _photo(table: str, game_id: str) -> None:
    import streamlit as st

    from webapp import turn_state
    from webapp.saved_games import open_game
    from webapp.views.photo import photo_result, photo_sources

    saved = open_game(table, game_id)
    turn_state.play(saved.game.rules)
    photo_sources(saved, lambda: st.write("under the camera"))
    photo_result(saved)
    st.write(f"dice: {turn_state.dice()}")


def test_reading_a_sample_fills_the_dice_with_its_labelled_values(store, table):
    photo = samples.photos()[0]
    game_id = store.create(Game("yatzy", ["Ann"]).to_dict(), table=table).id
    labelled = sorted(
        d["value"] for d in json.loads(photo.with_suffix(".json").read_text())["dice"]
    )
    arguments = {"table": table, "game_id": game_id}
    page = AppTest.from_function(_photo, kwargs=arguments, default_timeout=60).run()
    page.pills(key="photo_source").set_value("sample").run()
    page.selectbox(key="sample").set_value(photo).run()
    page.button(key="read_sample").click().run()
    assert not page.exception
    assert len(page.image) >= 1
    (line,) = [m.value for m in page.markdown if m.value.startswith("dice: ")]
    assert sorted(json.loads(line.removeprefix("dice: "))) == labelled
