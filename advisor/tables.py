"""Solved value tables: built on first use, kept in memory and cached on disk per rule set.

The disk cache is only a cache: a table file that is damaged, cut short, written for
other rules or unreadable is logged, set aside and solved again, and a cache folder
that cannot be written leaves the solved table in memory alone.
"""

import hashlib
import logging
import os
import tempfile
import threading
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from advisor.layout import Layout
from advisor.solver import solve
from scoring.rules import GameRules
from scoring.scorer import rules_of

# Bump when the meaning or layout of the stored arrays changes.
FORMAT = 2
CACHE_ENV = "DICE_TABLE_ADVISOR_CACHE"


@dataclass(frozen=True, eq=False)
class Solved:
    """A game's layout and the expected points still to come from each state."""

    layout: Layout
    values: np.ndarray

    def value(self, state: tuple[int, int, int, int]) -> float:
        """Expected points still to come from one state (NaN if it cannot occur)."""
        return float(self.values[self.layout.flat(*state)])


log = logging.getLogger(__name__)

_by_key: dict[str, Solved] = {}
_lock = threading.Lock()
# Rules objects already looked up (kept alive with their tables, so ids stay unique).
_by_rules: dict[int, tuple[GameRules, Solved]] = {}


def cache_dir() -> Path:
    """Where tables are stored: ``$DICE_TABLE_ADVISOR_CACHE`` or ``~/.cache/dice-table/advisor``."""
    configured = os.environ.get(CACHE_ENV)
    return Path(configured) if configured else Path.home() / ".cache/dice-table/advisor"


def rules_key(layout: Layout) -> str:
    """A digest of everything the solution depends on: points tables and bonus rules."""
    rules = layout.rules
    sections = [(b.id, b.section) for b in rules.boxes]
    described = repr((FORMAT, sections, rules.upper_bonus, rules.joker, rules.upper_first))
    digest = hashlib.sha256(described.encode())
    digest.update(np.ascontiguousarray(layout.points, dtype=np.int64).tobytes())
    return digest.hexdigest()[:16]


def table_path(layout: Layout) -> Path:
    return cache_dir() / f"{layout.rules.id}-{rules_key(layout)}.npz"


def _save(path: Path, key: str, values: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as out:
        # Most entries are NaN (states that cannot occur): they compress to little.
        np.savez_compressed(out, values=values, key=np.array(key))
    os.replace(out.name, path)


class DamagedTableError(ValueError):
    """A stored table cannot be used: unreadable, cut short, or for other rules."""


def _load(path: Path, layout: Layout, key: str) -> np.ndarray:
    """The values stored at `path` for these rules; raises DamagedTableError."""
    try:
        with np.load(path, allow_pickle=False) as stored:
            values = stored["values"]
            stored_key = str(stored["key"]) if "key" in stored.files else None
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
        raise DamagedTableError(f"unreadable ({error})") from error
    if stored_key != key:
        raise DamagedTableError("written for other rules")
    if values.dtype != np.float64 or values.shape != (layout.size,):
        raise DamagedTableError(f"holds {values.dtype} {values.shape}, not ({layout.size},)")
    return values


def _stored_or_solved(layout: Layout, key: str, force: bool = False) -> tuple[np.ndarray, Path]:
    """The table of these rules: from disk when it is there and sound, else solved and
    stored (kept in memory alone when it cannot be stored)."""
    path = table_path(layout)
    if not force and path.exists():
        try:
            return _load(path, layout, key), path
        except DamagedTableError as error:
            log.warning("advisor table %s is %s: solving it again", path, error)
    values = solve(layout)
    try:
        _save(path, key, values)
    except OSError as error:
        log.warning("advisor table %s cannot be stored (%s): kept in memory only", path, error)
    return values, path


def build(game: str | GameRules, force: bool = False) -> Path:
    """Solve a game and store its table unless a sound one is already stored (or `force`)."""
    layout = Layout(rules_of(game))
    key = rules_key(layout)
    values, path = _stored_or_solved(layout, key, force)
    with _lock:
        _by_key.setdefault(key, Solved(layout, values))
    return path


def solved(game: str | GameRules) -> Solved:
    """The solved tables of a game: from memory, else from disk, else built and stored."""
    rules = rules_of(game)
    with _lock:
        known = _by_rules.get(id(rules))
    if known is not None:
        return known[1]
    layout = Layout(rules)
    key = rules_key(layout)
    with _lock:
        table = _by_key.get(key)
    if table is None:
        values, _ = _stored_or_solved(layout, key)
        table = Solved(layout, values)
    with _lock:
        table = _by_key.setdefault(key, table)
        _by_rules[id(rules)] = (rules, table)
    return table
