"""What one table's games file and review queue cost the other tables.

    python -m tools.hardening_benchmark [--store sqlite|postgres] [--players 3]

Import: the largest games file a table may send (20 MB: finished two-player games with
every turn's earlier rolls, as many as fit) is taken in by the server's importer at one
table, while `--players` other tables each record turns as fast as their store answers.
It prints the importer's wall and CPU time (the whole process's CPU over the import, so
the players' share is in it too), and the other tables' Records: how many, how many
failed, and their median, p95 and longest time.

Reviews: one table queues `--queued` finished games for review, then another table one;
it prints how long that one waited for its review (and how many of the first table's
were still waiting then).

Memory: `--imports` files like the first, each at a table of its own, one after the
other; it prints the process's resident memory before and after each.
"""

import argparse
import json
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from advisor import default_cache
from scoring import Game
from store import LARGEST_FILE, GameStore, open_store
from tools.load_benchmark import percentile
from tools.postgres_server import fresh_database, running_postgres
from webapp.server.games_import import Importer
from webapp.server.kept_reviews import ReviewKeeper

KIND = "yatzy"
REVIEWED = "catalan"
# The separators of the games file the page writes.
COMPACT = (",", ":")


def _rolled_game(rng: random.Random, seat: int) -> dict[str, object]:
    """A finished two-player game played at random, each turn with two earlier rolls."""
    game = Game(KIND, [f"Ann {seat}", f"Bob {seat}"])
    while not game.finished:
        rolls = []
        dice = [rng.randint(1, 6) for _ in range(5)]
        for _ in range(2):
            kept = dice[: rng.randint(0, 5)]
            rolls.append({"dice": dice, "kept": kept})
            dice = kept + [rng.randint(1, 6) for _ in range(5 - len(kept))]
        game.record(rng.choice(game.options(dice, 3))[0], dice, 3, rolls)
    return game.to_dict()


def largest_file() -> tuple[bytes, int]:
    """The largest games file a table may send, and how many games it holds."""
    rng = random.Random(1)
    games: list[dict[str, object]] = []
    size = 2
    while True:
        game = _rolled_game(rng, len(games))
        grown = size + len(json.dumps(game, separators=COMPACT)) + 1
        if grown > LARGEST_FILE:
            return json.dumps(games, separators=COMPACT).encode(), len(games)
        games.append(game)
        size = grown


def _play(store: GameStore, table: str, done: threading.Event, times: list[float]) -> int:
    """Record turns at `table` until `done`, noting each save's time; how many failed."""
    failed = 0
    game = Game(KIND, ["Cy"])
    saved = store.create(game.to_dict(), table=table)
    while not done.is_set():
        game.record(game.options([1, 2, 3, 4, 5], 3)[0][0], [1, 2, 3, 4, 5], 3)
        began = time.monotonic()
        try:
            saved = store.save(saved.id, game.to_dict(), saved.revision, table=table)
            times.append(time.monotonic() - began)
        except Exception:
            failed += 1
            saved = store.load(saved.id, table=table)
            game = Game.from_dict(saved.record)
        if game.finished:
            game = Game(KIND, ["Cy"])
            saved = store.create(game.to_dict(), table=table)
    return failed


def measure_import(store: GameStore, players: int) -> None:
    """Take the largest file in at one table beside `players` tables recording turns."""
    data, count = largest_file()
    importing = store.issue_table()
    tables = [store.issue_table() for _ in range(players)]
    done = threading.Event()
    times: list[float] = []
    failures: list[int] = []
    threads = [
        threading.Thread(target=lambda t=t: failures.append(_play(store, t, done, times)))
        for t in tables
    ]
    for thread in threads:
        thread.start()
    importer = Importer()
    began, cpu = time.monotonic(), time.process_time()
    importer.take(store, importing, data)
    importer.settle(3600)
    wall, cpu = time.monotonic() - began, time.process_time() - cpu
    done.set()
    for thread in threads:
        thread.join()
    progress = importer.progress(importing)
    print(
        f"| {len(data) / 2**20:.1f} MB, {count} games | {progress.added if progress else 0} "
        f"| {wall:.1f} | {cpu:.1f} | {len(times)} | {sum(failures)} "
        f"| {statistics.median(times) * 1000:.0f} | {percentile(times, 0.95) * 1000:.0f} "
        f"| {max(times) * 1000:.0f} |"
    )


def resident_mib() -> float:
    """This process's resident memory now, in MiB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def measure_memory(store: GameStore, imports: int) -> None:
    """Resident memory before and after each of `imports` largest files taken in."""
    data, _count = largest_file()
    importer = Importer()
    held = [resident_mib()]
    for _ in range(imports):
        importer.take(store, store.issue_table(), data)
        importer.settle(3600)
        held.append(resident_mib())
    print("| " + " | ".join(f"{mib:.0f}" for mib in held) + " |")


def measure_reviews(store: GameStore, queued: int) -> None:
    """How long one table's finished game waits behind another table's queue."""
    default_cache().solved(REVIEWED)
    rng = random.Random(2)
    busy, quiet = store.issue_table(), store.issue_table()
    ids = [store.create(_finished(rng), table=busy).id for _ in range(queued)]
    waiting = store.create(_finished(rng), table=quiet)
    keeper = ReviewKeeper()
    keeper.ask(store, busy, ids)
    began = time.monotonic()
    keeper.ask(store, quiet, [waiting.id])
    while not store.has_review(waiting.id, waiting.revision, table=quiet):
        time.sleep(0.005)
    wait = time.monotonic() - began
    print(f"| {queued} | {wait:.2f} | {keeper.waiting(busy)} |")
    keeper.settle(3600)


def _finished(rng: random.Random) -> dict[str, object]:
    game = Game(REVIEWED, ["Ann", "Bob"])
    while not game.finished:
        dice = [rng.randint(1, 6) for _ in range(5)]
        game.record(rng.choice(game.options(dice, 3))[0], dice, 3)
    return game.to_dict()


@contextmanager
def _store(kind: str) -> Iterator[GameStore]:
    if kind == "postgres":
        given = os.environ.get("DICE_TABLE_TEST_POSTGRES")
        with running_postgres() if not given else _given(given) as server:
            store = open_store(fresh_database(server))
            yield store
            store.close()
        return
    with tempfile.TemporaryDirectory() as folder:
        yield open_store(Path(folder) / "games.sqlite3")


@contextmanager
def _given(url: str) -> Iterator[str]:
    yield url


def main() -> None:
    """Print the import's and the reviews' tables for the store chosen."""
    parser = argparse.ArgumentParser(prog="python -m tools.hardening_benchmark")
    parser.add_argument("--store", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--queued", type=int, default=400)
    parser.add_argument("--imports", type=int, default=5)
    args = parser.parse_args()
    print(f"Import beside {args.players} tables recording, {args.store}:\n")
    print(
        "| file | games added | wall s | CPU s | other Records | failed | median ms "
        "| p95 ms | longest ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with _store(args.store) as store:
        measure_import(store, args.players)
    print(f"\nA review behind another table's queue, {args.store}:\n")
    print("| other table's queue | wait s | its games still queued then |")
    print("|---:|---:|---:|")
    with _store(args.store) as store:
        measure_reviews(store, args.queued)
    print(f"\nResident MiB before and after each of {args.imports} files, {args.store}:\n")
    print("| before | " + " | ".join(f"after {n + 1}" for n in range(args.imports)) + " |")
    print("|" + "---:|" * (args.imports + 1))
    with _store(args.store) as store:
        measure_memory(store, args.imports)


if __name__ == "__main__":
    main()
