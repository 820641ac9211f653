"""Where the game file lives."""

import os
from pathlib import Path

ENV_VAR = "DICE_TABLE_DB"
DEFAULT_RELATIVE_PATH = Path("data") / "dice-table.sqlite3"


def default_path() -> Path:
    """Return the game file path from $DICE_TABLE_DB, else ./data/dice-table.sqlite3."""
    configured = os.environ.get(ENV_VAR, "")
    return Path(configured) if configured else Path.cwd() / DEFAULT_RELATIVE_PATH
