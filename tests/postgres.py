"""A real PostgreSQL server for the tests, from $DICE_TABLE_TEST_POSTGRES: each test gets
a schema of its own in it, dropped afterwards.

The README's test command starts a throwaway server and sets the variable
(`python -m tools.postgres_server`); in CI a missing server fails the tests, elsewhere it
skips them and says how to run them.
"""

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import psycopg
import pytest

ADDRESS_ENV = "DICE_TABLE_TEST_POSTGRES"


def server_url() -> str:
    """The test server's address, or fail (in CI) or skip (elsewhere) saying why."""
    url = os.environ.get(ADDRESS_ENV, "")
    if url:
        return url
    reason = (
        f"{ADDRESS_ENV} is not set: run the tests under `python -m tools.postgres_server` "
        "(the README's test command does)"
    )
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def with_schema(url: str, schema: str) -> str:
    """The address `url` with `schema` first on its search path."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "options"]
    query.append(("options", f"-csearch_path={schema}"))
    return urlunsplit(parts._replace(query=urlencode(query, quote_via=quote)))


@contextmanager
def fresh_schema() -> Iterator[str]:
    """An address on the test server whose tables go to a new, empty schema."""
    url = server_url()
    schema = f"test_{secrets.token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_schema(url, schema)
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")


def run_sql(url: str, *statements: str) -> None:
    """Run SQL on the database at `url` directly, bypassing the store."""
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement.encode())
