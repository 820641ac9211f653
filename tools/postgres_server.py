"""A throwaway PostgreSQL server from Debian's binaries, for the tests and the measurements.

`running_postgres()` makes a cluster in a temporary folder (as the `postgres` user when
we are root: PostgreSQL refuses to run as root), serves it on a free port of 127.0.0.1
with trust authentication, and removes it all at exit. The command

    python -m tools.postgres_server [--] CMD ARGS...

runs CMD with $DICE_TABLE_TEST_POSTGRES set to such a server's address (or, when the
variable is already set, runs CMD against that server) and exits with CMD's status.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from secrets import token_hex
from types import FrameType
from urllib.parse import urlsplit, urlunsplit

import psycopg

from tools.local_server import free_port

ADDRESS_ENV = "DICE_TABLE_TEST_POSTGRES"
BINARIES = Path("/usr/lib/postgresql")
OWNER = "postgres"
READY_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 30.0
# A throwaway server needs no crash safety: writes skip the disk flushes.
SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
}
USAGE = "usage: python -m tools.postgres_server [--] CMD [ARGS...]"

Process = subprocess.Popen[bytes]


class PostgresMissingError(RuntimeError):
    """PostgreSQL's server programs are not installed here."""


def binaries() -> Path:
    """The folder of the newest installed PostgreSQL's `initdb` and `postgres`, or raise
    saying what to install."""
    found = sorted(
        (folder for folder in BINARIES.glob("*/bin") if (folder / "initdb").exists()),
        key=lambda folder: int(folder.parent.name) if folder.parent.name.isdigit() else 0,
    )
    if not found:
        raise PostgresMissingError(
            f"no PostgreSQL server programs in {BINARIES}/*/bin: "
            "install Debian's postgresql package (apt-get install postgresql)"
        )
    return found[-1]


def _as_owner(command: Sequence[str]) -> list[str]:
    """`command` run as the `postgres` user when we are root, else as ourselves."""
    if os.geteuid() == 0:
        return ["runuser", "-u", OWNER, "--", *command]
    return list(command)


def _initdb(bin_dir: Path, data: Path) -> None:
    """Make an empty cluster in `data`: superuser `postgres`, trust authentication, UTF-8."""
    command = [str(bin_dir / "initdb"), "-D", str(data), "-U", OWNER, "-A", "trust"]
    command += ["-E", "UTF8", "--no-locale", "--no-sync", "--no-instructions"]
    done = subprocess.run(_as_owner(command), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"initdb failed with status {done.returncode}\n{done.stderr}")


def _start(bin_dir: Path, folder: Path, port: int, log: Path) -> Process:
    """The `postgres` process serving `folder`'s cluster on 127.0.0.1:`port`, its sockets in
    `folder` and its output in `log`; in a session of its own, so a Ctrl-C stops the command
    it serves first and the server only when we stop it."""
    command = [str(bin_dir / "postgres"), "-D", str(folder / "data"), "-p", str(port)]
    settings = {**SETTINGS, "unix_socket_directories": str(folder)}
    for name, value in settings.items():
        command += ["-c", f"{name}={value}"]
    with log.open("wb") as out:
        return subprocess.Popen(
            _as_owner(command), stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )


def wait_ready(url: str, server: Process, log: Path, seconds: float = READY_TIMEOUT_S) -> None:
    """Wait until the server at `url` takes a connection; raise, with its log, if it exits
    or is not ready within `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        if server.poll() is not None:
            raise RuntimeError(f"postgres exited with status {server.returncode}\n{_tail(log)}")
        try:
            with psycopg.connect(url, connect_timeout=2):
                return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"postgres not ready within {seconds} s\n{_tail(log)}") from None
            time.sleep(0.1)


def _tail(log: Path, lines: int = 30) -> str:
    """The last lines of the server's log, to say why it failed."""
    text = log.read_text(errors="replace") if log.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def _stop(server: Process, data: Path) -> None:
    """Stop the server with a fast shutdown (SIGINT to the postmaster: sessions are ended,
    nothing is waited for) and wait for it; kill it if it does not stop in time."""
    if server.poll() is None:
        try:
            postmaster = int((data / "postmaster.pid").read_text().split()[0])
            os.kill(postmaster, signal.SIGINT)
        except (OSError, ValueError, IndexError):
            server.terminate()
    try:
        server.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


@contextmanager
def running_postgres() -> Iterator[str]:
    """A fresh PostgreSQL server on a free local port while the block runs: yields its
    `postgresql://postgres@127.0.0.1:PORT/postgres` address; stopped and removed at exit."""
    bin_dir = binaries()
    folder = Path(tempfile.mkdtemp(prefix="dice-table-postgres-"))
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, OWNER, OWNER)
        _initdb(bin_dir, folder / "data")
        port = free_port()
        log = folder / "server.log"
        server = _start(bin_dir, folder, port, log)
        try:
            url = f"postgresql://{OWNER}@127.0.0.1:{port}/postgres"
            wait_ready(url, server, log)
            yield url
        finally:
            _stop(server, folder / "data")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(url: str) -> str:
    """A new, empty database on the server at `url`: its address."""
    name = f"dice_table_{token_hex(6)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"'.encode())
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def _run(command: Sequence[str], env: Mapping[str, str]) -> int:
    """Run `command` with `env`: its exit status, shell-style (128 + N when killed by N)."""
    try:
        status = subprocess.run(list(command), env=dict(env), check=False).returncode
    except FileNotFoundError:
        print(f"tools.postgres_server: no such command: {command[0]}", file=sys.stderr)
        return 127
    return 128 - status if status < 0 else status


def _exit_on_term(signum: int, _frame: FrameType | None) -> None:
    """Turn SIGTERM into an exit, so the server is still stopped and removed."""
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command given with a throwaway server's address in $DICE_TABLE_TEST_POSTGRES."""
    command = list(sys.argv[1:] if argv is None else argv)
    if command[:1] == ["--"]:
        command = command[1:]
    if command[:1] in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if not command:
        print(USAGE, file=sys.stderr)
        return 2
    if os.environ.get(ADDRESS_ENV):
        return _run(command, os.environ)
    before = signal.signal(signal.SIGTERM, _exit_on_term)
    try:
        with running_postgres() as url:
            return _run(command, {**os.environ, ADDRESS_ENV: url})
    except RuntimeError as exc:
        print(f"tools.postgres_server: {exc}", file=sys.stderr)
        return 1
    finally:
        signal.signal(signal.SIGTERM, before)


if __name__ == "__main__":
    sys.exit(main())
