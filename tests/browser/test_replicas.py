"""Two replicas behind HAProxy on one PostgreSQL database, in real browsers: two devices
that the balancer puts on different replicas play one game and each sees the other's
entries, and the turn in progress, at once; then one replica is killed with SIGKILL
mid-game, its browser goes on on the other replica, and no confirmed entry is lost nor
the turn as it stood.

Everything is real and on loopback: the PostgreSQL server of $DICE_TABLE_TEST_POSTGRES
(a schema of its own), two `streamlit run app.py` and Debian's HAProxy with
`deploy/haproxy.cfg` (`tools.cluster`), and Debian's Chromium.
"""

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scoring import Game
from store import GameStore, open_store
from tests.browser.page_steps import choose, expect_dice, record_hand, sheet_cell
from tests.postgres import fresh_schema
from tools.cluster import REPLICA_COOKIE, Cluster, replica_index, running_cluster

DESKTOP = {"width": 1366, "height": 768}
# How often a new browser is tried until the balancer puts it on the other replica.
PLACING_TRIES = 6
# How often the dice are set again when the Record button does not show.


@pytest.fixture
def cluster() -> Iterator[tuple[Cluster, str]]:
    """Two replicas and HAProxy on a fresh schema, and the database's address."""
    with fresh_schema() as url, running_cluster(url, replicas=2) as running:
        yield running, url


def _replica(context: BrowserContext) -> str:
    """The replica the balancer keeps this browser on (its affinity cookie's value)."""
    return next((c["value"] for c in context.cookies() if c["name"] == REPLICA_COOKIE), "")


def _new_game(store: GameStore) -> tuple[str, str]:
    """A new two-player Yatzy game at a table newly issued by `store`: (table, game id)."""
    table = store.issue_table()
    return table, store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id


def _device(browser: Browser, address: str, avoid: str = "") -> tuple[Page, str]:
    """A browser at the game's address, on a replica other than `avoid` when given."""
    for _ in range(PLACING_TRIES):
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto(address)
        expect(page.get_by_text("Ann to play")).to_be_visible(timeout=60_000)
        replica = _replica(context)
        assert replica, "HAProxy set its affinity cookie"
        if replica != avoid:
            return page, replica
        context.close()
    raise AssertionError(f"the balancer put {PLACING_TRIES} browsers on the same replica")


def test_replicas_two_devices_on_two_replicas_stay_in_step_and_survive_a_killed_replica(
    cluster: tuple[Cluster, str], browser: Browser
) -> None:
    running, url = cluster
    store = open_store(url)
    table, game_id = _new_game(store)
    address = f"{running.url}/?table={table}&game={game_id}"
    first, first_replica = _device(browser, address)
    second, second_replica = _device(browser, address, avoid=first_replica)
    assert first_replica != second_replica

    record_hand(first, [6, 6, 6, 6, 5], "Chance")
    seen = time.monotonic()
    expect(second.get_by_text("Bob to play")).to_be_visible()
    print(
        f"\nreplicas: an entry on one replica shown by the other in {time.monotonic() - seen:.2f} s"
    )
    expect(sheet_cell(second, "Chance")).to_have_text("29")
    record_hand(second, [2, 2, 3, 4, 5], "Twos")
    expect(first.get_by_text("Ann to play")).to_be_visible()
    expect(sheet_cell(first, "Twos", 1)).to_have_text("4")
    confirmed = 2

    running.kill(replica_index(first_replica))
    expect(first.get_by_text("Ann to play")).to_be_visible(timeout=90_000)
    expect(sheet_cell(first, "Chance")).to_have_text("29")
    expect(sheet_cell(first, "Twos", 1)).to_have_text("4")
    record_hand(first, [3, 3, 3, 1, 2], "Threes")
    expect(first.get_by_text("Bob to play")).to_be_visible(timeout=60_000)
    confirmed += 1
    expect(second.get_by_text("Bob to play")).to_be_visible()
    assert _replica(first.context) == second_replica, "the browser moved to the live replica"

    turns = store.load(game_id, table=table).record["turns"]
    store.close()
    assert [t["box"] for t in turns] == ["chance", "twos", "threes"]
    print(
        f"replicas: kill -9 mid-game: {confirmed} entries confirmed, {confirmed - len(turns)} lost"
    )


def test_replicas_the_turn_in_progress_shows_across_replicas_and_after_a_failover(
    cluster: tuple[Cluster, str], browser: Browser
) -> None:
    running, url = cluster
    store = open_store(url)
    table, game_id = _new_game(store)
    store.close()
    address = f"{running.url}/?table={table}&game={game_id}"
    first, first_replica = _device(browser, address)
    second, _ = _device(browser, address, avoid=first_replica)
    hand = [5, 5, 1, 2, 3]
    for position, value in enumerate(hand):
        choose(first, position, value)
    expect_dice(second, hand)
    running.kill(replica_index(first_replica))
    expect(first.get_by_text("Ann to play")).to_be_visible(timeout=90_000)
    expect_dice(first, hand, timeout=90_000)
