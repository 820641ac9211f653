"""Solved value tables: built on first use, kept in memory and cached on disk per rule set.

A table file is one ``.npy`` record of the rules' key, a checksum of the values, and the
value of every state that can occur; it is read whole into memory (a few megabytes), so
a file changed or cut short on disk afterwards cannot touch the table in use. The disk
cache is only a cache: anything in a table's place that is not a regular file, a file
damaged, cut short, written for other rules, whose values do not match their checksum or
are not all finite numbers, is logged, set aside and solved again; and a cache folder
that cannot be written leaves the solved table in memory alone.
"""

import logging
import os
import stat
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import cast

import numpy as np
from numpy.lib import format as npy

from advisor.column import Columns
from advisor.layout import Layout
from advisor.solver import solve
from scoring import GameRules, rules_of

# Bump when the meaning or layout of the stored arrays changes.
FORMAT = 4
CACHE_ENV = "DICE_TABLE_ADVISOR_CACHE"
KEY_LENGTH = 16


@dataclass(frozen=True, eq=False)
class Solved:
    """A game's layout and the expected points still to come from each state."""

    layout: Layout
    values: np.ndarray

    @cached_property
    def columns(self) -> Columns:
        """The layout read one column at a time."""
        return Columns(self.layout)


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
    """A checksum of everything the solution depends on: points tables and bonus rules.

    It only has to tell rule sets apart, so two zlib checksums do (hashlib's OpenSSL
    would add megabytes to every process that looks a table up).
    """
    rules = layout.rules
    sections = [(b.id, b.section) for b in rules.boxes]
    described = repr((FORMAT, sections, rules.upper_bonus, rules.joker, rules.upper_first))
    data = described.encode() + np.ascontiguousarray(layout.points, dtype=np.int64).tobytes()
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def table_path(layout: Layout) -> Path:
    return cache_dir() / f"{layout.rules.id}-{rules_key(layout)}.npy"


def _record(count: int) -> np.dtype:
    """A table file's one record: the rules' key, the values' checksum and the values."""
    return np.dtype([("key", f"S{KEY_LENGTH}"), ("checksum", "<u4"), ("values", "<f8", (count,))])


def _checksum(values: np.ndarray) -> int:
    return zlib.crc32(np.ascontiguousarray(values, dtype="<f8").data)


def _save(path: Path, key: str, values: np.ndarray) -> None:
    """Write the record header, the key, the checksum, then the values as they are in
    memory (no copy)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    header = {"descr": npy.dtype_to_descr(_record(len(values))), "fortran_order": False}
    written = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    try:
        with written.open("wb") as out:
            npy.write_array_header_1_0(out, {**header, "shape": ()})
            out.write(key.encode())
            out.write(_checksum(values).to_bytes(4, "little"))
            np.ascontiguousarray(values, dtype="<f8").tofile(out)
        os.replace(written, path)
    finally:
        written.unlink(missing_ok=True)


class DamagedTableError(ValueError):
    """A stored table cannot be used: unreadable, cut short, or for other rules."""


def _load(path: Path, layout: Layout, key: str) -> np.ndarray:
    """The values stored at `path` for these rules, read into memory; raises
    DamagedTableError."""
    try:
        # Opened without waiting, so that a FIFO in a table's place cannot hang the reader.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as error:
        raise DamagedTableError(f"unreadable ({error})") from error
    with os.fdopen(descriptor, "rb") as source:
        if not stat.S_ISREG(os.fstat(source.fileno()).st_mode):
            raise DamagedTableError("not a regular file")
        try:
            stored = np.load(source, allow_pickle=False)
        except (OSError, ValueError, EOFError) as error:
            raise DamagedTableError(f"unreadable ({error})") from error
    if not isinstance(stored, np.ndarray):
        raise DamagedTableError("not a table file")
    if stored.dtype != _record(layout.count) or stored.shape != ():
        raise DamagedTableError(f"holds {stored.dtype} {stored.shape}, not {layout.count} values")
    if stored["key"] != key.encode():
        raise DamagedTableError("written for other rules")
    values = np.ascontiguousarray(stored["values"])
    if int(stored["checksum"]) != _checksum(values):
        raise DamagedTableError("changed since it was solved (its checksum does not match)")
    if not np.isfinite(values).all():
        raise DamagedTableError("holding values that are not finite numbers")
    values.flags.writeable = False
    return values


def _stored_or_solved(
    layout: Layout, key: str, force: bool = False, stop: threading.Event | None = None
) -> tuple[np.ndarray, Path]:
    """The table of these rules: from disk when it is there and sound, else solved and
    stored (kept in memory alone when it cannot be stored)."""
    path = table_path(layout)
    if not force and path.exists():
        try:
            return _load(path, layout, key), path
        except DamagedTableError as error:
            log.warning("advisor table %s is %s: solving it again", path, error)
    values = solve(layout, stop=stop)
    try:
        _save(path, key, values)
    except OSError as error:
        log.warning("advisor table %s cannot be stored (%s): kept in memory only", path, error)
    return values, path


def build(game: str | GameRules, force: bool = False, stop: threading.Event | None = None) -> Path:
    """Solve a game and store its table unless a sound one is already stored (or `force`).

    Setting ``stop`` abandons the solve (``SolveAbandonedError``), as does the program exiting.
    """
    layout = Layout(rules_of(game))
    key = rules_key(layout)
    values, path = _stored_or_solved(layout, key, force, stop)
    with _lock:
        _by_key.setdefault(key, Solved(layout, values))
    return path


def loaded(game: str | GameRules) -> bool:
    """Whether the game's table is in this process's memory."""
    rules = rules_of(game)
    with _lock:
        return id(rules) in _by_rules


def solved(game: str | GameRules, stop: threading.Event | None = None) -> Solved:
    """The solved tables of a game: from memory, else from disk, else built and stored.

    Setting ``stop`` abandons a solve (``SolveAbandonedError``), as does the program exiting.
    """
    # Never None: solving always gives the values.
    return cast(
        "Solved", _known(game, lambda layout, key: _stored_or_solved(layout, key, stop=stop)[0])
    )


def load_stored(game: str | GameRules) -> bool:
    """Load the game's table from disk if it is stored and sound, never solving it;
    whether the table is in memory now."""

    def stored(layout: Layout, key: str) -> np.ndarray | None:
        path = table_path(layout)
        try:
            return _load(path, layout, key) if path.exists() else None
        except DamagedTableError:
            return None

    return _known(game, stored) is not None


def _known(
    game: str | GameRules, find: Callable[[Layout, str], np.ndarray | None]
) -> Solved | None:
    """The game's tables from memory, else with the values `find` gives (None: not found)."""
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
        values = find(layout, key)
        if values is None:
            return None
        table = Solved(layout, values)
    with _lock:
        table = _by_key.setdefault(key, table)
        _by_rules[id(rules)] = (rules, table)
    return table
