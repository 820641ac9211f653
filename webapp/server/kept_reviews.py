"""Finished games reviewed in the background, once per revision, and what the review found
kept in the store beside the game, for the Players page's statistics.

One keeper serves every browser of the server: any page thread may hand it games at once,
and each is reviewed once however many ask. Tables are served in turn, one game each, so
a table that brought thousands of games delays another's by one review at most; a table
has at most `MOST_PER_TABLE` games queued and the keeper `MOST_QUEUED` (the others are
asked for again when the table's page is read again). A game waits while its advisor
table is still being solved; a game that cannot be read or reviewed is logged and left
unreviewed. Once the queue is empty, the memory its reviews freed goes back to the system.
"""

import logging
import threading
from collections import OrderedDict, deque

from advisor import review, unsolvable
from player_stats import review_facts
from scoring import Game
from store import GameStore
from webapp.server.ahead import rules_ready
from webapp.server.memory import give_back_memory

log = logging.getLogger(__name__)
# How long the keeper waits before it looks again at games whose advisor is not ready.
NOT_READY_WAIT_SECONDS = 1.0
MOST_PER_TABLE = 200
MOST_QUEUED = 5_000

Job = tuple[GameStore, str]


class ReviewKeeper:
    """Per table, a queue of (store, game id), worked through in turn by one thread."""

    def __init__(self) -> None:
        self._tables: OrderedDict[str, deque[Job]] = OrderedDict()
        self._queued: set[tuple[str, str]] = set()
        self._done = threading.Condition()
        self._thread: threading.Thread | None = None
        self.reviewed = 0

    def ask(self, store: GameStore, table: str, game_ids: list[str]) -> None:
        """Review these finished games of `table` and keep what was found (those already
        waiting are not queued twice, nor any past the keeper's bounds)."""
        with self._done:
            for game_id in game_ids:
                jobs = self._tables.get(table, ())
                if len(jobs) >= MOST_PER_TABLE or len(self._queued) >= MOST_QUEUED:
                    break
                if (table, game_id) not in self._queued:
                    self._queued.add((table, game_id))
                    self._tables.setdefault(table, deque()).append((store, game_id))
            if self._tables and self._thread is None:
                self._thread = threading.Thread(target=self._work, name="reviews", daemon=True)
                self._thread.start()
            self._done.notify_all()

    def waiting(self, table: str) -> int:
        """How many games of `table` wait for their review."""
        with self._done:
            return len(self._tables.get(table, ()))

    def settle(self, timeout: float) -> bool:
        """Wait until every game asked for is reviewed (or given up); whether it was."""
        with self._done:
            return self._done.wait_for(lambda: not self._queued, timeout)

    def _next(self) -> tuple[str, Job] | None:
        """The first game of the table whose turn it is, the table going to the back of
        the line (the lock held); None when no game waits."""
        if not self._tables:
            return None
        table, jobs = next(iter(self._tables.items()))
        job = jobs.popleft()
        del self._tables[table]
        if jobs:
            self._tables[table] = jobs
        return table, job

    def _work(self) -> None:
        waited = 0
        while True:
            with self._done:
                turn = self._next()
                if turn is None:
                    self._thread = None
            if turn is None:
                give_back_memory()
                return
            table, (store, game_id) = turn
            kept = self._review(store, table, game_id)
            with self._done:
                if kept is None:
                    self._tables.setdefault(table, deque()).append((store, game_id))
                    waited += 1
                    if waited >= len(self._queued):
                        self._done.wait(NOT_READY_WAIT_SECONDS)
                        waited = 0
                else:
                    waited = 0
                    self._queued.discard((table, game_id))
                    self.reviewed += kept
                    self._done.notify_all()

    def _review(self, store: GameStore, table: str, game_id: str) -> int | None:
        """Review one game and keep the result: 1 when kept, 0 when there was nothing to
        keep (or its review is kept already), None when its advisor table is not ready
        yet (it is solved next)."""
        try:
            saved = store.load(game_id, table=table)
            if store.has_review(game_id, saved.revision, table=table):
                return 0
            game = Game.from_dict(saved.record)
            if not game.finished or unsolvable(game.rules) is not None:
                return 0
            if not rules_ready(game.rules):
                return None
            found = review_facts(review(game, chances=False))
            return int(store.keep_review(game_id, saved.revision, found, table=table))
        except Exception:
            log.exception("the review of game %r cannot be kept", game_id)
            return 0


_keeper = ReviewKeeper()


def keeper() -> ReviewKeeper:
    """The server's one keeper of reviews."""
    return _keeper
