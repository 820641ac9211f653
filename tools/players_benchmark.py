"""How the Players page scales with a table's games: 100 and 5,000 finished games.

For each size it fills a fresh SQLite store with games of random legal play (two to four
of six players, the five games in turn, a day apart), keeps each game's review once (as
the server's keeper does), then times the Players page's script run (`AppTest` on
`app.py`, median of `--runs` after one warm-up run), the export of the table's games and
their import on an empty server, and an import of the same file again (which adds none).

    python -m tools.players_benchmark [--games 100 5000] [--runs 5]

It prints a markdown table; times in milliseconds, the file in megabytes.
"""

import argparse
import os
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from streamlit.testing.v1 import AppTest

from advisor import advised_games, default_cache, review
from player_stats import review_facts
from scoring import Game
from store import ENV_VAR, FiledGame, SqliteStore, games_file, read_games_file
from tools.local_server import ROOT

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn")
START = datetime(2020, 1, 1, 19, 0, tzinfo=UTC)


def _game(rng: random.Random, kind: str) -> Game:
    game = Game(kind, rng.sample(NAMES, rng.randint(2, 4)))
    while not game.finished:
        dice = [rng.randint(1, 6) for _ in range(5)]
        game.record(rng.choice(game.options(dice, 3))[0], dice, 3)
    return game


def _filled(path: Path, count: int) -> tuple[SqliteStore, str, float]:
    """A store with `count` finished games at one table, each review kept; and how long
    keeping the reviews took, per game (replayed from the record, as the keeper does)."""
    rng, store = random.Random(count), SqliteStore(path)
    table = store.issue_table()
    kinds = advised_games()
    games = [_game(rng, kinds[n % len(kinds)]) for n in range(count)]
    when = [START + timedelta(days=n) for n in range(count)]
    store.add_games(
        [FiledGame(game, saved) for game, saved in zip(games, when, strict=True)], table=table
    )
    began = time.perf_counter()
    for saved in store.games(table=table):
        found = review_facts(review(Game.from_dict(saved.record), chances=False))
        store.keep_review(saved.id, saved.revision, found, table=table)
    return store, table, (time.perf_counter() - began) / count


def _page_ms(path: Path, table: str, runs: int) -> tuple[float, float]:
    os.environ[ENV_VAR] = str(path)
    times = []
    for _ in range(runs + 1):
        page = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        page.query_params["table"] = table
        page.query_params["view"] = "players"
        began = time.perf_counter()
        page.run()
        times.append((time.perf_counter() - began) * 1000)
        assert not page.exception, page.exception
        assert page.dataframe, "the players' table is shown"
    return statistics.median(times[1:]), max(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[100, 5000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for kind in advised_games():
        default_cache().solved(kind)
    print(
        "| games | review kept, per game | page median | page max | export | file MB |"
        " import on an empty server | import again (adds) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for count in args.games:
        with tempfile.TemporaryDirectory() as folder:
            store, table, per_game = _filled(Path(folder) / "games.sqlite3", count)
            median, most = _page_ms(Path(folder) / "games.sqlite3", table, args.runs)
            began = time.perf_counter()
            data = games_file(store.games(table=table))
            export_ms = (time.perf_counter() - began) * 1000
            other = SqliteStore(Path(folder) / "other.sqlite3")
            elsewhere = other.issue_table()
            began = time.perf_counter()
            added = other.add_games(read_games_file(data), table=elsewhere)
            import_ms = (time.perf_counter() - began) * 1000
            began = time.perf_counter()
            again = other.add_games(read_games_file(data), table=elsewhere)
            again_ms = (time.perf_counter() - began) * 1000
            assert added == count and again == 0
            print(
                f"| {count} | {per_game * 1000:.1f} | {median:.0f} | {most:.0f} | {export_ms:.0f}"
                f" | {len(data) / 2**20:.1f} | {import_ms:.0f} | {again_ms:.0f} ({again}) |"
            )


if __name__ == "__main__":
    main()
