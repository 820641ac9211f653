"""The load benchmark, briefly: two sessions for ten seconds against its own server."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADER = "| sessions | seconds | turns completed | errors | median ms | p95 ms |"
ROW = re.compile(r"^\| 2 \| [\d.]+ \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", re.MULTILINE)


def test_two_sessions_complete_turns_without_errors():
    command = [sys.executable, "-m", "tools.load_benchmark", "--sessions", "2", "--seconds", "10"]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    shown = run.stdout + run.stderr
    assert HEADER in run.stdout, shown
    row = ROW.search(run.stdout)
    assert row, shown
    turns, errors, _median, _p95 = map(int, row.groups())
    assert turns > 0, shown
    assert errors == 0, shown
    assert "Server memory (RSS, MiB): first" in run.stdout, shown
    assert run.returncode == 0, shown
