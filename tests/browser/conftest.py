"""Browser tests wait up to a minute for the state they expect, not Playwright's 5 s: the
test command runs a test file on each core, and a server beside another file's solves
and browsers on a two-core machine can take many seconds to rerun a script. A wait ends
as soon as the state shows, so the bound costs a passing test nothing. `browser` is one
Chromium per test module; each test opens its own contexts in it."""

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from tools.local_server import CHROMIUM, FLAGS

expect.set_options(timeout=60_000)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()
