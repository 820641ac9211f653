"""One table's games file, or its queue of reviews, does not stop the other tables: a file
is taken in by batches beside their Records, only its game records are kept, and the
keeper of reviews serves tables in turn."""

import json
import random
import threading
import time
from pathlib import Path

from advisor import default_cache
from scoring import GAMES, Game
from store import GameStore, SqliteStore
from tests.player_stats.play import advised_game
from webapp.server.games_import import Importer
from webapp.server.kept_reviews import MOST_PER_TABLE, ReviewKeeper

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn")
# Enough games that one transaction for all of them held the file's lock for seconds.
FILE_GAMES = 4_000


def _random_game(rng: random.Random) -> Game:
    game = Game(rng.choice(list(GAMES)), rng.sample(NAMES, rng.randint(1, 2)))
    while not game.finished:
        dice = [rng.randint(1, 6) for _ in range(game.rules.dice)]
        game.record(rng.choice(game.options(dice, 3))[0], dice, 3)
    return game


def _games_file(count: int) -> bytes:
    """A games file of `count` different finished games (a game repeats after a few
    hundred, as a file may; the fingerprints keep one of each)."""
    rng = random.Random(7)
    made = [_random_game(rng).to_dict() for _ in range(min(count, 400))]
    entries = []
    for n in range(count):
        record = made[n % len(made)]
        entries.append(
            {
                "game": record["game"],
                "players": [f"{name} {n}" for name in record["players"]],
                "turns": [{**turn, "player": f"{turn['player']} {n}"} for turn in record["turns"]],
            }
        )
    return json.dumps(entries).encode()


def test_hardening_a_games_file_is_taken_in_beside_other_tables_records(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "games.sqlite3")
    importing, others = store.issue_table(), [store.issue_table() for _ in range(3)]
    data = _games_file(FILE_GAMES)
    importer = Importer()
    # How many of the file's games were in the store as each other table's Record was saved.
    added_when_saved: list[int] = []
    failures: list[BaseException] = []
    started = threading.Event()

    def play(table: str) -> None:
        game = Game("yatzy", ["Ann"])
        saved = store.create(game.to_dict(), table=table)
        started.wait()
        while (progress := importer.progress(importing)) is None or not progress.done:
            box = game.options([1, 2, 3, 4, 5], 3)[0][0]
            game.record(box, [1, 2, 3, 4, 5], 3)
            try:
                saved = store.save(saved.id, game.to_dict(), saved.revision, table=table)
            except Exception as failure:
                failures.append(failure)
                return
            added_when_saved.append(store.count(table=importing))
            if game.finished:
                game = Game("yatzy", ["Ann"])
                saved = store.create(game.to_dict(), table=table)

    players = [threading.Thread(target=play, args=(table,)) for table in others]
    for player in players:
        player.start()
    assert importer.take(store, importing, data)
    started.set()
    assert importer.settle(600)
    for player in players:
        player.join()
    progress = importer.progress(importing)
    assert progress is not None and progress.trouble is None
    assert progress.added == store.count(table=importing) == FILE_GAMES
    assert not failures, "every other table's Record was saved"
    between = {added for added in added_when_saved if 0 < added < FILE_GAMES}
    assert len(between) >= 2, "Records were saved between the file's batches, not after it"


def test_hardening_a_games_file_keeps_only_its_game_records(store: GameStore, table: str) -> None:
    game = _random_game(random.Random(1)).to_dict()
    junk = {**game, "junk": "x" * 100_000, "saved": "2026-01-02T03:04:05+00:00"}
    junk["turns"] = [{**turn, "junk": [1] * 1000} for turn in game["turns"]]
    importer = Importer()
    assert importer.take(store, table, json.dumps([junk]).encode())
    assert importer.settle(60)
    (saved,) = store.games(table=table)
    assert saved.record == Game.from_dict(game).to_dict()
    assert store.held(table=table)[1] < len(json.dumps(game)) + 1


def test_hardening_a_table_has_one_games_file_at_a_time(store: GameStore, table: str) -> None:
    importer = Importer()
    data = _games_file(600)
    assert importer.take(store, table, data)
    assert not importer.take(store, table, data), "the first is not taken in yet"
    assert importer.settle(300)
    assert importer.take(store, table, data)
    assert importer.settle(300)


def test_hardening_a_review_waits_for_one_review_of_another_table_at_most(
    store: GameStore,
) -> None:
    kind = "catalan"
    default_cache().solved(kind)
    busy, quiet = store.issue_table(), store.issue_table()
    played = [advised_game(kind, ["Ann", "Bob"], seed)[0] for seed in range(41)]
    queued = [store.create(game.to_dict(), table=busy).id for game in played[:40]]
    waiting = store.create(played[40].to_dict(), table=quiet)
    keeper = ReviewKeeper()
    keeper.ask(store, busy, queued)
    keeper.ask(store, quiet, [waiting.id])
    while not store.has_review(waiting.id, waiting.revision, table=quiet):
        time.sleep(0.01)
    assert keeper.waiting(busy) >= len(queued) - 5, "the quiet table did not wait its turn"
    assert keeper.settle(300)


def test_hardening_a_table_queues_a_bounded_number_of_reviews(store: GameStore) -> None:
    busy = store.issue_table()
    keeper = ReviewKeeper()
    keeper.ask(store, busy, [f"game{n}" for n in range(MOST_PER_TABLE + 50)])
    assert keeper.waiting(busy) <= MOST_PER_TABLE
    assert keeper.settle(120)
