"""A local Streamlit server for the browser tests and the developers' measurements.

It runs on 127.0.0.1 on a free port and is stopped at the end. Chromium is Debian's
(`/usr/bin/chromium`; `.ci/run` installs it), started headless as root on a closed
network, so everything that would reach outside is switched off (`FLAGS`).
"""

import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HEALTH_TIMEOUT_S = 90.0

Server = subprocess.Popen[str]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_healthy(url: str, server: Server, seconds: float = HEALTH_TIMEOUT_S) -> None:
    """Wait until Streamlit answers its health check at `url` (over HTTPS, whatever its
    certificate: the server is this machine's own); raise if it exits or never answers,
    with its output when that was kept."""
    deadline = time.monotonic() + seconds
    unverified = ssl.create_default_context()
    unverified.check_hostname = False
    unverified.verify_mode = ssl.CERT_NONE
    opener = urllib.request.build_opener(
        urllib.request.HTTPSHandler(context=unverified), urllib.request.ProxyHandler({})
    )
    while time.monotonic() < deadline:
        if server.poll() is not None:
            output = server.stdout.read() if server.stdout else ""
            raise RuntimeError(f"streamlit exited early with status {server.returncode}\n{output}")
        try:
            with opener.open(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer at {url} within {seconds} s")


def start_server(
    script: Path | Sequence[str],
    env: dict[str, str] | None = None,
    *,
    port: int | None = None,
    log: Path | None = None,
    tls: tuple[Path, Path] | None = None,
) -> tuple[str, Server]:
    """`streamlit run script` (or a command that takes Streamlit's options, such as
    `python -m webapp`) on `port` or a free one, once it answers: its address and process;
    over HTTPS when `tls` names a certificate and its key.

    Its output goes to the file `log` when given (a server under load writes more than a
    pipe holds), else to a pipe that is read if it exits early.
    """
    port = port or free_port()
    if isinstance(script, Path):
        command = [sys.executable, "-m", "streamlit", "run", str(script)]
    else:
        command = list(script)
    command += ["--server.port", str(port), "--server.address", "127.0.0.1"]
    command += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    if tls is not None:
        command += ["--server.sslCertFile", str(tls[0]), "--server.sslKeyFile", str(tls[1])]
    with log.open("w") if log else nullcontext(subprocess.PIPE) as out:
        server = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
    url = f"{'http' if tls is None else 'https'}://127.0.0.1:{port}"
    try:
        wait_healthy(url, server)
    except BaseException:
        server.kill()
        server.wait()
        raise
    return url, server


def stop_server(server: Server) -> None:
    """Terminate the server and wait for it; kill it if it does not stop in time."""
    if server.poll() is None:
        server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


@contextmanager
def serve(script: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """`streamlit run script` on a free local port; yields its address."""
    url, server = start_server(script, env)
    try:
        yield url
    finally:
        stop_server(server)
