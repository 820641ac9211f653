"""Solved value tables: built on first use, kept in memory and cached on disk per rule set."""

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from advisor.layout import Layout
from advisor.solver import solve
from scoring.rules import GameRules
from scoring.scorer import rules_of

# Bump when the meaning or layout of the stored arrays changes.
FORMAT = 1
CACHE_ENV = "DICE_TABLE_ADVISOR_CACHE"


@dataclass(frozen=True, eq=False)
class Solved:
    """A game's layout and the expected points still to come from each state."""

    layout: Layout
    values: np.ndarray

    def value(self, state: tuple[int, int, int, int]) -> float:
        """Expected points still to come from one state (NaN if it cannot occur)."""
        return float(self.values[self.layout.flat(*state)])


_by_key: dict[str, Solved] = {}
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


def _save(path: Path, values: np.ndarray) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as out:
        # Most entries are NaN (states that cannot occur): they compress to little.
        np.savez_compressed(out, values=values)
    os.replace(out.name, path)


def build(game: str | GameRules, force: bool = False) -> Path:
    """Solve a game and store its table unless it is already stored (or ``force``)."""
    layout = Layout(rules_of(game))
    path = table_path(layout)
    if force or not path.exists():
        _save(path, solve(layout))
    return path


def solved(game: str | GameRules) -> Solved:
    """The solved tables of a game: from memory, else from disk, else built and stored."""
    rules = rules_of(game)
    if id(rules) not in _by_rules:
        layout = Layout(rules)
        key = rules_key(layout)
        if key not in _by_key:
            with np.load(build(rules)) as stored:
                _by_key[key] = Solved(layout, stored["values"])
        _by_rules[id(rules)] = (rules, _by_key[key])
    return _by_rules[id(rules)][1]
