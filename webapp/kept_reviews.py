"""Finished games reviewed in the background, once per revision, and what the review found
kept in the store beside the game, for the Players page's statistics.

One keeper serves every browser of the server: any page thread may hand it games at once,
and each is reviewed once however many ask. A game waits while its advisor table is still
being solved; a game that cannot be read or reviewed is logged and left unreviewed.
"""

import logging
import threading
from collections import deque

from advisor import review
from player_stats import review_facts
from scoring import Game
from store import GameStore
from webapp import ahead

log = logging.getLogger(__name__)
# How long the keeper waits before it looks again at games whose advisor is not ready.
NOT_READY_WAIT_SECONDS = 1.0

Job = tuple[GameStore, str, str]


class ReviewKeeper:
    """A queue of (store, table, game id) worked through by one background thread."""

    def __init__(self) -> None:
        self._jobs: deque[Job] = deque()
        self._queued: set[tuple[str, str]] = set()
        self._done = threading.Condition()
        self._thread: threading.Thread | None = None
        self.reviewed = 0

    def ask(self, store: GameStore, table: str, game_ids: list[str]) -> None:
        """Review these finished games of `table` and keep what was found (those already
        waiting are not queued twice)."""
        with self._done:
            for game_id in game_ids:
                if (table, game_id) not in self._queued:
                    self._queued.add((table, game_id))
                    self._jobs.append((store, table, game_id))
            if self._jobs and self._thread is None:
                self._thread = threading.Thread(target=self._work, name="reviews", daemon=True)
                self._thread.start()
            self._done.notify_all()

    def waiting(self, table: str) -> int:
        """How many games of `table` wait for their review."""
        with self._done:
            return sum(1 for queued, _ in self._queued if queued == table)

    def settle(self, timeout: float) -> bool:
        """Wait until every game asked for is reviewed (or given up); whether it was."""
        with self._done:
            return self._done.wait_for(lambda: not self._queued, timeout)

    def _work(self) -> None:
        waited = 0
        while True:
            with self._done:
                if not self._jobs:
                    self._thread = None
                    return
                job = self._jobs.popleft()
            kept = self._review(*job)
            with self._done:
                if kept is None:
                    self._jobs.append(job)
                    waited += 1
                    if waited >= len(self._jobs):
                        self._done.wait(NOT_READY_WAIT_SECONDS)
                        waited = 0
                else:
                    waited = 0
                    self._queued.discard(job[1:])
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
            if not game.finished:
                return 0
            if not ahead.ready(game.rules.id):
                ahead.start()
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
