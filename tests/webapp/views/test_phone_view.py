"""The phone view alone: the game's address as a QR code and as text."""

from streamlit.testing.v1 import AppTest


def _phone(game_id: str) -> None:
    from webapp.views.phone import join_from_phone

    join_from_phone(game_id)


def test_the_popover_shows_the_games_address_with_its_id():
    page = AppTest.from_function(_phone, kwargs={"game_id": "abc123"}, default_timeout=30).run()
    assert not page.exception
    assert len(page.image) == 1
    assert page.code[0].value.endswith("?game=abc123")
