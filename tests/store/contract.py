"""What every store engine guarantees, written once: create, load, save, list and delete
by table; bad input changes nothing; no committed save is ever lost to threads,
processes, simultaneous clicks or a killed server process.

Collected through `test_store_contract` (an SQLite file) and `test_postgres_contract` (a
PostgreSQL server): each gives the `address` fixture its engine.
"""

import json
import math
import re
import signal
import subprocess
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from scoring import GAMES, Game, HouseRules, house_rules
from store import (
    ConflictError,
    FiledGame,
    GameNotFoundError,
    GameStore,
    Quota,
    QuotaError,
    StoreError,
    UnknownTableError,
    games_file,
    new_table,
    open_store,
    read_games_file,
)

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_create_then_load_returns_the_same_record(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    created = store.create(record, table=table)
    loaded = store.load(created.id, table=table)
    assert created.revision == 1
    assert loaded == created
    assert loaded.record == record
    assert loaded.table == table
    assert loaded.created == loaded.updated
    assert loaded.created.tzinfo is UTC


def test_ids_are_short_url_safe_and_distinct(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    ids = {store.create(record, table=table).id for _ in range(50)}
    assert len(ids) == 50
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{8}", game_id) for game_id in ids)


def test_save_bumps_revision_and_persists(
    store: GameStore, address: str, table: str, record: dict[str, Any]
) -> None:
    created = store.create(record, table=table)
    changed = {**record, "turns": [*record["turns"], {"player": "Bob", "box": "ones"}]}
    saved = store.save(created.id, changed, created.revision, table=table)
    assert saved.revision == 2
    assert saved.created == created.created
    assert saved.updated > created.updated
    other = open_store(address)
    try:
        reloaded = other.load(created.id, table=table)
    finally:
        other.close()
    assert reloaded == saved
    assert reloaded.record == changed


def test_extra_keys_and_unicode_survive(store: GameStore, table: str) -> None:
    record = {"game": "maxi yatzy", "players": ["Åsa", "Zoë"], "turns": [], "notes": {"x": None}}
    assert store.load(store.create(record, table=table).id, table=table).record == record


def test_returned_record_is_independent_of_the_callers_dict(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    created = store.create(record, table=table)
    record["turns"].clear()
    assert len(created.record["turns"]) == 1
    assert len(store.load(created.id, table=table).record["turns"]) == 1


def test_list_games_newest_change_first_with_summary_fields(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    first = store.create(record, table=table)
    second = store.create({"game": "yahtzee", "players": ["Cy"], "turns": []}, table=table)
    third = store.create({"anything": "else"}, table=table)
    assert [s.id for s in store.list_games(table=table)] == [third.id, second.id, first.id]

    resaved = store.save(
        first.id, {**record, "turns": record["turns"] * 3}, first.revision, table=table
    )
    summaries = store.list_games(table=table)
    assert [s.id for s in summaries] == [first.id, third.id, second.id]
    top = summaries[0]
    assert (top.game, top.players, top.turns) == ("yatzy", ("Ann", "Bob"), 3)
    assert (top.created, top.updated, top.revision) == (first.created, resaved.updated, 2)
    bare = summaries[1]
    assert (bare.game, bare.players, bare.turns, bare.finished) == ("", (), 0, False)
    assert store.unreadable_games(table=table) == []
    assert store.list_games(table=table, limit=2) == summaries[:2]


def test_summary_of_a_finished_game_names_its_winners_and_totals(
    store: GameStore, table: str
) -> None:
    game = Game("yatzy", ["Ann", "Bob"])
    boxes = [box.id for box in game.rules.boxes]
    for box in boxes:
        game.record(box, [6, 6, 6, 6, 6])
        game.record(box, [1, 1, 2, 3, 3])
    done = store.create(game.to_dict(), table=table)
    going = store.create(Game("greek", ["Cy"]).to_dict(), table=table)
    totals = game.totals()

    (finished,) = store.list_games(table=table, finished=True)
    (playing,) = store.list_games(table=table, finished=False)
    assert (finished.id, playing.id) == (done.id, going.id)
    assert finished.finished and not playing.finished
    assert finished.winners == ("Ann",)
    assert finished.totals == (totals["Ann"].total, totals["Bob"].total)
    assert finished.turns == 2 * len(boxes)
    assert store.count(table=table) == 2
    assert store.count(table=table, finished=True) == 1
    assert store.count(table=table, finished=False) == 1


def test_variant_a_summary_counts_the_turns_of_every_column(store: GameStore, table: str) -> None:
    rules = house_rules(GAMES["yacht"], HouseRules(columns=(1, 2, 3)))
    game = Game(rules, ["Ann", "Bob"])
    game.record("chance", [6, 6, 6, 6, 5], column=2)
    store.create(game.to_dict(), table=table)
    store.create(Game("yacht", ["Cy"]).to_dict(), table=table)
    lengths = sorted(summary.length for summary in store.list_games(table=table))
    assert lengths == [12, 2 * 3 * 12]


def test_list_games_on_a_new_store_is_empty(store: GameStore, table: str) -> None:
    assert store.list_games(table=table) == []
    assert store.count(table=table) == 0


def test_a_table_sees_only_its_own_games(store: GameStore, record: dict[str, Any]) -> None:
    ours, theirs = store.issue_table(), store.issue_table()
    mine = store.create(record, table=ours)
    other = store.create(record, table=theirs)
    assert [s.id for s in store.list_games(table=ours)] == [mine.id]
    assert store.count(table=ours) == 1
    for operation in (
        lambda: store.load(other.id, table=ours),
        lambda: store.revision(other.id, table=ours),
        lambda: store.save(other.id, {"turns": []}, other.revision, table=ours),
        lambda: store.delete(other.id, table=ours),
    ):
        with pytest.raises(GameNotFoundError):
            operation()
    assert store.load(other.id, table=theirs) == other
    assert dict(store.tables()) == {ours: 1, theirs: 1}


@pytest.mark.parametrize("token", ["", "short", "a" * 65, "bad/token-with-slash", "ä" * 20])
def test_a_table_that_is_not_a_token_is_refused(
    store: GameStore, record: dict[str, Any], token: str
) -> None:
    with pytest.raises(ValueError, match="table token"):
        store.create(record, table=token)
    with pytest.raises(ValueError, match="table token"):
        store.list_games(table=token)
    assert store.tables() == []


def test_delete_removes_only_that_game(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    keep = store.create(record, table=table)
    gone = store.create(record, table=table)
    store.delete(gone.id, table=table)
    with pytest.raises(GameNotFoundError):
        store.load(gone.id, table=table)
    assert [s.id for s in store.list_games(table=table)] == [keep.id]


@pytest.mark.parametrize("operation", ["load", "save", "delete", "revision"])
def test_unknown_id_raises_game_not_found(
    store: GameStore, table: str, record: dict[str, Any], operation: str
) -> None:
    existing = store.create(record, table=table)
    with pytest.raises(GameNotFoundError, match="nope") as caught:
        if operation == "load":
            store.load("nope", table=table)
        elif operation == "save":
            store.save("nope", record, 1, table=table)
        elif operation == "revision":
            store.revision("nope", table=table)
        else:
            store.delete("nope", table=table)
    assert isinstance(caught.value, StoreError)
    assert isinstance(caught.value, LookupError)
    assert store.where in str(caught.value)
    assert [s.id for s in store.list_games(table=table)] == [existing.id]


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
    store: GameStore, table: str, record: dict[str, Any], bad: Any, error: type[Exception]
) -> None:
    existing = store.create(record, table=table)
    with pytest.raises(error, match="game record"):
        store.create(bad, table=table)
    with pytest.raises(error, match="game record"):
        store.save(existing.id, bad, existing.revision, table=table)
    assert store.load(existing.id, table=table) == existing
    assert [s.id for s in store.list_games(table=table)] == [existing.id]


def test_circular_record_is_rejected(store: GameStore, table: str) -> None:
    circular: dict[str, Any] = {"game": "yatzy"}
    circular["self"] = circular
    with pytest.raises(ValueError, match="game record"):
        store.create(circular, table=table)
    assert store.list_games(table=table) == []


def test_non_string_id_or_revision_is_a_type_error(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    created = store.create(record, table=table)
    with pytest.raises(TypeError):
        store.load(42, table=table)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        store.save(created.id, record, "1", table=table)  # type: ignore[arg-type]
    assert store.load(created.id, table=table) == created


def test_revision_follows_saves_without_loading_the_record(store: GameStore, table: str) -> None:
    saved = store.create({"game": "yatzy", "players": ["Ann"], "turns": []}, table=table)
    assert store.revision(saved.id, table=table) == 1
    store.save(saved.id, {"game": "yatzy", "players": ["Ann"], "turns": [1]}, 1, table=table)
    assert store.revision(saved.id, table=table) == 2


def _together(threads: list[threading.Thread]) -> None:
    """Start the threads and wait for them all."""
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def _append_turns(store: GameStore, game_id: str, table: str, player: str, count: int) -> int:
    """Append `count` turns, reloading after each conflict; return the number of saves."""
    saved = 0
    while saved < count:
        game = store.load(game_id, table=table)
        turns = [*game.record["turns"], {"player": player, "n": saved}]
        try:
            store.save(game_id, {**game.record, "turns": turns}, game.revision, table=table)
        except ConflictError:
            continue
        saved += 1
    return saved


def test_stale_save_from_second_browser_conflicts_and_changes_nothing(
    address: str, table: str, record: dict[str, Any]
) -> None:
    browser_a, browser_b = open_store(address), open_store(address)
    game = browser_a.create(record, table=table)
    seen_by_b = browser_b.load(game.id, table=table)

    turns = [*record["turns"], {"by": "A"}]
    by_a = browser_a.save(game.id, {**record, "turns": turns}, 1, table=table)
    with pytest.raises(ConflictError, match="revision 2") as caught:
        browser_b.save(game.id, {**record, "turns": [{"by": "B"}]}, seen_by_b.revision, table=table)
    assert browser_b.where in str(caught.value)
    assert browser_b.load(game.id, table=table) == by_a

    reloaded = browser_b.load(game.id, table=table)
    by_b = browser_b.save(
        game.id, {**reloaded.record, "turns": [{"by": "B"}]}, reloaded.revision, table=table
    )
    assert by_b.revision == 3
    with pytest.raises(ConflictError):
        browser_a.save(game.id, record, by_a.revision, table=table)
    browser_a.close()
    browser_b.close()


def test_simultaneous_clicks_on_one_revision_make_exactly_one_entry(
    address: str, table: str, record: dict[str, Any]
) -> None:
    stores = [open_store(address) for _ in range(8)]
    game = stores[0].create(record, table=table)
    barrier = threading.Barrier(len(stores))
    outcomes: list[str] = []

    def click(store: GameStore, index: int) -> None:
        changed = {**record, "turns": [*record["turns"], {"by": index}]}
        barrier.wait()
        try:
            store.save(game.id, changed, game.revision, table=table)
            outcomes.append("saved")
        except ConflictError:
            outcomes.append("conflict")

    threads = [threading.Thread(target=click, args=(s, i)) for i, s in enumerate(stores)]
    _together(threads)
    final = stores[0].load(game.id, table=table)
    for store in stores:
        store.close()
    assert sorted(outcomes) == ["conflict"] * 7 + ["saved"]
    assert final.revision == 2
    assert len(final.record["turns"]) == len(record["turns"]) + 1


def test_threads_appending_turns_never_lose_a_save(address: str, table: str) -> None:
    first = open_store(address)
    game = first.create({"game": "yatzy", "players": [], "turns": []}, table=table)
    threads_count, per_thread = 8, 15
    results: list[int] = []
    errors: list[BaseException] = []

    def worker(index: int) -> None:
        store = open_store(address)
        try:
            results.append(_append_turns(store, game.id, table, f"p{index}", per_thread))
        except BaseException as exc:
            errors.append(exc)
        finally:
            store.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(threads_count)]
    _together(threads)

    assert errors == []
    final = first.load(game.id, table=table)
    first.close()
    assert sum(results) == threads_count * per_thread
    assert len(final.record["turns"]) == sum(results)
    assert final.revision == 1 + sum(results)
    for i in range(threads_count):
        mine = [t["n"] for t in final.record["turns"] if t["player"] == f"p{i}"]
        assert mine == list(range(per_thread))


def test_one_store_shared_by_threads_creating_games_on_a_new_database(
    store: GameStore, table: str
) -> None:
    errors: list[BaseException] = []
    barrier = threading.Barrier(10)

    def worker() -> None:
        try:
            barrier.wait()
            for _ in range(5):
                store.create({"game": "yatzy", "players": [], "turns": []}, table=table)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(10)]
    _together(threads)

    assert errors == []
    assert len(store.list_games(table=table)) == 50


_CHILD = """
import sys
from store import ConflictError, open_store

address, game_id, table, count, player = sys.argv[1:6]
store = open_store(address)
saved = 0
while saved < int(count):
    game = store.load(game_id, table=table)
    turns = [*game.record["turns"], {"player": player, "n": saved}]
    try:
        store.save(game_id, {**game.record, "turns": turns}, game.revision, table=table)
    except ConflictError:
        continue
    saved += 1
    print(saved, flush=True)
"""


def _appender(
    address: str, game_id: str, table: str, count: int, player: str
) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _CHILD, address, game_id, table, str(count), player],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_processes_appending_turns_never_lose_a_save(
    store: GameStore, address: str, table: str
) -> None:
    game = store.create({"game": "yatzy", "players": [], "turns": []}, table=table)
    per_process = 20
    children = [_appender(address, game.id, table, per_process, f"p{i}") for i in range(4)]
    outputs = [child.communicate(timeout=120) for child in children]
    assert [child.returncode for child in children] == [0] * 4, outputs
    saves = sum(len(out.split()) for out, _ in outputs)
    final = store.load(game.id, table=table)
    assert saves == 4 * per_process
    assert len(final.record["turns"]) == saves
    assert final.revision == 1 + saves


def test_a_server_process_killed_mid_game_loses_no_confirmed_save(
    store: GameStore, address: str, table: str
) -> None:
    game = store.create({"game": "yatzy", "players": [], "turns": []}, table=table)
    child = _appender(address, game.id, table, 10_000, "killed")
    assert child.stdout is not None
    confirmed = 0
    for line in child.stdout:
        confirmed = int(line)
        if confirmed >= 25:
            child.send_signal(signal.SIGKILL)
            break
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    final = store.load(game.id, table=table)
    numbers = [t["n"] for t in final.record["turns"]]
    assert numbers == list(range(len(numbers))), "the saved turns are whole and in order"
    assert len(numbers) >= confirmed
    assert final.revision == 1 + len(numbers)
    store.save(game.id, {**final.record, "turns": []}, final.revision, table=table)


def _finished(players: list[str], dice: list[int]) -> Game:
    """A finished yatzy game whose players all write `dice` into each box in turn."""
    game = Game("yatzy", players)
    for box in game.rules.boxes:
        for _player in players:
            game.record(box.id, dice)
    return game


def test_statistics_summary_counts_bonus_fives_and_recorded_rolls(
    store: GameStore, table: str
) -> None:
    game = Game("yatzy", ["Ann", "Bob"])
    for face, box in enumerate(game.rules.boxes, start=1):
        alike = [face if face <= 6 else 6] * 5
        game.record(box.id, alike, roll=2, rolls=[{"dice": [*alike[:3], 1, 2], "kept": alike[:3]}])
        game.record(box.id, [1, 2, 3, 4, 6])
    store.create(game.to_dict(), table=table)
    (summary,) = store.list_games(table=table)
    assert summary.bonus == (True, False)
    assert summary.fives == (len(game.rules.boxes), 0)
    assert summary.rolled == (True, False)


def test_statistics_add_games_leaves_out_games_the_table_has(store: GameStore, table: str) -> None:
    first, second = _finished(["Ann"], [5, 5, 5, 2, 2]), _finished(["Bob"], [1, 1, 4, 4, 4])
    when = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    assert store.add_games([FiledGame(first, when), FiledGame(first)], table=table) == 1
    assert store.add_games([FiledGame(first), FiledGame(second)], table=table) == 1
    assert store.add_games([FiledGame(second)], table=store.issue_table()) == 1
    listed = store.list_games(table=table)
    assert sorted(s.players for s in listed) == [("Ann",), ("Bob",)]
    (ann,) = [s for s in listed if s.players == ("Ann",)]
    assert ann.created == ann.updated == when
    assert [g.record for g in store.games(table=table)] == [first.to_dict(), second.to_dict()]


def test_statistics_add_games_refuses_all_when_one_is_bad(store: GameStore, table: str) -> None:
    good, other = _finished(["Ann"], [5, 5, 5, 2, 2]), _finished(["Bob"], [1, 1, 4, 4, 4])
    with pytest.raises(ValueError):
        store.add_games([FiledGame(good), FiledGame(other, datetime(2026, 3, 1))], table=table)
    assert store.count(table=table) == 0


def test_statistics_review_is_kept_for_its_revision_only(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    created = store.create(record, table=table)
    assert not store.keep_review(created.id, 2, {"Ann": {"loss": 1.0}}, table=table)
    assert not store.has_review(created.id, 1, table=table)
    assert store.keep_review(created.id, 1, {"Ann": {"loss": 1.5}}, table=table)
    assert store.has_review(created.id, 1, table=table)
    assert store.reviews(table=table) == {created.id: {"Ann": {"loss": 1.5}}}
    assert store.reviews(table=new_table()) == {}
    with pytest.raises(GameNotFoundError):
        store.keep_review(created.id, 1, {}, table=new_table())
    store.save(created.id, record, 1, table=table)
    assert store.reviews(table=table) == {}, "a review of an earlier revision is out of date"
    assert store.keep_review(created.id, 2, {"Ann": {"loss": 0.5}}, table=table)
    store.delete(created.id, table=table)
    assert store.reviews(table=table) == {}


def test_statistics_names_are_counted_as_others_per_table(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    created = store.create(record, table=table)
    store.count_name_as("ann", "Anna", table=table)
    store.count_name_as("annie", "Anna", table=table)
    store.count_name_as("annie", "Ann", table=table)
    assert store.names(table=table) == {"ann": "Anna", "annie": "Ann"}
    assert store.names(table=new_table()) == {}
    store.count_name_as("ann", None, table=table)
    assert store.names(table=table) == {"annie": "Ann"}
    for bad in ("", " ", "x" * 201):
        with pytest.raises(ValueError):
            store.count_name_as("annie", bad, table=table)
    assert store.names(table=table) == {"annie": "Ann"}
    assert store.load(created.id, table=table).record == record


def test_hardening_a_token_never_issued_holds_nothing(
    store: GameStore, record: dict[str, Any]
) -> None:
    guessed = "A" * 16
    assert not store.has_table(guessed)
    with pytest.raises(UnknownTableError):
        store.create(record, table=guessed)
    with pytest.raises(UnknownTableError):
        store.add_games([FiledGame(Game.from_dict(record))], table=guessed)
    assert store.count(table=guessed) == 0
    issued = store.issue_table()
    assert store.has_table(issued)
    assert store.held(table=issued) == (0, 0)


def test_hardening_a_table_holds_its_quota_and_no_more(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    games = [_finished([name], [5, 5, 5, 2, 2]) for name in ("Ann", "Bob", "Cy")]
    store.quota = Quota(games=2, bytes=10**6)
    assert store.add_games([FiledGame(games[0]), FiledGame(games[1])], table=table) == 2
    with pytest.raises(QuotaError) as full:
        store.create(record, table=table)
    assert full.value.what == "games"
    with pytest.raises(QuotaError):
        store.add_games([FiledGame(games[2])], table=table)
    assert store.count(table=table) == 2
    assert store.add_games([FiledGame(games[0])], table=table) == 0, "a game already there"
    other = store.issue_table()
    store.quota = Quota(games=10, bytes=len(json.dumps(games[0].to_dict()).encode()) // 2)
    with pytest.raises(QuotaError) as heavy:
        store.add_games([FiledGame(games[0])], table=other)
    assert heavy.value.what == "bytes"
    assert store.count(table=other) == 0


def test_hardening_what_a_table_holds_follows_its_saves_and_deletes(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    created = store.create(record, table=table)
    longer = {**record, "turns": [*record["turns"], *record["turns"]]}
    store.save(created.id, longer, created.revision, table=table)
    (saved,) = store.games(table=table)
    assert store.held(table=table) == (
        1,
        len(json.dumps(saved.record, ensure_ascii=False).encode()),
    )
    store.delete(created.id, table=table)
    assert store.held(table=table) == (0, 0)


def test_around_the_table_an_abandoned_game_is_listed_apart_and_never_finished(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    playing = store.create(record, table=table)
    given_up = store.create(record, table=table)
    store.save(given_up.id, {**record, "abandoned": True}, given_up.revision, table=table)
    full = _finished(["Ann"], [5, 5, 5, 2, 2]).to_dict()
    done = store.create(full, table=table)
    store.create({**full, "abandoned": True}, table=table)

    (full_abandoned, abandoned) = store.list_games(table=table, abandoned=True)
    assert abandoned.id == given_up.id and abandoned.abandoned and not abandoned.finished
    assert full_abandoned.abandoned and not full_abandoned.finished, "even with every box full"
    assert [s.id for s in store.list_games(table=table, finished=False, abandoned=False)] == [
        playing.id
    ]
    assert [s.id for s in store.list_games(table=table, finished=True)] == [done.id]
    assert not any(s.abandoned for s in store.list_games(table=table, abandoned=False))
    assert store.list_games(table=table, finished=True, abandoned=True) == []
    assert store.count(table=table) == 4
    assert store.count(table=table, abandoned=True) == 2
    assert store.count(table=table, finished=False, abandoned=False) == 1
    assert store.count(table=table, finished=True) == 1
    assert store.count(table=table, finished=False) == 3, "in progress or abandoned"
    assert store.load(given_up.id, table=table).record["abandoned"] is True


def test_around_the_table_an_abandoned_game_stays_abandoned_through_a_games_file(
    store: GameStore, table: str, record: dict[str, Any]
) -> None:
    given_up = store.create({**record, "abandoned": True}, table=table)
    store.create(_finished(["Bob"], [1, 1, 4, 4, 4]).to_dict(), table=table)
    elsewhere = store.issue_table()
    assert (
        store.add_games(read_games_file(games_file(store.games(table=table))), table=elsewhere) == 2
    )

    (abandoned,) = store.list_games(table=elsewhere, abandoned=True)
    assert abandoned.fingerprint == store.list_games(table=table, abandoned=True)[0].fingerprint
    assert store.count(table=elsewhere, finished=True) == 1
    (moved,) = [saved for saved in store.games(table=elsewhere) if saved.record.get("abandoned")]
    assert moved.record == store.load(given_up.id, table=table).record
