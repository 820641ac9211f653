"""The photo view alone: a sample photo is read into the five dice and shown."""

import json

from streamlit.testing.v1 import AppTest

import samples


def _photo() -> None:
    import streamlit as st

    from webapp import turn_state
    from webapp.views.photo import photo_result, photo_sources

    photo_sources(lambda: st.write("under the camera"))
    photo_result()
    st.write(f"dice: {turn_state.dice()}")


def test_reading_a_sample_fills_the_dice_with_its_labelled_values():
    photo = samples.photos()[0]
    labelled = sorted(
        d["value"] for d in json.loads(photo.with_suffix(".json").read_text())["dice"]
    )
    page = AppTest.from_function(_photo, default_timeout=60).run()
    page.pills(key="photo_source").set_value("sample").run()
    page.selectbox(key="sample").set_value(photo).run()
    page.button(key="read_sample").click().run()
    assert not page.exception
    assert len(page.image) >= 1
    (line,) = [m.value for m in page.markdown if m.value.startswith("dice: ")]
    assert sorted(json.loads(line.removeprefix("dice: "))) == labelled
