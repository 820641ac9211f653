"""Several stores, threads and processes on one file: no committed save is ever lost."""

import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from store import ConflictError, GameStore

REPO_ROOT = Path(__file__).resolve().parents[2]


def _append_turns(store: GameStore, game_id: str, player: str, count: int) -> int:
    """Append `count` turns, reloading after each conflict; return the number of saves."""
    saved = 0
    while saved < count:
        game = store.load(game_id)
        turns = [*game.record["turns"], {"player": player, "n": saved}]
        try:
            store.save(game_id, {**game.record, "turns": turns}, game.revision)
        except ConflictError:
            continue
        saved += 1
    return saved


def test_stale_save_from_second_browser_conflicts_and_changes_nothing(
    db_path: Path, record: dict[str, Any]
) -> None:
    browser_a, browser_b = GameStore(db_path), GameStore(db_path)
    game = browser_a.create(record)
    seen_by_b = browser_b.load(game.id)

    by_a = browser_a.save(game.id, {**record, "turns": [*record["turns"], {"by": "A"}]}, 1)
    with pytest.raises(ConflictError, match="revision 2") as caught:
        browser_b.save(game.id, {**record, "turns": [{"by": "B"}]}, seen_by_b.revision)
    assert str(db_path) in str(caught.value)
    assert browser_b.load(game.id) == by_a

    reloaded = browser_b.load(game.id)
    by_b = browser_b.save(game.id, {**reloaded.record, "turns": [{"by": "B"}]}, reloaded.revision)
    assert by_b.revision == 3
    with pytest.raises(ConflictError):
        browser_a.save(game.id, record, by_a.revision)


def test_threads_appending_turns_never_lose_a_save(db_path: Path) -> None:
    game = GameStore(db_path).create({"game": "yatzy", "players": [], "turns": []})
    threads_count, per_thread = 8, 15
    results: list[int] = []
    errors: list[BaseException] = []

    def worker(index: int) -> None:
        try:
            results.append(_append_turns(GameStore(db_path), game.id, f"p{index}", per_thread))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    final = GameStore(db_path).load(game.id)
    assert sum(results) == threads_count * per_thread
    assert len(final.record["turns"]) == sum(results)
    assert final.revision == 1 + sum(results)
    for i in range(threads_count):
        mine = [t["n"] for t in final.record["turns"] if t["player"] == f"p{i}"]
        assert mine == list(range(per_thread))


def test_one_store_shared_by_threads_creating_games_on_a_new_file(db_path: Path) -> None:
    store = GameStore(db_path)
    errors: list[BaseException] = []
    barrier = threading.Barrier(10)

    def worker() -> None:
        try:
            barrier.wait()
            for _ in range(5):
                store.create({"game": "yatzy", "players": [], "turns": []})
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    assert len(store.list_games()) == 50


_CHILD = """
import sys
from store import ConflictError, GameStore

store = GameStore(sys.argv[1])
saved = 0
while saved < int(sys.argv[3]):
    game = store.load(sys.argv[2])
    turns = [*game.record["turns"], {"player": sys.argv[4], "n": saved}]
    try:
        store.save(sys.argv[2], {**game.record, "turns": turns}, game.revision)
    except ConflictError:
        continue
    saved += 1
print(saved)
"""


def test_processes_appending_turns_never_lose_a_save(db_path: Path) -> None:
    game = GameStore(db_path).create({"game": "yatzy", "players": [], "turns": []})
    per_process = 20
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(db_path), game.id, str(per_process), f"p{i}"],
            cwd=REPO_ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(4)
    ]
    outputs = [child.communicate(timeout=120) for child in children]
    assert [child.returncode for child in children] == [0] * 4, outputs
    saves = sum(int(out) for out, _ in outputs)
    final = GameStore(db_path).load(game.id)
    assert saves == 4 * per_process
    assert len(final.record["turns"]) == saves
    assert final.revision == 1 + saves
