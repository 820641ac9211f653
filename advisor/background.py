"""The tables a server will need, solved ahead in the background and loaded, one game
at a time: a ``TableCache``'s solving ahead.

A table not stored yet is solved by `python -m advisor build GAME` in a child process at
the lowest CPU priority, so it takes no turn from a page's thread for Python's
interpreter lock and only the CPU time the pages leave over. Servers sharing a cache
folder take turns through a lock file in it, so two of them never solve the same table
at once. The stored table is then loaded here (read into memory, or solved here if
the child could not store it), unless a page asked for it first. A game a page asks for
moves to the front of the queue.
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
        self._queue: list[str] = []
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
            self._queue += [game for game in games if game not in self._queue]
        self._thread.start()
        return True

    def ready(self, game: str) -> bool:
        """Whether the game's table is loaded (a sound stored one is loaded now, a few
        milliseconds); if not, it is solved and loaded next."""
        if self._cache.loaded(game) or self._cache.load_stored(game):
            return True
        with self._wake:
            if game in self._queue:
                self._queue.remove(game)
            self._queue.insert(0, game)
            self._wake.notify()
        return False

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

    def _next(self) -> str | None:
        with self._wake:
            while not self._queue and not self._cache.stopping.is_set():
                self._wake.wait()
            return None if self._cache.stopping.is_set() else self._queue.pop(0)

    def _work(self) -> None:
        while (game := self._next()) is not None:
            try:
                self._solve(game)
            except Exception:
                log.exception("the advisor could not solve %s ahead", game)

    def _solve(self, game: str) -> None:
        folder = self._cache.folder
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / LOCK_FILE).open("a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not self._cache.stored(game):
                code = self._run(game)
                if self._cache.stopping.is_set():
                    return
                if code != 0:
                    log.error("solving %s ahead failed (exit %s); asking again retries", game, code)
                    self._forget(game)
                    return
            self._cache.solved(game)
        self._forget(game)

    def _forget(self, game: str) -> None:
        """Take `game` off the queue (`ready` put it back at its head)."""
        with self._wake:
            if game in self._queue:
                self._queue.remove(game)

    def _run(self, game: str) -> int:
        """Solve `game` in a child process at the lowest priority; its exit code."""
        command = [sys.executable, "-m", "advisor", "build", game]
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
