"""Create, load, save, list and delete on one store; bad input changes nothing."""

import math
import re
from datetime import UTC
from typing import Any

import pytest

from store import GameNotFoundError, GameStore, StoreError


def test_create_then_load_returns_the_same_record(store: GameStore, record: dict[str, Any]) -> None:
    created = store.create(record)
    loaded = store.load(created.id)
    assert created.revision == 1
    assert loaded == created
    assert loaded.record == record
    assert loaded.created == loaded.updated
    assert loaded.created.tzinfo is UTC


def test_ids_are_short_url_safe_and_distinct(store: GameStore, record: dict[str, Any]) -> None:
    ids = {store.create(record).id for _ in range(50)}
    assert len(ids) == 50
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{8}", game_id) for game_id in ids)


def test_save_bumps_revision_and_persists(store: GameStore, record: dict[str, Any]) -> None:
    created = store.create(record)
    changed = {**record, "turns": [*record["turns"], {"player": "Bob", "box": "ones"}]}
    saved = store.save(created.id, changed, created.revision)
    assert saved.revision == 2
    assert saved.created == created.created
    assert saved.updated > created.updated
    reloaded = GameStore(store.path).load(created.id)
    assert reloaded == saved
    assert reloaded.record == changed


def test_extra_keys_and_unicode_survive(store: GameStore) -> None:
    record = {"game": "maxi yatzy", "players": ["Åsa", "Zoë"], "turns": [], "notes": {"x": None}}
    assert store.load(store.create(record).id).record == record


def test_returned_record_is_independent_of_the_callers_dict(
    store: GameStore, record: dict[str, Any]
) -> None:
    created = store.create(record)
    record["turns"].clear()
    assert len(created.record["turns"]) == 1
    assert len(store.load(created.id).record["turns"]) == 1


def test_list_games_newest_change_first_with_summary_fields(
    store: GameStore, record: dict[str, Any]
) -> None:
    first = store.create(record)
    second = store.create({"game": "yahtzee", "players": ["Cy"], "turns": []})
    third = store.create({"anything": "else"})
    assert [s.id for s in store.list_games()] == [third.id, second.id, first.id]

    resaved = store.save(first.id, {**record, "turns": record["turns"] * 3}, first.revision)
    summaries = store.list_games()
    assert [s.id for s in summaries] == [first.id, third.id, second.id]
    top = summaries[0]
    assert (top.game, top.players, top.turns) == ("yatzy", ("Ann", "Bob"), 3)
    assert (top.created, top.updated) == (first.created, resaved.updated)
    bare = summaries[1]
    assert (bare.game, bare.players, bare.turns) == ("", (), 0)
    assert store.unreadable_games() == []


def test_list_games_on_a_new_file_is_empty(store: GameStore) -> None:
    assert store.list_games() == []
    assert store.path.exists()


def test_delete_removes_only_that_game(store: GameStore, record: dict[str, Any]) -> None:
    keep = store.create(record)
    gone = store.create(record)
    store.delete(gone.id)
    with pytest.raises(GameNotFoundError):
        store.load(gone.id)
    assert [s.id for s in store.list_games()] == [keep.id]


@pytest.mark.parametrize("operation", ["load", "save", "delete"])
def test_unknown_id_raises_game_not_found(
    store: GameStore, record: dict[str, Any], operation: str
) -> None:
    existing = store.create(record)
    with pytest.raises(GameNotFoundError, match="nope") as caught:
        if operation == "load":
            store.load("nope")
        elif operation == "save":
            store.save("nope", record, 1)
        else:
            store.delete("nope")
    assert isinstance(caught.value, StoreError)
    assert isinstance(caught.value, LookupError)
    assert str(store.path) in str(caught.value)
    assert [s.id for s in store.list_games()] == [existing.id]


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (["not", "a", "dict"], TypeError),
        ("yatzy", TypeError),
        (None, TypeError),
        ({"game": "yatzy", "when": object()}, ValueError),
        ({"game": "yatzy", "score": math.nan}, ValueError),
        ({"game": "yatzy", "dice": {1, 2}}, ValueError),
    ],
)
def test_bad_record_is_rejected_and_changes_nothing(
    store: GameStore, record: dict[str, Any], bad: Any, error: type[Exception]
) -> None:
    existing = store.create(record)
    with pytest.raises(error, match="game record"):
        store.create(bad)
    with pytest.raises(error, match="game record"):
        store.save(existing.id, bad, existing.revision)
    assert store.load(existing.id) == existing
    assert [s.id for s in store.list_games()] == [existing.id]


def test_circular_record_is_rejected(store: GameStore) -> None:
    circular: dict[str, Any] = {"game": "yatzy"}
    circular["self"] = circular
    with pytest.raises(ValueError, match="game record"):
        store.create(circular)
    assert store.list_games() == []


def test_non_string_id_or_revision_is_a_type_error(
    store: GameStore, record: dict[str, Any]
) -> None:
    created = store.create(record)
    with pytest.raises(TypeError):
        store.load(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.save(created.id, record, "1")  # type: ignore[arg-type]
    assert store.load(created.id) == created


def test_revision_follows_saves_without_loading_the_record(tmp_path):
    store = GameStore(tmp_path / "games.db")
    saved = store.create({"game": "yatzy", "players": ["Ann"], "turns": []})
    assert store.revision(saved.id) == 1
    store.save(saved.id, {"game": "yatzy", "players": ["Ann"], "turns": [1]}, 1)
    assert store.revision(saved.id) == 2
    with pytest.raises(GameNotFoundError):
        store.revision("nope")
