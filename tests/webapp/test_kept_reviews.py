"""The server's one keeper of reviews, asked by many page threads at once: each finished
game is reviewed once and what was found is kept, equal to a review worked out here."""

import threading

from advisor import default_cache, review
from player_stats import review_facts
from scoring import Game
from store import GameStore
from tests.player_stats.play import advised_game
from webapp.server.kept_reviews import ReviewKeeper

KIND = "catalan"
THREADS = 8


def test_statistics_many_threads_asking_get_each_game_reviewed_once(
    store: GameStore, table: str
) -> None:
    default_cache().solved(KIND)
    games = [advised_game(KIND, ["Ann", "Bob"], seed, "Bob")[0] for seed in range(6)]
    ids = [store.create(game.to_dict(), table=table).id for game in games]
    playing = store.create(Game(KIND, ["Ann"]).to_dict(), table=table).id
    keeper = ReviewKeeper()
    start = threading.Barrier(THREADS)

    def ask(offset: int) -> None:
        start.wait()
        for step in range(len(ids)):
            keeper.ask(store, table, [ids[(offset + step) % len(ids)], playing])

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert keeper.settle(120)
    assert keeper.reviewed == len(ids), "each finished game once, the game in progress never"
    assert keeper.waiting(table) == 0
    kept = store.reviews(table=table)
    assert kept == {
        game_id: review_facts(review(game, chances=False))
        for game_id, game in zip(ids, games, strict=True)
    }
    keeper.ask(store, table, ids)
    assert keeper.settle(120)
    assert keeper.reviewed == len(ids), "a kept review is not worked out again"
