"""A hostile table in Chromium: names that look like web or mail addresses never become
links, the page asks nothing of any host but its own server, and uploads do not pile up
in the server's memory."""

import re
import time
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route, expect, sync_playwright

import samples
from scoring import Game
from store import SqliteStore
from tests.browser.page_steps import address, choose, dice_shown, record_button
from tools.local_server import CHROMIUM, FLAGS, ROOT, serve
from vision.decode import LARGEST_FILE
from webapp.server.uploads import KEPT_PER_SESSION

ADDRESS_NAMES = ["http://e.x", "www.e.x", "a@b.co", "[Click](http://e.x)"]
# Links in the page's main part, as (href, text).
LINKS = (
    "() => [...document.querySelectorAll('[data-testid=stMain] a')].map(a => [a.href, a.innerText])"
)


def _finished() -> Game:
    game = Game("yahtzee", ADDRESS_NAMES[:2])
    while not game.finished:
        game.record(game.options([6, 6, 6, 6, 5])[0][0], [6, 6, 6, 6, 5])
    return game


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[str, str, str, str]]:
    """(server address, table, game in progress, finished game) on a server of their own."""
    db = tmp_path_factory.mktemp("hostile") / "games.sqlite3"
    store = SqliteStore(db)
    table = store.issue_table()
    playing = store.create(Game("yatzy", ADDRESS_NAMES).to_dict(), table=table).id
    finished = store.create(_finished().to_dict(), table=table).id
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url:
        yield url, table, playing, finished


@pytest.fixture
def page(site) -> Iterator[Page]:
    """A tab that lets through only requests to the page's own server, noting the others."""
    url = site[0]
    own = urlsplit(url).netloc
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=False)
        tab = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        tab.set_default_timeout(30_000)
        tab.elsewhere = []

        def only_own(route: Route) -> None:
            if urlsplit(route.request.url).netloc in (own, ""):
                route.continue_()
            else:
                tab.elsewhere.append(route.request.url)
                route.abort()

        tab.route(re.compile(r"^(?!data:|blob:).*"), only_own)
        yield tab
        browser.close()


def _no_links_from_names(page: Page) -> None:
    own = urlsplit(page.url).netloc
    for href, text in page.evaluate(LINKS):
        assert urlsplit(href).netloc == own, (href, text)
        assert not any(part in text for part in ("e.x", "b.co")), (href, text)


def test_names_like_addresses_are_no_links_anywhere(site, page: Page):
    url, table, playing, finished = site
    page.goto(address(url, table, playing))
    expect(page.get_by_text(re.compile(r"e\.x.* to play"))).to_be_visible()
    for position, value in enumerate([6, 6, 6, 2, 2]):
        choose(page, position, value)
    record_button(page, "full_house").click()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    _no_links_from_names(page)
    page.goto(address(url, table, finished))
    expect(page.locator("[data-testid=stAlertContentSuccess]")).to_contain_text("win")
    _no_links_from_names(page)
    page.goto(address(url, table))
    expect(page.locator(f".st-key-resume_{playing}")).to_be_visible()
    page.get_by_test_id("stExpander").filter(has_text="Finished games").click()
    expect(page.locator(f".st-key-open_{finished}")).to_be_visible()
    _no_links_from_names(page)
    assert page.elsewhere == [], "the page asked another host"


def test_the_page_asks_no_other_host(site, page: Page):
    url, table, playing, finished = site
    for shown in (url, address(url, table, playing), address(url, table, finished)):
        page.goto(shown)
        expect(
            page.locator("[data-testid=stMain] [data-testid=stElementContainer]").first
        ).to_be_visible()
        expect(page.get_by_test_id("stStatusWidget")).to_be_hidden()
    page.get_by_role("button", name="Phone").click()
    expect(page.locator("[data-testid=stPopoverBody] img")).to_be_visible()
    assert page.elsewhere == []


def _uploads_held(page: Page, url: str, expected: int) -> int:
    """Bytes of uploaded files the server holds, as its metrics endpoint reports them, once
    they are `expected` (the endpoint caches its figure for 5 s) or after 30 s."""
    deadline = time.monotonic() + 30
    while True:
        metrics = page.request.get(f"{url}/_stcore/metrics").text()
        found = re.search(r'cache_type="UploadedFileManager"[^}]*\}\s+(\d+)', metrics)
        held = int(found.group(1)) if found else 0
        if held == expected or time.monotonic() > deadline:
            return held
        page.wait_for_timeout(500)


def test_uploads_leave_the_server_s_memory(site, page: Page):
    url, table, playing, _ = site
    photo = samples.photos()[0]
    page.goto(address(url, table, playing))
    page.get_by_role("button", name=re.compile("Upload")).click()
    with page.expect_request(lambda r: r.method == "PUT") as sent:
        page.get_by_test_id("stFileUploaderDropzoneInput").set_input_files(photo)
    expect(page.get_by_text(re.compile(rf"{photo.name}: \d+ dic?e"))).to_be_visible()
    assert _uploads_held(page, url, 0) == 0, "the photo read stays in memory"
    choose(page, 0, 6 if dice_shown(page)[0] != 6 else 1)
    record_button(page).click()
    expect(page.get_by_test_id("stAlertContentSuccess")).to_be_visible()
    expect(page.get_by_test_id("stException")).to_have_count(0)

    upload = sent.value
    endpoint = upload.url.rsplit("/", 1)[0]
    headers = {k: v for k, v in upload.all_headers().items() if k == "x-xsrftoken"}
    unused = bytes(1_000_000)
    for _ in range(3 * KEPT_PER_SESSION):
        answer = page.request.put(
            f"{endpoint}/{uuid.uuid4()}",
            multipart={"file": {"name": "x.jpg", "mimeType": "image/jpeg", "buffer": unused}},
            headers=headers,
        )
        assert answer.status == 204, answer.status
    kept = KEPT_PER_SESSION * len(unused)
    assert _uploads_held(page, url, kept) == kept

    too_big = page.request.put(
        f"{endpoint}/{uuid.uuid4()}",
        multipart={
            "file": {"name": "x.jpg", "mimeType": "image/jpeg", "buffer": bytes(LARGEST_FILE + 1)}
        },
        headers=headers,
    )
    assert too_big.status == 413
