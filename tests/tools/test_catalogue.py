"""The catalogue command finds the refusals a page translates by their class."""

from tools.catalogue import refusals


def _found() -> dict[str, set[str | None]]:
    found: dict[str, set[str | None]] = {}
    for refusal in refusals():
        found.setdefault(refusal.path, set()).add(refusal.template)
    return found


def test_refusals_are_found_by_class_through_imports_and_re_exports():
    found = _found()
    # PlayerError, from scoring.errors; GameOverError imported from scoring's face.
    assert (
        "{name!r} is named twice; give each player a different name" in found["scoring/players.py"]
    )
    assert "the game is over: every box is filled" in found["webapp/saved_games.py"]
    # InvalidImageError derives from TranslatableError in another package.
    assert "the file is empty" in found["vision/decode.py"]
    # The store's errors are not refusals a page translates.
    assert not any(path.startswith("store/") for path in found)


def test_every_refusal_of_the_rules_engine_is_a_template():
    built = [r for r in refusals() if r.path.startswith("scoring/") and r.template is None]
    assert built == []
