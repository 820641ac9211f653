"""Advisor tests store their tables in a fresh directory, never in the user's cache."""

import os

import pytest

from scoring.advisor.tables import CACHE_ENV


@pytest.fixture(scope="session", autouse=True)
def advisor_cache(tmp_path_factory: pytest.TempPathFactory):
    before = os.environ.get(CACHE_ENV)
    directory = tmp_path_factory.mktemp("advisor-cache")
    os.environ[CACHE_ENV] = str(directory)
    yield directory
    if before is None:
        del os.environ[CACHE_ENV]
    else:
        os.environ[CACHE_ENV] = before
