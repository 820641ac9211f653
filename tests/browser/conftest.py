"""Browser tests wait longer than Playwright's 5 s for the page: a server on a busy
two-core machine can take that long to rerun a script."""

from playwright.sync_api import expect

expect.set_options(timeout=20_000)
