"""What only the PostgreSQL store does: its schema made once and checked, clear messages
for a server that cannot be reached, connections that the server dropped replaced, and
every save announced to every other server."""

import threading
import time
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from store import PostgresStore, StoreError, UnreachableError, new_table, open_store
from store.postgres_store import SCHEMA_VERSION
from tests.postgres import fresh_schema, run_sql
from tools.local_server import free_port

TABLE = new_table()


@pytest.fixture
def address() -> Iterator[str]:
    """A schema of its own on the test server."""
    with fresh_schema() as url:
        yield url


def _one_game(address: str, record: dict[str, Any]) -> None:
    """Save one game at a table of its own, then let go of the store."""
    store = open_store(address)
    store.create(record, table=store.issue_table())
    store.close()


def _refuses(address: str, record: dict[str, Any], *words: str) -> None:
    store = open_store(address)
    for operation in (
        lambda: store.create(record, table=TABLE),
        lambda: store.load("abc", table=TABLE),
        lambda: store.list_games(table=TABLE),
    ):
        with pytest.raises(StoreError) as caught:
            operation()
        for word in words:
            assert word in str(caught.value)
    store.close()


def test_postgres_address_chooses_the_postgres_store(address: str) -> None:
    store = open_store(address)
    assert isinstance(store, PostgresStore)
    assert store.where.startswith("postgresql://127.0.0.1:")


def test_postgres_server_that_cannot_be_reached_is_said_so_without_the_password(
    record: dict[str, Any],
) -> None:
    store = open_store(f"postgresql://dice:s3cret@127.0.0.1:{free_port()}/games")
    started = time.monotonic()
    for operation in (
        lambda: store.create(record, table=TABLE),
        lambda: store.load("abc", table=TABLE),
        lambda: store.list_games(table=TABLE),
    ):
        with pytest.raises(UnreachableError, match="cannot be reached") as caught:
            operation()
        assert "s3cret" not in str(caught.value)
    assert time.monotonic() - started < 3 * 10, "each operation gives up within its wait"
    store.close()


def test_postgres_games_table_of_another_program_is_refused_untouched(
    address: str, record: dict[str, Any]
) -> None:
    run_sql(
        address, "CREATE TABLE games (id TEXT, data BYTEA)", "INSERT INTO games VALUES ('x', NULL)"
    )
    _refuses(address, record, "not dice-table's")
    with psycopg.connect(address) as conn:
        assert conn.execute("SELECT id FROM games").fetchall() == [("x",)]


def test_postgres_other_schema_version_is_refused(address: str, record: dict[str, Any]) -> None:
    _one_game(address, record)
    later = str(SCHEMA_VERSION + 1)
    run_sql(address, f"UPDATE dice_table_meta SET value = '{later}' WHERE key = 'schema_version'")
    _refuses(address, record, f"version {later}")


def test_postgres_games_table_with_another_layout_is_refused(
    address: str, record: dict[str, Any]
) -> None:
    _one_game(address, record)
    run_sql(address, "ALTER TABLE games DROP COLUMN summary")
    _refuses(address, record, "layout")


def test_postgres_replicas_starting_together_make_the_schema_once(address: str) -> None:
    stores = [open_store(address) for _ in range(4)]
    barrier = threading.Barrier(len(stores))
    errors: list[BaseException] = []

    def first_use(store: Any) -> None:
        barrier.wait()
        try:
            store.count(table=TABLE)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=first_use, args=(s,)) for s in stores]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for store in stores:
        store.close()


def test_postgres_connections_dropped_by_the_server_are_replaced(
    address: str, record: dict[str, Any]
) -> None:
    store = open_store(address)
    table = store.issue_table()
    saved = store.create(record, table=table)
    run_sql(
        address,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE application_name = '' AND pid <> pg_backend_pid()"
        " AND datname = current_database() AND backend_type = 'client backend'",
    )
    assert store.load(saved.id, table=table) == saved
    store.close()


def test_postgres_a_save_on_one_server_is_heard_on_another(
    address: str, record: dict[str, Any]
) -> None:
    here, there = open_store(address), open_store(address)
    feed = here.changes
    assert feed is not None
    heard: list[tuple[str, int]] = []
    feed.subscribe(lambda game_id, revision: heard.append((game_id, revision)))
    assert feed.ready(10)
    table = there.issue_table()
    game = there.create(record, table=table)
    there.save(game.id, record, 1, table=table)
    assert feed.wait_beyond(game.id, 1, 10) == 2
    assert heard == [(game.id, 1), (game.id, 2)]
    assert feed.revision(game.id) == 2
    here.close()
    there.close()


def test_postgres_the_change_feed_listens_again_after_losing_the_server(
    address: str, record: dict[str, Any]
) -> None:
    here, there = open_store(address), open_store(address)
    feed = here.changes
    assert feed is not None
    feed.subscribe(lambda game_id, revision: None)
    assert feed.ready(10)
    run_sql(
        address,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'",
    )
    table = there.issue_table()
    game = there.create(record, table=table)
    revision = 1
    while feed.wait_beyond(game.id, revision - 1, 0.5) is None:
        revision = there.save(game.id, record, revision, table=table).revision
        assert revision < 100, "the feed never listened again"
    here.close()
    there.close()
