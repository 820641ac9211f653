"""The store's guarantees (tests.store.contract) on an SQLite file."""

from tests.store.contract import *  # noqa: F403
