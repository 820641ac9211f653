"""Replicas of the page behind HAProxy on this machine: deploy/'s set-up without containers,
for the tests and the load benchmark.

`running_cluster(database_url)` starts N replicas of the page on free local ports, each
as deploy/ starts one (`python -m webapp`), all on the store at `database_url`, with one
advisor cache and one cookie secret, then `haproxy -db -f deploy/haproxy.cfg` in front
on a free port. The affinity cookie's value names the replica that serves a browser (`r1`
is replica 0: `replica_index`), and HAProxy says it in every answer's `X-Replica` header
too.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from secrets import token_hex

from advisor import CACHE_ENV
from store import ENV_VAR as DATABASE_ENV
from tools.local_server import ROOT, Server, free_port, start_server, stop_server, wait_healthy
from webapp.server.clients import PROXIES_ENV

# A replica as deploy/ starts one: the server's own options, the allocator's arenas bounded.
REPLICA = (sys.executable, "-m", "webapp")
CONFIG = ROOT / "deploy" / "haproxy.cfg"
REPLICA_COOKIE = "DICE_TABLE_REPLICA"
REPLICA_HEADER = "X-Replica"
COOKIE_SECRET_ENV = "STREAMLIT_SERVER_COOKIE_SECRET"
READY_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 10.0
_SECOND_SERVER = re.compile(r"^\s*server r2 .*\n", re.MULTILINE)


def server_name(index: int) -> str:
    """HAProxy's name (and cookie value) for replica `index`, counted from 0: r1, r2, ..."""
    return f"r{index + 1}"


def replica_index(name: str) -> int:
    """The replica, counted from 0, that HAProxy's name or cookie value `name` stands for."""
    match = re.fullmatch(r"r([1-9]\d*)", name)
    if not match:
        raise ValueError(f"not a replica's name: {name!r}")
    return int(match.group(1)) - 1


def haproxy_config(replicas: int, template: str) -> str:
    """`template` (deploy/haproxy.cfg) for `replicas` replicas: its `server r2` line dropped
    for one, copied on as r3, r4, ... for more, as the file's comment says to."""
    found = _SECOND_SERVER.findall(template)
    if len(found) != 1:
        raise ValueError("the HAProxy configuration has no single `server r2` line")
    copies = [
        re.sub(r"\br2\b", server_name(i), found[0]).replace("REPLICA_2", f"REPLICA_{i + 1}")
        for i in range(1, replicas)
    ]
    return _SECOND_SERVER.sub(lambda _: "".join(copies), template)


@dataclass
class Cluster:
    """The running replicas and the HAProxy in front of them."""

    url: str
    replica_urls: list[str]
    servers: list[Server]
    logs: list[Path]
    haproxy: subprocess.Popen[str]
    haproxy_log: Path

    def kill(self, index: int) -> None:
        """Crash replica `index` (SIGKILL, as a machine that dies) and wait until it is gone."""
        self.servers[index].kill()
        self.servers[index].wait()


def _distinct_ports(count: int) -> list[int]:
    """`count` different free local ports."""
    ports: list[int] = []
    while len(ports) < count:
        port = free_port()
        if port not in ports:
            ports.append(port)
    return ports


def _start_replicas(
    env: dict[str, str], ports: list[int], folder: Path, stack: ExitStack
) -> tuple[list[str], list[Server], list[Path]]:
    """Start one replica on each port at once, each stopped with `stack`; raise the first
    failure once every replica that did start is registered to stop."""
    logs = [folder / f"replica-{server_name(i)}.log" for i in range(len(ports))]
    with ThreadPoolExecutor(max_workers=len(ports)) as pool:
        futures = [
            pool.submit(start_server, REPLICA, env, port=port, log=log)
            for port, log in zip(ports, logs, strict=True)
        ]
    started: list[tuple[str, Server]] = []
    errors: list[BaseException] = []
    for future in futures:
        error = future.exception()
        if error is None:
            started.append(future.result())
            stack.callback(stop_server, started[-1][1])
        else:
            errors.append(error)
    if errors:
        raise errors[0]
    return [url for url, _ in started], [server for _, server in started], logs


def _start_haproxy(
    config: Path, port: int, replica_ports: list[int], log: Path
) -> subprocess.Popen[str]:
    """`haproxy -db` (in the foreground) with `config`, on 127.0.0.1:`port` in front of the
    replicas on `replica_ports`; its log in `log`."""
    binary = shutil.which("haproxy")
    if binary is None:
        raise RuntimeError("haproxy is not installed: install Debian's haproxy package")
    env = {"DICE_TABLE_FRONT_ADDRESS": "127.0.0.1", "DICE_TABLE_FRONT_PORT": str(port)}
    for i, replica in enumerate(replica_ports):
        env[f"DICE_TABLE_REPLICA_{i + 1}"] = f"127.0.0.1:{replica}"
    with log.open("w") as out:
        return subprocess.Popen(
            [binary, "-db", "-f", str(config)],
            env={**os.environ, **env},
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )


def _wait_front(url: str, haproxy: subprocess.Popen[str], log: Path) -> None:
    """Wait until the front answers Streamlit's health check; raise, with HAProxy's log,
    if it exits or does not answer in time."""
    try:
        wait_healthy(url, haproxy, READY_TIMEOUT_S)
    except RuntimeError as error:
        raise RuntimeError(f"haproxy at {url}: {error}\n{log.read_text()}") from error


def _stop_haproxy(haproxy: subprocess.Popen[str]) -> None:
    """Stop HAProxy at once and wait for it; kill it if it does not stop in time."""
    if haproxy.poll() is None:
        haproxy.terminate()
    try:
        haproxy.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        haproxy.kill()
        haproxy.wait()


@contextmanager
def running_cluster(
    database_url: str, replicas: int = 2, env: dict[str, str] | None = None
) -> Iterator[Cluster]:
    """`replicas` replicas of the page on the store at `database_url` behind HAProxy, while
    the block runs; everything is stopped at exit.

    The replicas get `env`, the store's address, one advisor cache (that of `env`, else of
    this process's environment, else a fresh folder) and one cookie secret (that of `env`,
    else a new one), so that any replica accepts a browser another one served; and they
    believe the client's address that HAProxy, on this machine, forwards.
    """
    if replicas < 1:
        raise ValueError("a cluster needs at least one replica")
    given = dict(env or {})
    with tempfile.TemporaryDirectory(prefix="dice-table-cluster-") as name, ExitStack() as stack:
        folder = Path(name)
        cache = given.get(CACHE_ENV) or os.environ.get(CACHE_ENV) or str(folder / "advisor")
        shared = {
            **given,
            DATABASE_ENV: database_url,
            CACHE_ENV: cache,
            COOKIE_SECRET_ENV: given.get(COOKIE_SECRET_ENV) or token_hex(32),
            # HAProxy runs on this machine: the replicas believe the address it forwards.
            PROXIES_ENV: given.get(PROXIES_ENV) or "127.0.0.1",
        }
        front_port, *ports = _distinct_ports(replicas + 1)
        replica_urls, servers, logs = _start_replicas(shared, ports, folder, stack)
        config = CONFIG
        text = haproxy_config(replicas, CONFIG.read_text())
        if text != CONFIG.read_text():
            config = folder / "haproxy.cfg"
            config.write_text(text)
        haproxy_log = folder / "haproxy.log"
        haproxy = _start_haproxy(config, front_port, ports, haproxy_log)
        stack.callback(_stop_haproxy, haproxy)
        url = f"http://127.0.0.1:{front_port}"
        _wait_front(url, haproxy, haproxy_log)
        yield Cluster(url, replica_urls, servers, logs, haproxy, haproxy_log)
