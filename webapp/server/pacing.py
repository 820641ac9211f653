"""How much one browser, and one client with all its browsers, may make the server do, so
that one tab or one visitor (hostile, or stuck in a loop) cannot take the server from the
other tables.

A browser's page runs come from a budget (`RunBudget`): a burst of quick clicks goes
through at once, a steady flood is slowed to `RUNS_PER_SECOND`, the run waiting in its own
session's thread while the requests it would have served merge into one (the server runs
with `runner.fastReruns` off, so a request joins the running run instead of starting a
thread of its own). Its live camera's frames are read at most one per `FRAME_GAP_SECONDS`
and, after a burst, `FRAMES_PER_SECOND` (`FrameGate`): a frame that arrives sooner, or
while the last one is read, is dropped unread. The camera sends a frame only after the
dice have rested 0.7 s, once per new scene, and a roll takes longer than that, so a real
camera's frames are not dropped.

A visitor may open many tabs, so the same is counted per client (`webapp.server.clients`) over
all its browser sessions (`Allowances`, shared by every page thread): its page runs, the
photos and frames it has read, the games files it sends and the tables it is issued; a
games file is also counted per table. The client's allowances are wide enough for a whole
table of devices behind one address.
"""

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import streamlit as st

from webapp.server.clients import current_client
from webapp.state import FRAME_GATE_KEY, RUN_BUDGET_KEY

RUNS_PER_SECOND = 3.0
RUN_BURST = 30.0
FRAME_GAP_SECONDS = 0.5
FRAMES_PER_SECOND = 1.0
FRAME_BURST = 5.0
HOUR = 3600.0


@dataclass
class RunBudget:
    """A token bucket of page runs: `burst` runs at once, refilled at `rate` a second."""

    rate: float
    burst: float
    tokens: float
    at: float

    def take(self, now: float) -> float:
        """Spend one run at `now` and say how many seconds it must wait first (0 when the
        budget holds one)."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def admits(self, now: float) -> bool:
        """Spend one at `now` if the budget holds one whole (else spend nothing)."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Allowances:
    """A `RunBudget` per key (a client, a table), each starting full, safe to use from
    every page thread at once; at most `most` keys are kept, the longest unused going
    first (a forgotten key starts full again, as a quiet one would be)."""

    def __init__(self, rate: float, burst: float, most: int = 10_000) -> None:
        self.rate, self.burst, self.most = rate, burst, most
        self._budgets: OrderedDict[str, RunBudget] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: str, now: float) -> float:
        """Spend one of `key`'s at `now`; how many seconds to wait first (as RunBudget)."""
        with self._lock:
            return self._budget(key, now).take(now)

    def admits(self, key: str, now: float) -> bool:
        """Spend one of `key`'s at `now` if it holds one whole; whether it did."""
        with self._lock:
            return self._budget(key, now).admits(now)

    def _budget(self, key: str, now: float) -> RunBudget:
        budget = self._budgets.get(key)
        if budget is None:
            budget = RunBudget(self.rate, self.burst, self.burst, now)
            self._budgets[key] = budget
            if len(self._budgets) > self.most:
                self._budgets.popitem(last=False)
        self._budgets.move_to_end(key)
        return budget


# What one client may make the server do, over all of its browser sessions.
CLIENT_RUNS = Allowances(rate=10.0, burst=100.0)
CLIENT_PHOTOS = Allowances(rate=2.0, burst=10.0)
# Large messages (a live camera's frames), counted as they arrive, before they are parsed.
CLIENT_LARGE_MESSAGES = Allowances(rate=3.0, burst=15.0)
GAMES_FILES_AN_HOUR = 4
CLIENT_GAMES_FILES = Allowances(rate=GAMES_FILES_AN_HOUR / HOUR, burst=2.0)
CLIENT_TABLES = Allowances(rate=30 / HOUR, burst=30.0)
# The games files one table may take in, whoever sends them.
TABLE_GAMES_FILES = Allowances(rate=GAMES_FILES_AN_HOUR / HOUR, burst=2.0)


@dataclass
class FrameGate:
    """Lets a live frame through when `gap` seconds have passed since the last one let
    through and the budget of `burst` frames, refilled at `rate` a second, holds one. A
    session's runs take turns, so a frame that arrived while the last one was read comes
    to the gate when that read is over, most often sooner than `gap`."""

    gap: float
    rate: float
    burst: float
    tokens: float
    last: float = float("-inf")

    def admits(self, now: float) -> bool:
        """Whether a frame coming to the gate at `now` is read (and if so, note it)."""
        tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        if now - self.last < self.gap or tokens < 1:
            return False
        self.tokens, self.last = tokens - 1, now
        return True


def pace_run() -> None:
    """Spend this run from the browser's budget and its client's, first waiting for them
    when they are spent."""
    now = time.monotonic()
    budget = st.session_state.setdefault(
        RUN_BUDGET_KEY, RunBudget(RUNS_PER_SECOND, RUN_BURST, RUN_BURST, now)
    )
    delay = max(budget.take(now), CLIENT_RUNS.take(current_client(), now))
    if delay > 0:
        time.sleep(delay)


def frame_gate() -> FrameGate:
    """This browser's gate for live frames."""
    gate: FrameGate = st.session_state.setdefault(
        FRAME_GATE_KEY, FrameGate(FRAME_GAP_SECONDS, FRAMES_PER_SECOND, FRAME_BURST, FRAME_BURST)
    )
    return gate


def photo_allowed() -> bool:
    """Whether this browser's client may have one more photo or frame read now."""
    return CLIENT_PHOTOS.admits(current_client(), time.monotonic())


def games_file_allowed(table: str) -> bool:
    """Whether `table`, and then this browser's client, may have one more games file taken
    in now."""
    now, client = time.monotonic(), current_client()
    if not TABLE_GAMES_FILES.admits(table, now):
        return False
    return CLIENT_GAMES_FILES.admits(client, now)


def new_table_allowed() -> bool:
    """Whether this browser's client may be issued one more table now."""
    return CLIENT_TABLES.admits(current_client(), time.monotonic())
