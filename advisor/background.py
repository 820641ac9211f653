"""The tables a server will need, solved ahead in the background and loaded, one table
at a time: a ``TableCache``'s solving ahead. Every game's mean table comes before any
moments table, so that advice never waits for chances to win.

A table not stored yet is solved by `python -m advisor build GAME` (with
``--without-moments`` for a mean table) in a child process at
the lowest CPU priority, so it takes no turn from a page's thread for Python's
interpreter lock and only the CPU time the pages leave over. Servers sharing a cache
folder take turns through a lock file in it, so two of them never solve the same table
at once. The stored table is then loaded here (read into memory, or solved here if
the child could not store it), unless a page asked for it first. A table a page asks for
moves to the front of the queue, a moments table to the front of the moments tables.
A solve that fails is logged and forgotten, so the next ask starts it again. Stopping
the cache (at the latest when the program exits) interrupts a running child, which then
writes nothing.
"""

from __future__ import annotations

import fcntl
import logging
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from advisor.tables import TableCache

log = logging.getLogger(__name__)
LOCK_FILE = ".solving.lock"
STOP_WAIT_SECONDS = 10


class BackgroundSolver:
    """Solves the tables of `cache` that are not stored yet, in order, in the background,
    until the cache's ``stopping`` is set."""

    def __init__(self, cache: TableCache, settings: dict[str, str]) -> None:
        """`settings`: the environment variables that point the child's build at the cache."""
        self._cache = cache
        self._settings = settings
        # Tables to solve, in order: (game, whether the moments table).
        self._queue: list[tuple[str, bool]] = []
        self._wake = threading.Condition()
        self._child: subprocess.Popen[bytes] | None = None
        self._thread = threading.Thread(target=self._work, name="advisor-ahead", daemon=True)
        self._started = False

    def start(self, games: Iterable[str]) -> bool:
        """Begin solving `games` (after those asked for already); whether this call started
        it (later calls do nothing)."""
        with self._wake:
            if self._started:
                return False
            self._started = True
            games = list(games)
            wanted = [(game, False) for game in games] + [(game, True) for game in games]
            self._queue += [item for item in wanted if item not in self._queue]
        self._thread.start()
        return True

    def ready(self, game: str, moments: bool = False) -> bool:
        """Whether the game's mean table (or moments table) is loaded (a sound stored one
        is loaded now, a few milliseconds); if not, it is solved and loaded next (moments
        right after the game's mean table)."""
        mean = self._loaded(game, False)
        if mean and (not moments or self._loaded(game, True)):
            return True
        asked = [(game, False)] if not mean else []
        asked_moments = [(game, True)] if moments else []
        with self._wake:
            rest = [item for item in self._queue if item not in asked + asked_moments]
            means = [item for item in rest if not item[1]]
            others = [item for item in rest if item[1]]
            # A moments table asked for goes ahead of the other moments tables only: a
            # game's advice never waits for another game's chances.
            self._queue = asked + means + asked_moments + others
            self._wake.notify()
        return False

    def _loaded(self, game: str, moments: bool) -> bool:
        return self._cache.loaded(game, moments) or self._cache.load_stored(game, moments)

    def stop(self) -> None:
        """Once the cache's ``stopping`` is set: stop solving and interrupt the solve under
        way (it stores nothing)."""
        with self._wake:
            child = self._child
            self._wake.notify()
        if child is not None and child.poll() is None:
            child.terminate()
            try:
                child.wait(STOP_WAIT_SECONDS)
            except subprocess.TimeoutExpired:
                child.kill()

    def _next(self) -> tuple[str, bool] | None:
        with self._wake:
            while not self._queue and not self._cache.stopping.is_set():
                self._wake.wait()
            return None if self._cache.stopping.is_set() else self._queue.pop(0)

    def _work(self) -> None:
        while (item := self._next()) is not None:
            try:
                self._solve(*item)
            except Exception:
                log.exception("the advisor could not solve %s ahead", item[0])

    def _solve(self, game: str, moments: bool) -> None:
        folder = self._cache.folder
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / LOCK_FILE).open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not self._cache.stored(game, moments):
                code = self._run(game, moments)
                if self._cache.stopping.is_set():
                    return
                if code != 0:
                    log.error("solving %s ahead failed (exit %s); asking again retries", game, code)
                    self._forget((game, moments))
                    return
            if moments:
                self._cache.with_moments(game)
            else:
                self._cache.solved(game)
        self._forget((game, moments))

    def _forget(self, item: tuple[str, bool]) -> None:
        """Take `item` off the queue (`ready` put it back at its head)."""
        with self._wake:
            if item in self._queue:
                self._queue.remove(item)

    def _run(self, game: str, moments: bool) -> int:
        """Solve the game's mean table (or its moments table) in a child process at the
        lowest priority; its exit code."""
        command = [sys.executable, "-m", "advisor", "build", game]
        if not moments:
            command.append("--without-moments")
        nice = shutil.which("nice")
        if nice:
            command = [nice, "-n", "19", *command]
        # The child finds this copy of the package, installed or not.
        here = str(Path(__file__).resolve().parents[1])
        path = os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))
        with self._wake:
            if self._cache.stopping.is_set():
                return 0
            self._child = subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env={**os.environ, "PYTHONPATH": path, **self._settings},
            )
        _, errors = self._child.communicate()
        if self._child.returncode and not self._cache.stopping.is_set():
            log.error("advisor build %s: %s", game, errors.decode(errors="replace")[-2000:])
        return self._child.returncode
