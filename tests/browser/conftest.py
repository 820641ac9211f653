"""Browser tests wait longer than Playwright's 5 s for the page: a server on a busy
two-core machine can take that long to rerun a script. `browser` is one Chromium per
test module; each test opens its own contexts in it."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from tools.local_server import CHROMIUM, FLAGS

expect.set_options(timeout=20_000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()
