"""The language view alone: the picker changes the page's language and its address."""

from streamlit.testing.v1 import AppTest


def _picker() -> None:
    import streamlit as st

    from webapp.language import _
    from webapp.views.language import language_picker, settle_language

    settle_language(None)
    language_picker()
    st.write(_("Dice table"))


def test_picking_a_language_translates_the_page_and_keeps_it_in_the_address():
    page = AppTest.from_function(_picker, default_timeout=30).run()
    assert page.markdown[0].value == "Dice table"
    page.selectbox(key="language_picker").set_value("ca").run()
    assert not page.exception
    assert page.query_params["lang"] == ["ca"] or page.query_params["lang"] == "ca"
    assert page.markdown[0].value != "Dice table"
