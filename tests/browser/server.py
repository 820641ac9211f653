"""Serving the page for the browser tests, and the Chromium they drive.

Chromium is Debian's (`/usr/bin/chromium`; `.ci/run` installs it), started headless as
root on a closed network, so everything that would reach outside is switched off.
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from webapp.load_benchmark import stop_server

ROOT = Path(__file__).resolve().parents[2]
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


def free_port() -> int:
    """A TCP port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_healthy(url: str, server: subprocess.Popen, seconds: float = 90) -> None:
    """Wait until Streamlit answers its health check at `url`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"streamlit exited early:\n{server.stdout.read()}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.read() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"streamlit did not answer at {url} within {seconds} s")


def start_server(
    script: Path | Sequence[str], env: dict[str, str] | None = None
) -> tuple[str, subprocess.Popen]:
    """`streamlit run script` (or a command that takes Streamlit's options, such as
    `python -m webapp`) on a free local port, once it answers: its address and process."""
    port = free_port()
    if isinstance(script, Path):
        command = [sys.executable, "-m", "streamlit", "run", str(script)]
    else:
        command = list(script)
    command += ["--server.port", str(port), "--server.address", "127.0.0.1"]
    command += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(url, server)
    except BaseException:
        server.kill()
        server.wait()
        raise
    return url, server


@contextmanager
def serve(script: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """`streamlit run script` on a free local port; yields its address."""
    url, server = start_server(script, env)
    try:
        yield url
    finally:
        stop_server(server)
