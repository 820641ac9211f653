"""The phone view alone: the game's address (its table and id) as a QR code and as text,
and the table's invite as plain text."""

from streamlit.testing.v1 import AppTest

TABLE = "T" * 24


def _phone(table: str, game_id: str) -> None:
    from webapp.views.phone import join_from_phone

    join_from_phone(table, game_id)


def test_the_popover_shows_the_games_address_and_the_tables_invite():
    kwargs = {"table": TABLE, "game_id": "abc123"}
    page = AppTest.from_function(_phone, kwargs=kwargs, default_timeout=30).run()
    assert not page.exception
    assert len(page.image) == 1
    joined, invited = (code.value for code in page.code)
    assert joined.endswith(f"?table={TABLE}&game=abc123")
    assert invited.endswith(f"?table={TABLE}")
    assert any("Invite" in caption.value for caption in page.caption)
