"""Replicas of the page behind a real HAProxy with deploy/haproxy.cfg: a new browser is
pinned by the affinity cookie, stays on its replica, and is moved to a live one when its
replica dies. The replicas share an SQLite file here; the PostgreSQL store is tested apart.
"""

import os
import re
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from http.cookiejar import Cookie, CookieJar
from pathlib import Path
from secrets import token_urlsafe

import pytest
from websockets.sync.client import connect

from tools.cluster import (
    CONFIG,
    REPLICA_COOKIE,
    REPLICA_HEADER,
    Cluster,
    haproxy_config,
    replica_index,
    running_cluster,
    server_name,
)

DOWN_TIMEOUT_S = 30.0
SHARED = ("DICE_TABLE_DB", "DICE_TABLE_ADVISOR_CACHE", "STREAMLIT_SERVER_COOKIE_SECRET")
LOG_TIMEOUT_S = 10.0
# HAProxy's log line of a request for the page itself, with or without its query string.
PAGE_REQUEST = re.compile(r'"GET /[? ]')


class Browser:
    """An HTTP client that keeps its cookies, as a browser does."""

    def __init__(self) -> None:
        self.cookies = CookieJar()
        self._opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), urllib.request.ProxyHandler({})
        )

    def served_by(self, cluster: Cluster) -> str:
        """Ask the front for Streamlit's health check: the replica that answered."""
        with self._opener.open(f"{cluster.url}/_stcore/health", timeout=10) as answer:
            assert answer.read() == b"ok"
            return str(answer.headers[REPLICA_HEADER])

    def page(self, cluster: Cluster, query: str) -> None:
        """Open the page's address with `query` through the front."""
        with self._opener.open(f"{cluster.url}/?{query}", timeout=10) as answer:
            assert answer.status == 200

    def replica_cookie(self) -> str | None:
        """The affinity cookie's value, if the browser has one."""
        return next((c.value for c in self.cookies if c.name == REPLICA_COOKIE), None)


def _pinned_to(cluster: Cluster, name: str) -> Browser:
    """A browser that carries the affinity cookie of replica `name`."""
    browser = Browser()
    browser.cookies.set_cookie(_cookie(name))
    assert browser.served_by(cluster) == name
    return browser


def _cookie(value: str) -> Cookie:
    """The affinity cookie HAProxy sets, with `value`, for the local front."""
    return Cookie(
        version=0,
        name=REPLICA_COOKIE,
        value=value,
        port=None,
        port_specified=False,
        domain="127.0.0.1",
        domain_specified=False,
        domain_initial_dot=False,
        path="/",
        path_specified=True,
        secure=False,
        expires=None,
        discard=True,
        comment=None,
        comment_url=None,
        rest={"HttpOnly": ""},
    )


def _wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"not {what} within {seconds} s"
        time.sleep(0.1)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    with running_cluster(str(tmp_path / "games.sqlite3")) as running:
        yield running


def test_new_browsers_are_spread_and_pinned_by_the_cookie(cluster: Cluster):
    browsers = [Browser() for _ in range(4)]
    first = [browser.served_by(cluster) for browser in browsers]
    assert set(first) == {"r1", "r2"}
    for browser, replica in zip(browsers, first, strict=True):
        assert browser.replica_cookie() == replica
        assert {browser.served_by(cluster) for _ in range(5)} == {replica}


def test_the_cookie_names_the_replica_that_serves(cluster: Cluster):
    for index in range(2):
        name = server_name(index)
        assert replica_index(name) == index
        browser = _pinned_to(cluster, name)
        assert {browser.served_by(cluster) for _ in range(5)} == {name}


def test_a_browser_whose_replica_died_goes_to_a_live_one(cluster: Cluster):
    browser = _pinned_to(cluster, "r1")
    cluster.kill(0)
    assert cluster.servers[0].returncode == -9
    assert browser.served_by(cluster) == "r2"
    assert browser.replica_cookie() == "r2"
    assert {browser.served_by(cluster) for _ in range(3)} == {"r2"}
    _wait_until(
        lambda: "replicas/r1 is DOWN" in cluster.haproxy_log.read_text(),
        DOWN_TIMEOUT_S,
        "taken out by HAProxy's health check",
    )
    assert {Browser().served_by(cluster) for _ in range(4)} == {"r2"}


def test_the_page_websocket_passes_through_to_the_pinned_replica(cluster: Cluster):
    stream = cluster.url.replace("http://", "ws://") + "/_stcore/stream"
    for name in ("r1", "r2"):
        cookie = {"Cookie": f"{REPLICA_COOKIE}={name}"}
        with connect(stream, additional_headers=cookie, proxy=None) as websocket:
            assert websocket.response.status_code == 101
            assert websocket.response.headers[REPLICA_HEADER] == name
            assert websocket.ping().wait(10)


def test_replicas_share_the_store_the_advisor_cache_and_the_cookie_secret(cluster: Cluster):
    environments = [_environment(server.pid) for server in cluster.servers]
    for name in SHARED:
        values = {env.get(name) for env in environments}
        assert len(values) == 1 and None not in values and "" not in values, name


def test_hardening_haproxy_logs_no_table_token(cluster: Cluster):
    token = token_urlsafe(18)
    Browser().page(cluster, f"table={token}&game=abc")
    _wait_until(
        lambda: PAGE_REQUEST.search(cluster.haproxy_log.read_text()) is not None,
        LOG_TIMEOUT_S,
        "logged by HAProxy",
    )
    assert token not in cluster.haproxy_log.read_text()


def _environment(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    pairs = (item.decode().partition("=") for item in raw if item)
    return {key: value for key, _, value in pairs}


def test_the_configuration_is_valid_as_shipped_and_for_other_counts(tmp_path: Path):
    text = CONFIG.read_text()
    assert haproxy_config(2, text) == text
    for replicas in (1, 2, 3):
        config = tmp_path / f"haproxy-{replicas}.cfg"
        config.write_text(haproxy_config(replicas, text))
        expected = [
            f'server r{i + 1} "${{DICE_TABLE_REPLICA_{i + 1}}}" cookie r{i + 1}'
            for i in range(replicas)
        ]
        assert _server_lines(config.read_text()) == expected
        env = {f"DICE_TABLE_REPLICA_{i + 1}": "127.0.0.1:1" for i in range(replicas)}
        check = subprocess.run(
            ["haproxy", "-c", "-f", str(config)],
            env={**os.environ, **env},
            capture_output=True,
            text=True,
            check=False,
        )
        assert check.returncode == 0, check.stdout + check.stderr


def _server_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("server ")]


def test_replica_names_are_checked():
    with pytest.raises(ValueError):
        replica_index("web1")
