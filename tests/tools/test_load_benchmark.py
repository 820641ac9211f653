"""The load benchmark, briefly: a table of two sessions (a player and another device) for
ten seconds against its own server, on SQLite and on PostgreSQL."""

import re
import subprocess
import sys
from pathlib import Path

from tests.postgres import server_url

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(
    r"^\| 2 \| 1 \| 1 \| (\w+) \| [\d.]+ \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$",
    re.MULTILINE,
)


def _run(*options: str) -> tuple[re.Match[str], str]:
    command = [
        sys.executable,
        "-m",
        "tools.load_benchmark",
        "--sessions",
        "2",
        "--tables",
        "1",
        "--seconds",
        "10",
        *options,
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    shown = run.stdout + run.stderr
    row = ROW.search(run.stdout)
    assert row, shown
    assert run.returncode == 0, shown
    assert "Memory per server (RSS, MiB): server 1: first" in run.stdout, shown
    return row, shown


def test_a_player_and_another_device_complete_turns_without_errors_on_sqlite() -> None:
    row, shown = _run()
    store, turns, errors, *_ = row.groups()
    assert (store, errors) == ("sqlite", "0"), shown
    assert int(turns) > 0, shown


def test_postgres_another_device_sees_each_entry_without_errors() -> None:
    row, shown = _run("--store", "postgres", "--postgres", server_url())
    store, turns, errors, *_ = row.groups()
    assert (store, errors) == ("postgres", "0"), shown
    assert int(turns) > 0, shown
