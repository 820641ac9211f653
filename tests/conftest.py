"""Test-wide set-up: the advisor's solved tables go to a fresh folder, never the user's cache."""

import os

import pytest

from advisor.tables import CACHE_ENV


@pytest.fixture(scope="session", autouse=True)
def advisor_cache(tmp_path_factory: pytest.TempPathFactory):
    """One table folder for the whole run; the page and its server subprocess share it."""
    before = os.environ.get(CACHE_ENV)
    directory = tmp_path_factory.mktemp("advisor-cache")
    os.environ[CACHE_ENV] = str(directory)
    yield directory
    if before is None:
        del os.environ[CACHE_ENV]
    else:
        os.environ[CACHE_ENV] = before
