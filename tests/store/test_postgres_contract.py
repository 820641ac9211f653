"""The store's guarantees (tests.store.contract) on a real PostgreSQL server."""

from collections.abc import Iterator

import pytest

from tests.postgres import fresh_schema
from tests.store.contract import *  # noqa: F403


@pytest.fixture
def address() -> Iterator[str]:
    """A schema of its own on the test server."""
    with fresh_schema() as url:
        yield url
