"""Solved value tables: built on first use, kept in memory and cached on disk per rule set,
one ``TableCache`` per folder.

Each rule set has two tables: the mean table, every state's expected points still to
come (all that advice needs), and the moments table, which adds their expected square
and cube (for the shape of the final score, which the chances to win and the review
need). The mean table is solved first, so advice never waits for the moments; the
moments table's first row is the mean table itself, bit for bit.

A table file is one ``.npy`` record of the rules' key, a checksum of the values, and the
values; it is read whole into memory (some megabytes), so
a file changed or cut short on disk afterwards cannot touch the table in use. The disk
cache is only a cache: anything in a table's place that is not a regular file, a file
damaged, cut short, written for other rules, whose values do not match their checksum or
are not all finite numbers, is logged, set aside and solved again; and a cache folder
that cannot be written leaves the solved table in memory alone.
"""

import atexit
import functools
import logging
import os
import stat
import threading
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import numpy as np
from numpy.lib import format as npy

from advisor.background import BackgroundSolver
from advisor.column import Columns
from advisor.layout import Layout
from advisor.moments import CHANNELS
from advisor.solver import solve
from scoring import GameRules, rules_of, rules_signature, rules_variant

# Bump when the meaning or layout of the stored arrays changes.
FORMAT = 6
CACHE_ENV = "DICE_TABLE_ADVISOR_CACHE"
KEY_LENGTH = 16


@dataclass(frozen=True, eq=False)
class Solved:
    """A game's layout, and from each state the expected points still to come, with their
    expected square and cube in a moments table (``tables``: those rows)."""

    layout: Layout
    tables: np.ndarray

    @property
    def has_moments(self) -> bool:
        """Whether ``tables`` holds the square and cube beside the mean."""
        return len(self.tables) == CHANNELS

    @property
    def values(self) -> np.ndarray:
        """The expected points still to come from each state."""
        found: np.ndarray = self.tables[0]
        return found

    @functools.cached_property
    def columns(self) -> Columns:
        """The layout read one column at a time."""
        return Columns(self.layout)


log = logging.getLogger(__name__)


def rules_key(layout: Layout) -> str:
    """A checksum of everything the solution depends on: the whole rules record (so that a
    change of any setting is another table) and the points tables.

    It only has to tell rule sets apart, so two zlib checksums do (hashlib's OpenSSL
    would add megabytes to every process that looks a table up).
    """
    described = f"{FORMAT} {rules_signature(layout.rules)}"
    data = described.encode() + np.ascontiguousarray(layout.points, dtype=np.int64).tobytes()
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def _record(channels: int, count: int) -> np.dtype:
    """A table file's one record: the rules' key, the values' checksum and the values."""
    values = ("values", "<f8", (channels, count))
    return np.dtype([("key", f"S{KEY_LENGTH}"), ("checksum", "<u4"), values])


def _checksum(values: np.ndarray) -> int:
    return zlib.crc32(np.ascontiguousarray(values, dtype="<f8").data)


def _save(path: Path, key: str, values: np.ndarray) -> None:
    """Write the record header, the key, the checksum, then the values as they are in
    memory (no copy)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    record = _record(*values.shape)
    header = {"descr": npy.dtype_to_descr(record), "fortran_order": False}
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


def _load(path: Path, layout: Layout, key: str, channels: int) -> np.ndarray:
    """The values (``channels`` rows) stored at `path` for these rules, read into memory;
    raises DamagedTableError."""
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
    if stored.dtype != _record(channels, layout.count) or stored.shape != ():
        wanted = f"{channels} x {layout.count} values"
        raise DamagedTableError(f"holds {stored.dtype} {stored.shape}, not {wanted}")
    if stored["key"] != key.encode():
        raise DamagedTableError("written for other rules")
    # A copy: the field sits 20 bytes into the record, and numpy copies the whole of an
    # unaligned array before each gather from it.
    values = np.array(stored["values"], order="C", copy=True)
    if int(stored["checksum"]) != _checksum(values):
        raise DamagedTableError("changed since it was solved (its checksum does not match)")
    if not np.isfinite(values).all():
        raise DamagedTableError("holding values that are not finite numbers")
    values.flags.writeable = False
    return values


# Where a table's values come from (None: not found), given the layout, the rules key
# and the rows wanted.
Finding = Callable[[Layout, str, int], np.ndarray | None]


class TableCache:
    """The advisor's tables of one folder: those stored there, those in memory, and those
    being solved ahead in the background; safe to use from any number of threads at once.

    A table not stored yet is solved when first needed and stored; one that cannot be
    stored is kept in memory alone. ``stop()`` (also called when the program exits, once
    solving ahead has started) abandons every solve of this cache for good: from then on
    a table that is neither in memory nor stored raises ``SolveAbandonedError``.
    """

    def __init__(self, folder: Path | str) -> None:
        self.folder = Path(folder)
        # Set by stop(): every solve of this cache gives up soon after.
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        # Rules objects already seen, with their layout and key (kept alive, so that ids
        # stay unique), and the tables in memory by rules object and by key.
        self._layouts: dict[int, tuple[GameRules, Layout, str]] = {}
        self._by_rules: dict[int, Solved] = {}
        self._by_key: dict[str, Solved] = {}
        self._ahead = BackgroundSolver(self, {CACHE_ENV: str(self.folder)})

    def path(self, game: str | GameRules, moments: bool = False) -> Path:
        """Where the game's mean table (or its moments table) is stored in the folder
        (whether it is there or not)."""
        return self._file(*self._layout(game), _channels(moments))

    def states(self, game: str | GameRules) -> int:
        """How many states the game's tables hold (their size, and their solves')."""
        return self._layout(game)[0].count

    def stored(self, game: str | GameRules, moments: bool = False) -> bool:
        """Whether a file is in the place of the game's mean table (or moments table) in
        the folder (sound or not)."""
        return self.path(game, moments).exists()

    def build(self, game: str | GameRules, force: bool = False, moments: bool = True) -> Path:
        """Solve and store a game's mean table, and with ``moments`` its moments table,
        unless a sound one is already stored (or `force`); where the mean table is stored.

        Both at once are one solve: the mean table is the moments table's first row.
        """
        layout, key = self._layout(game)
        values, path = self._stored_or_solved(layout, key, _channels(moments), force)
        self._keep(game, key, Solved(layout, values))
        if not moments:
            return path
        path = self._file(layout, key, 1)
        if force or not self._sound(path, layout, key):
            self._store(path, key, values[:1])
        return path

    def solved(self, game: str | GameRules) -> Solved:
        """The game's tables with at least the mean (its moments too when they are in
        memory): from memory, else from the folder, else solved here and stored."""
        # Never None: solving always gives the values.
        return cast("Solved", self._known(game, 1, self._stored_or_solved_values))

    def with_moments(self, game: str | GameRules) -> Solved:
        """The game's moments table: from memory, else from the folder, else solved here
        and stored."""
        return cast("Solved", self._known(game, CHANNELS, self._stored_or_solved_values))

    def loaded(self, game: str | GameRules, moments: bool = False) -> bool:
        """Whether the game's mean table (or moments table) is in memory."""
        rules = rules_of(game)
        with self._lock:
            known = self._by_rules.get(id(rules))
        return known is not None and (known.has_moments or not moments)

    def load_stored(self, game: str | GameRules, moments: bool = False) -> bool:
        """Load the game's mean table (or moments table) from the folder if it is stored and
        sound, never solving it; whether it is in memory now."""

        def stored(layout: Layout, key: str, channels: int) -> np.ndarray | None:
            path = self._file(layout, key, channels)
            try:
                return _load(path, layout, key, channels) if path.exists() else None
            except DamagedTableError:
                return None

        return self._known(game, _channels(moments), stored) is not None

    def solve_ahead(self, games: Iterable[str]) -> None:
        """Start solving in the background, one at a time and in order, the mean tables of
        `games` not stored yet, then their moments tables (see ``advisor.background``);
        later calls do nothing."""
        if self._ahead.start(games):
            atexit.register(self.stop)

    def ready(self, game: str, moments: bool = False) -> bool:
        """Whether the game's mean table (or moments table) is in memory (a sound stored
        one is loaded now, a few milliseconds); if not, it is solved ahead next (the
        moments after the mean)."""
        return self._ahead.ready(game, moments)

    def stop(self) -> None:
        """Abandon every solve of this cache, the one under way ahead included (it stores
        nothing), and solve nothing more."""
        self.stopping.set()
        self._ahead.stop()

    def _layout(self, game: str | GameRules) -> tuple[Layout, str]:
        """The game's layout and rules key, made once per rules object (tens of ms): those
        of one column of its sheet, no rolls saved (the exact part of its advice)."""
        rules = rules_variant(rules_of(game), columns=(1,), saved_rolls=False)
        with self._lock:
            known = self._layouts.get(id(rules))
        if known is None:
            layout = Layout(rules)
            made = (rules, layout, rules_key(layout))
            with self._lock:
                known = self._layouts.setdefault(id(rules), made)
        return known[1], known[2]

    def _file(self, layout: Layout, key: str, channels: int) -> Path:
        kind = "-moments" if channels == CHANNELS else ""
        return self.folder / f"{layout.rules.id}-{key}{kind}.npy"

    def _stored_or_solved_values(self, layout: Layout, key: str, channels: int) -> np.ndarray:
        return self._stored_or_solved(layout, key, channels)[0]

    def _stored_or_solved(
        self, layout: Layout, key: str, channels: int, force: bool = False
    ) -> tuple[np.ndarray, Path]:
        """The table of these rules with ``channels`` rows: from the folder when it is
        there and sound, else solved and stored (kept in memory alone when it cannot be
        stored)."""
        path = self._file(layout, key, channels)
        if not force and path.exists():
            try:
                return _load(path, layout, key, channels), path
            except DamagedTableError as error:
                log.warning("advisor table %s is %s: solving it again", path, error)
        values = solve(layout, channels, stop=self.stopping)
        self._store(path, key, values)
        return values, path

    def _store(self, path: Path, key: str, values: np.ndarray) -> None:
        """Store a table, or log why it is kept in memory alone."""
        try:
            _save(path, key, values)
        except OSError as error:
            log.warning("advisor table %s cannot be stored (%s): kept in memory only", path, error)

    def _sound(self, path: Path, layout: Layout, key: str) -> bool:
        """Whether a sound mean table of these rules is stored at ``path``."""
        try:
            return path.exists() and _load(path, layout, key, 1) is not None
        except DamagedTableError:
            return False

    def _known(self, game: str | GameRules, channels: int, find: Finding) -> Solved | None:
        """The game's tables with at least ``channels`` rows from memory, else with the
        values `find` gives (None: not found)."""
        rules = rules_of(game)
        with self._lock:
            known = self._by_rules.get(id(rules))
        if known is not None and len(known.tables) >= channels:
            return known
        layout, key = self._layout(rules)
        with self._lock:
            table = self._by_key.get(key)
        if table is None or len(table.tables) < channels:
            values = find(layout, key, channels)
            if values is None:
                return None
            table = Solved(layout, values)
        return self._keep(rules, key, table)

    def _keep(self, game: str | GameRules, key: str, table: Solved) -> Solved:
        """Keep ``table`` in memory for the game, unless one with as many rows or more is
        there already; the one kept. A moments table replaces the mean table for every
        rules object that shares it, so that the mean table's memory goes."""
        rules = rules_of(game)
        with self._lock:
            kept = self._by_key.get(key)
            if kept is None or len(kept.tables) < len(table.tables):
                replaced, kept = kept, table
                self._by_key[key] = kept
                for number, known in self._by_rules.items():
                    if known is replaced:
                        self._by_rules[number] = kept
            self._by_rules[id(rules)] = kept
        return kept


def _channels(moments: bool) -> int:
    return CHANNELS if moments else 1


def solve_afresh(game: str | GameRules, moments: bool = False) -> Solved:
    """A game's mean table (or moments table) solved here from scratch, neither read nor
    stored (what a build costs, for measuring it)."""
    layout = Layout(rules_of(game))
    return Solved(layout, solve(layout, _channels(moments)))


_default_lock = threading.Lock()


@functools.cache
def _from_environment() -> TableCache:
    configured = os.environ.get(CACHE_ENV)
    return TableCache(configured or Path.home() / ".cache/dice-table/advisor")


def default_cache() -> TableCache:
    """The cache of ``$DICE_TABLE_ADVISOR_CACHE``, or ``~/.cache/dice-table/advisor`` when
    it is not set, read on first use; what the advisor's functions use unless given one."""
    with _default_lock:
        return _from_environment()
