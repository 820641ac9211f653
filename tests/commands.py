"""Running the project's command lines as a user does, in a new process."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def run_module(*arguments: str) -> subprocess.CompletedProcess:
    """`python -m ARGUMENTS...`, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", *arguments], capture_output=True, text=True, check=False
    )


def run_on_record(folder: Path, record: Any, *command: str) -> subprocess.CompletedProcess:
    """`python -m COMMAND... game.json` on `record` (a JSON value, or text as it is)."""
    path = folder / "game.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return run_module(*command, str(path))
