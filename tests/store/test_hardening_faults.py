"""Store faults told fast and right on both engines: a stopped PostgreSQL server within
5 s of a click, a full disk as full, a read-only database as read-only, and a database of
another program (or another version of ours) in words of its own."""

import os
import secrets
import signal
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import psycopg
import pytest

from store import (
    ENV_VAR,
    DiskFullError,
    ForeignSchemaError,
    GameStore,
    ReadOnlyError,
    SqliteStore,
    StoreError,
    UnreachableError,
    new_table,
    open_store,
)
from store.postgres_store import SCHEMA_VERSION as DATABASE_VERSION
from store.sqlite_file import SCHEMA_VERSION as FILE_VERSION
from tests.postgres import fresh_schema, run_sql, server_url
from tests.webapp.driver import new_game_page, problems, set_dice
from tools.postgres_server import OWNER, running_postgres
from webapp.saved_games import store_trouble
from webapp.server.database import game_store

# What the page must meet when the server is gone: the issue's bound, about twice what a
# click takes to be told (one wait for a connection) on an idle machine.
TOLD_WITHIN_S = 5.0
# Well over the small disk's size, so that writing it over and over must fill it.
BIG_TEXT = 100_000
TABLESPACE_DISK = "2m"


def _with_option(url: str, setting: str) -> str:
    """The address `url` with one more server setting (`name=value`) in its options."""
    parts = urlsplit(url)
    query = dict(parse_qsl(parts.query))
    query["options"] = f"{query.get('options', '')} -c{setting}".strip()
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))


def _stop_server(url: str) -> None:
    """Stop the PostgreSQL server at `url` at once (a fast shutdown) and wait until it is
    gone: every session ended, no new connection taken."""
    with psycopg.connect(url) as conn:
        row = conn.execute("SHOW data_directory").fetchone()
    assert row is not None
    postmaster = int(Path(row[0], "postmaster.pid").read_text().split()[0])
    os.kill(postmaster, signal.SIGINT)
    deadline = time.monotonic() + 30
    while Path(f"/proc/{postmaster}").exists():
        assert time.monotonic() < deadline, "the server did not stop"
        time.sleep(0.05)


def _big(record: dict[str, Any]) -> dict[str, Any]:
    """`record` with a note that does not compress, about BIG_TEXT bytes long."""
    return {**record, "note": secrets.token_urlsafe(BIG_TEXT * 3 // 4)}


@contextmanager
def _small_tablespace(url: str) -> Iterator[str]:
    """A tablespace on a disk of its own, TABLESPACE_DISK in size, on the test server (as
    root, with the server on this machine): its name; dropped and unmounted afterwards."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root (CI runs as root)")
    with psycopg.connect(url) as conn:
        row = conn.execute("SHOW data_directory").fetchone()
    if row is None or not Path(row[0]).is_dir():
        pytest.skip("the test server's files are not on this machine")
    folder = Path(tempfile.mkdtemp(prefix="dice-table-tablespace-"))
    name = f"test_{secrets.token_hex(6)}"
    options = f"size={TABLESPACE_DISK},uid={OWNER},gid={OWNER},mode=0700"
    subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], check=True)
    try:
        run_sql(url, f"CREATE TABLESPACE {name} LOCATION '{folder}'")
        try:
            yield name
        finally:
            run_sql(url, f"DROP TABLESPACE {name}")
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)
        folder.rmdir()


def test_hardening_record_while_postgres_is_stopped_is_told_within_5_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server_url()  # skips (or fails, in CI) where the tests have no PostgreSQL
    with running_postgres() as url:
        monkeypatch.setenv(ENV_VAR, url)
        store = open_store(url)
        page, table, game_id = new_game_page(store)
        set_dice(page, [6, 6, 6, 6, 6])
        assert not problems(page)
        saved = store.load(game_id, table=table)
        _stop_server(url)
        try:
            started = time.monotonic()
            page.button(key="record_five_of_a_kind").click().run()
            record_s = time.monotonic() - started
            started = time.monotonic()
            with pytest.raises(UnreachableError):
                store.load(game_id, table=table)
            with pytest.raises(UnreachableError):
                store.save(game_id, saved.record, saved.revision, table=table)
            store_s = time.monotonic() - started
        finally:
            store.close()
            game_store().close()
    assert not page.exception
    assert any("cannot be reached" in shown for shown in problems(page))
    assert record_s < TOLD_WITHIN_S, f"the page's Record took {record_s:.1f} s to tell"
    assert store_s < TOLD_WITHIN_S, f"the store's load and save took {store_s:.1f} s"


def test_hardening_full_disk_on_postgres_is_told_as_a_full_disk(record: dict[str, Any]) -> None:
    with _small_tablespace(server_url()) as tablespace, fresh_schema() as url:
        store = open_store(_with_option(url, f"default_tablespace={tablespace}"))
        try:
            table = store.issue_table()
            saved = store.create(record, table=table)
            with pytest.raises(StoreError) as filled:
                for _ in range(100):
                    store.create(_big(record), table=table)
            assert isinstance(filled.value, DiskFullError), filled.value
            with pytest.raises(DiskFullError):
                store.save(saved.id, _big(record), saved.revision, table=table)
            assert store.load(saved.id, table=table).record == record, "nothing was lost"
        finally:
            store.close()
    assert "disk that holds the games is full" in store_trouble(filled.value)


def test_hardening_read_only_postgres_is_told_as_read_only(record: dict[str, Any]) -> None:
    with fresh_schema() as url:
        store = open_store(url)
        table = store.issue_table()
        saved = store.create(record, table=table)
        store.close()
        read_only = open_store(_with_option(url, "default_transaction_read_only=on"))
        try:
            assert read_only.load(saved.id, table=table).record == record
            with pytest.raises(ReadOnlyError) as refused:
                read_only.save(saved.id, record, saved.revision, table=table)
            with pytest.raises(ReadOnlyError):
                read_only.create(record, table=table)
        finally:
            read_only.close()
    words = store_trouble(refused.value)
    assert "read-only" in words and "folder" not in words, "in words that fit either engine"


@contextmanager
def _foreign(kind: str, tmp_path: Path) -> Iterator[str]:
    """The address of a database that holds another program's `games` table, or ours of
    another version: an SQLite file, or a schema on the PostgreSQL test server."""
    if kind.endswith("file"):
        path = tmp_path / "games.sqlite3"
        if kind == "another version's file":
            SqliteStore(path).issue_table()
        with closing(sqlite3.connect(path)) as conn:
            if kind == "another version's file":
                conn.execute(f"PRAGMA user_version = {FILE_VERSION + 1}")
            else:
                conn.execute("CREATE TABLE games (id TEXT, data BLOB)")
        yield str(path)
        return
    with fresh_schema() as url:
        if kind == "another version's database":
            made = open_store(url)
            made.issue_table()
            made.close()
            run_sql(
                url,
                f"UPDATE dice_table_meta SET value = '{DATABASE_VERSION + 1}'"
                " WHERE key = 'schema_version'",
            )
        else:
            run_sql(url, "CREATE TABLE games (id TEXT, data BYTEA)")
        yield url


@pytest.mark.parametrize(
    "kind",
    [
        "another program's file",
        "another version's file",
        "another program's database",
        "another version's database",
    ],
)
def test_hardening_foreign_schema_has_its_own_words(kind: str, tmp_path: Path) -> None:
    with _foreign(kind, tmp_path) as address:
        store: GameStore = open_store(address)
        try:
            for operation in (
                store.issue_table,
                lambda: store.list_games(table=new_table()),
                lambda: store.load("abcdefgh", table=new_table()),
            ):
                with pytest.raises(ForeignSchemaError) as refused:
                    operation()
        finally:
            store.close()
    words = store_trouble(refused.value)
    assert "another program" in words
    assert words != store_trouble(StoreError("anything else"))
