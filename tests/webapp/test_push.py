"""The watchers of pushed changes, used by every page thread and the feed's thread at once."""

import threading

from webapp.server.push import Watchers


def test_only_sessions_behind_the_saved_revision_are_told_and_then_forgotten() -> None:
    watchers = Watchers()
    watchers.watch("a", "game1", 3)
    watchers.watch("b", "game1", 4)
    watchers.watch("c", "game2", 1)
    assert watchers.behind("game1", 4) == ["a"]
    assert watchers.behind("game1", 4) == [], "told once, until it shows the game again"
    assert sorted(watchers.behind("game1", 5)) == ["b"]
    watchers.forget("c")
    assert watchers.behind("game2", 9) == []


def test_watchers_are_safe_from_many_threads_at_once() -> None:
    watchers = Watchers()
    sessions, rounds = 16, 300
    told: list[list[str]] = [[] for _ in range(sessions)]
    barrier = threading.Barrier(sessions + 1)

    def page(index: int) -> None:
        barrier.wait()
        for revision in range(rounds):
            watchers.watch(f"s{index}", "game", revision)

    def feed() -> None:
        barrier.wait()
        for revision in range(1, rounds + 1):
            for session_id in watchers.behind("game", revision):
                told[int(session_id[1:])].append(session_id)

    threads = [threading.Thread(target=page, args=(i,)) for i in range(sessions)]
    threads.append(threading.Thread(target=feed))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for session_id in watchers.behind("game", rounds + 1):
        told[int(session_id[1:])].append(session_id)
    assert all(told_to for told_to in told), "every page that fell behind was told"
    assert watchers.behind("game", rounds + 1) == []
