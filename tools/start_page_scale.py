"""How the start page scales with saved games: a table of 10,000 games in a store of
100,000, on SQLite and on PostgreSQL.

It fills a fresh store (one game made through the store, so that the store makes its own
schema; the rest copied in bulk with the same summaries), then times, over several runs:
the store's part of the start page (its three lists and counts of one table) and the whole
start page's script run (`streamlit.testing.v1.AppTest` on `app.py` at that table).

    python -m tools.start_page_scale [--games 100000] [--at-table 10000] [--runs 5]
        [--postgres postgresql://...]

Without `--postgres` it uses $DICE_TABLE_TEST_POSTGRES when set, else measures SQLite only.
It prints a markdown table of medians and maxima in milliseconds.
"""

import argparse
import os
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import psycopg
from streamlit.testing.v1 import AppTest

from scoring import Game
from store import ENV_VAR, GameStore, PostgresStore, SqliteStore, new_table, open_store
from store.records import Summary, encode, new_game_id, summarise
from tools.local_server import ROOT
from tools.solve_beside import page_runs

LISTED = 20
_INSERT = (
    "INSERT INTO games (id, record, revision, created, updated, sequence, table_id, finished,"
    " summary, fingerprint) VALUES ({0}, {0}, {0}, {0}, {0}, {0}, {0}, {0}, {0}, {0})"
)


def _rows(games: int, at_table: int, table: str) -> Iterator[tuple[object, ...]]:
    """Saved games: `at_table` of them at `table`, the rest at tables of ten; one in three
    finished."""
    playing = Game("yatzy", ["Ann", "Bob", "Cy"])
    finished = Game("yatzy", ["Ann"])
    for box in finished.rules.boxes:
        finished.record(box.id, [3, 3, 3, 4, 4])
    kinds: list[tuple[str, Summary]] = [
        (encode(g.to_dict()), summarise(g.to_dict())) for g in (playing, playing, finished)
    ]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    other = new_table()
    for number in range(games):
        if number >= at_table and number % 10 == 0:
            other = new_table()
        text, summary = kinds[number % 3]
        when = (start + timedelta(minutes=number)).isoformat()
        yield (
            new_game_id(),
            text,
            1,
            when,
            when,
            number + 2,
            table if number < at_table else other,
            int(summary.finished),
            summary.to_json(),
            summary.fingerprint,
        )


def fill(store: GameStore, games: int, at_table: int) -> str:
    """Fill an empty store with `games` games, `at_table` of them at one table; return it."""
    table = store.issue_table()
    store.create(Game("yatzy", ["Ann"]).to_dict(), table=table)
    rows = _rows(games - 1, at_table - 1, table)
    if isinstance(store, SqliteStore):
        with sqlite3.connect(store.path) as lite:
            lite.executemany(_INSERT.format("?"), rows)
    elif isinstance(store, PostgresStore):
        with psycopg.connect(store.url) as server, server.cursor() as cursor:
            cursor.executemany(_INSERT.format("%s"), list(rows))
            cursor.execute(f"SELECT setval('games_sequence', {games + 2})")
            cursor.execute("ANALYZE games")
    return table


def _store_part(store: GameStore, table: str) -> None:
    store.list_games(table=table, finished=False, abandoned=False, limit=LISTED)
    store.list_games(table=table, finished=True, limit=LISTED)
    store.list_games(table=table, abandoned=True, limit=LISTED)
    store.count(table=table, finished=False, abandoned=False)
    store.count(table=table, finished=True)
    store.count(table=table, abandoned=True)


def _page_runs(table: str, runs: int) -> tuple[float, float]:
    """The start page at `table`, run once to warm up, then `runs` times."""
    page = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    page.query_params["table"] = table
    page.run()
    assert not page.exception, page.exception
    times = page_runs(page, runs)
    return statistics.median(times), max(times)


def _timed(action: Callable[[], None], runs: int) -> tuple[float, float]:
    action()
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


@contextmanager
def _engine(address: str) -> Iterator[GameStore]:
    before = os.environ.get(ENV_VAR)
    os.environ[ENV_VAR] = address
    store = open_store(address)
    try:
        yield store
    finally:
        store.close()
        if before is None:
            del os.environ[ENV_VAR]
        else:
            os.environ[ENV_VAR] = before


def _fresh_postgres(url: str) -> str:
    """A new, empty database on the server at `url`, for this run."""
    name = f"scale_{new_game_id().lower().replace('-', '_')}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return url.rsplit("/", 1)[0] + f"/{name}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--at-table", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--postgres", default=os.environ.get("DICE_TABLE_TEST_POSTGRES", ""))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        addresses = {"SQLite": str(Path(folder) / "games.sqlite3")}
        if args.postgres:
            addresses["PostgreSQL"] = _fresh_postgres(args.postgres)
        print(
            f"{args.at_table:,} games at one table, {args.games:,} in the store, "
            f"{args.runs} runs each\n"
        )
        print("| store | store's part, ms (median / max) | start page run, ms (median / max) |")
        print("|---|---|---|")
        for name, address in addresses.items():
            with _engine(address) as store:
                table = fill(store, args.games, args.at_table)
                assert store.count(table=table) == args.at_table
                part = _timed(partial(_store_part, store, table), args.runs)
                page = _page_runs(table, args.runs)
            print(f"| {name} | {part[0]:.1f} / {part[1]:.1f} | {page[0]:.0f} / {page[1]:.0f} |")


if __name__ == "__main__":
    main()
