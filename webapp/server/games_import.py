"""Games files taken in at a table without stopping the other tables.

One background worker serves the whole server, one file at a time; at most
`MOST_WAITING` files wait for it, and a table has at most one file waiting or being taken
in. The worker first replays every game of the file (a file with one bad game adds
nothing), then writes them `WRITTEN_AT_ONCE` at a time: a batch's write holds the store's
lock only for its inserts, and after each batch the worker rests as long as the batch
took, so the page threads of every other table get the interpreter at least half the
time.
What a table's file came to stays readable (`progress`) for the page to show.
"""

import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from store import (
    FiledGame,
    GamesFileError,
    GameStore,
    StoreError,
    checked_game,
    games_in_file,
)
from webapp.server.memory import give_back_memory

log = logging.getLogger(__name__)
# Games replayed between two rests, and written in one transaction (fewer, so that the
# store's lock is held briefly even on a machine too busy to run the worker steadily).
CHECKED_AT_ONCE = 200
WRITTEN_AT_ONCE = 50
MOST_WAITING = 4
# What came of the files of this many tables is kept, the oldest forgotten first.
KEPT_RESULTS = 1_000


@dataclass(frozen=True)
class Progress:
    """Where a table's games file stands: of its `total` games, how many were `checked`
    (replayed) and `added`; once `done`, how many the table had already (`known`) and,
    when it stopped short, why (`trouble`: a GamesFileError or a StoreError)."""

    total: int = 0
    checked: int = 0
    added: int = 0
    known: int = 0
    done: bool = False
    trouble: Exception | None = None


@dataclass(frozen=True)
class _Job:
    store: GameStore
    table: str
    data: bytes


class Importer:
    """The server's queue of games files and the worker that takes them in."""

    def __init__(self) -> None:
        self._waiting: deque[_Job] = deque()
        self._progress: OrderedDict[str, Progress] = OrderedDict()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def take(self, store: GameStore, table: str, data: bytes) -> bool:
        """Queue a games file for `table`; False (and nothing queued) when the queue is
        full or the table's last file is not taken in yet."""
        with self._changed:
            current = self._progress.get(table)
            if len(self._waiting) >= MOST_WAITING or (current and not current.done):
                return False
            self._waiting.append(_Job(store, table, data))
            self._note(table, Progress())
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="imports", daemon=True)
                self._thread.start()
        return True

    def progress(self, table: str) -> Progress | None:
        """Where `table`'s last games file stands (None when it sent none lately)."""
        with self._changed:
            return self._progress.get(table)

    def settle(self, timeout: float) -> bool:
        """Wait until every file queued is taken in or refused; whether that happened."""
        with self._changed:
            return self._changed.wait_for(lambda: self._thread is None, timeout)

    def _note(self, table: str, progress: Progress) -> None:
        """Keep `progress` as the table's (the lock held)."""
        self._progress[table] = progress
        self._progress.move_to_end(table)
        while len(self._progress) > KEPT_RESULTS:
            self._progress.popitem(last=False)
        self._changed.notify_all()

    def _update(self, table: str, **changes: Any) -> None:
        with self._changed:
            self._note(table, replace(self._progress.get(table, Progress()), **changes))

    def _work(self) -> None:
        while True:
            with self._changed:
                if not self._waiting:
                    self._thread = None
                    self._changed.notify_all()
                    return
                job = self._waiting.popleft()
            try:
                self._take_in(job)
            except (GamesFileError, StoreError) as trouble:
                self._update(job.table, done=True, trouble=trouble)
            except Exception as trouble:
                log.exception("a games file for a table could not be taken in")
                self._update(job.table, done=True, trouble=StoreError(str(trouble)))
            finally:
                del job
                give_back_memory()

    def _take_in(self, job: _Job) -> None:
        """Check every game of the job's file, then add them in batches."""
        entries = games_in_file(job.data)
        self._update(job.table, total=len(entries))
        games: list[FiledGame] = []
        for start in range(0, len(entries), CHECKED_AT_ONCE):
            with _resting():
                part = entries[start : start + CHECKED_AT_ONCE]
                games.extend(checked_game(start + i, entry) for i, entry in enumerate(part))
                self._update(job.table, checked=len(games))
        del entries
        added = 0
        for start in range(0, len(games), WRITTEN_AT_ONCE):
            with _resting():
                batch = games[start : start + WRITTEN_AT_ONCE]
                added += job.store.add_games(batch, table=job.table)
                self._update(job.table, added=added)
        self._update(job.table, known=len(games) - added, done=True)


@contextmanager
def _resting() -> Iterator[None]:
    """Around a batch of work: rest afterwards as long as the batch took."""
    began = time.monotonic()
    yield
    time.sleep(time.monotonic() - began)


_importer = Importer()


def importer() -> Importer:
    """The server's one importer of games files."""
    return _importer
