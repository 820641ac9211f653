"""A game file or database of the version before statistics is brought up to date once:
every summary is worked out again with what the statistics count, and the tables for kept
reviews and names are made; no record changes. One of the version before summaries marked
house rules gets every summary worked out again with its house rules' mark."""

import json
import sqlite3
from pathlib import Path

from scoring import GAMES, Game, HouseRules, house_mark, house_rules
from store import open_store
from store.records import summarise
from tests.postgres import fresh_schema, run_sql

# What a summary held before the statistics.
_EARLIER_SUMMARY = json.dumps(
    {
        "game": "yatzy",
        "players": ["Ann"],
        "turns": 15,
        "finished": True,
        "winners": ["Ann"],
        "totals": [0],
    }
)
_DOWNGRADE = (
    "DROP TABLE reviews",
    "DROP TABLE player_names",
    "DROP TABLE issued_tables",
    "DROP INDEX games_by_fingerprint",
    "ALTER TABLE games DROP COLUMN fingerprint",
    f"UPDATE games SET summary = '{_EARLIER_SUMMARY}'",
)


def _five_sixes_game() -> Game:
    game = Game("yatzy", ["Ann"])
    for box in game.rules.boxes:
        game.record(box.id, [6, 6, 6, 6, 6])
    return game


def _check_brought_up_to_date(address: str, table: str, game_id: str, game: Game) -> None:
    store = open_store(address)
    try:
        (summary,) = store.list_games(table=table)
        assert summary.fives == (len(game.rules.boxes),)
        assert summary.totals == (game.totals()["Ann"].total,)
        assert store.load(game_id, table=table).record == game.to_dict()
        assert store.has_table(table), "a table with games is issued"
        stored = json.dumps(game.to_dict(), ensure_ascii=False).encode()
        assert store.held(table=table) == (1, len(stored))
        assert store.keep_review(game_id, 1, {"Ann": {"loss": 0.0}}, table=table)
        assert store.reviews(table=table) == {game_id: {"Ann": {"loss": 0.0}}}
    finally:
        store.close()


def test_statistics_an_sqlite_file_of_version_2_is_brought_up_to_date(db_path: Path) -> None:
    game = _five_sixes_game()
    store = open_store(str(db_path))
    table = store.issue_table()
    game_id = store.create(game.to_dict(), table=table).id
    store.close()
    conn = sqlite3.connect(db_path)
    for statement in (*_DOWNGRADE, "DROP INDEX games_by_sequence", "PRAGMA user_version = 2"):
        conn.execute(statement)
    conn.commit()
    conn.close()
    _check_brought_up_to_date(str(db_path), table, game_id, game)


def test_statistics_a_postgres_database_of_version_2_is_brought_up_to_date() -> None:
    game = _five_sixes_game()
    with fresh_schema() as url:
        store = open_store(url)
        table = store.issue_table()
        game_id = store.create(game.to_dict(), table=table).id
        store.close()
        run_sql(
            url,
            *_DOWNGRADE,
            "UPDATE dice_table_meta SET value = '2' WHERE key = 'schema_version'",
        )
        _check_brought_up_to_date(url, table, game_id, game)


def _grandmas_game() -> tuple[Game, str]:
    """A game of house rules, and its summary as the version before marks wrote it."""
    rules = house_rules(GAMES["yacht"], HouseRules(name="Grandma", upper_bonus_at_least=60))
    game = Game(rules, ["Ann"])
    game.record("chance", [6, 6, 5, 5, 4])
    summary = json.loads(summarise(game.to_dict()).to_json())
    return game, json.dumps({k: v for k, v in summary.items() if k not in ("house", "house_name")})


def _check_marked(address: str, table: str, game: Game) -> None:
    store = open_store(address)
    try:
        (summary,) = store.list_games(table=table)
        assert (summary.house, summary.house_name) == (house_mark(game.rules), "Grandma")
    finally:
        store.close()


def test_statistics_an_sqlite_file_of_version_4_marks_its_house_rules(db_path: Path) -> None:
    game, unmarked = _grandmas_game()
    store = open_store(str(db_path))
    table = store.issue_table()
    store.create(game.to_dict(), table=table)
    store.close()
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE games SET summary = ?", (unmarked,))
    conn.execute("PRAGMA user_version = 4")
    conn.commit()
    conn.close()
    _check_marked(str(db_path), table, game)


def test_statistics_a_postgres_database_of_version_4_marks_its_house_rules() -> None:
    game, unmarked = _grandmas_game()
    with fresh_schema() as url:
        store = open_store(url)
        table = store.issue_table()
        store.create(game.to_dict(), table=table)
        store.close()
        run_sql(
            url,
            f"UPDATE games SET summary = '{unmarked}'",
            "UPDATE dice_table_meta SET value = '4' WHERE key = 'schema_version'",
        )
        _check_marked(url, table, game)
