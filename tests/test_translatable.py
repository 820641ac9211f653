"""Refusals keep the template and values of their message, so a page can translate it."""

import pytest

from scoring import Game
from scoring.errors import PlayerError
from translatable import TranslatableError
from vision import InvalidImageError, decode_image


def test_a_refused_name_keeps_its_template_and_values():
    with pytest.raises(PlayerError) as refused:
        Game("yatzy", ["Ann", "ann"])
    error = refused.value
    assert isinstance(error, TranslatableError)
    assert "{name!r}" in error.template
    assert error.values == {"name": "ann"}
    assert str(error) == error.template.format(name="ann")


def test_a_refused_photo_keeps_its_template():
    with pytest.raises(InvalidImageError) as refused:
        decode_image(b"")
    assert str(refused.value) == refused.value.template
    assert refused.value.values == {}


def test_a_template_without_values_may_hold_braces():
    assert str(TranslatableError("a record {not filled}")) == "a record {not filled}"
