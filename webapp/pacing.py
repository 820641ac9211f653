"""How much one browser may make the server do, so that one tab (hostile, or stuck in a
loop) cannot take the server from the other tables.

A browser's page runs come from a budget (`RunBudget`): a burst of quick clicks goes
through at once, a steady flood is slowed to `RUNS_PER_SECOND`, the run waiting in its own
session's thread while the requests it would have served merge into one (the server runs
with `runner.fastReruns` off, so a request joins the running run instead of starting a
thread of its own). Its live camera's frames are read at most one per `FRAME_GAP_SECONDS`
and, after a burst, `FRAMES_PER_SECOND` (`FrameGate`): a frame that arrives sooner, or
while the last one is read, is dropped unread. The camera sends a frame only after the
dice have rested 0.7 s, once per new scene, and a roll takes longer than that, so a real
camera's frames are not dropped.
"""

import time
from dataclasses import dataclass

import streamlit as st

from webapp.state import FRAME_GATE_KEY, RUN_BUDGET_KEY

RUNS_PER_SECOND = 3.0
RUN_BURST = 30.0
FRAME_GAP_SECONDS = 0.5
FRAMES_PER_SECOND = 1.0
FRAME_BURST = 5.0


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
    """Spend this run from the browser's budget, first waiting for it when it is spent."""
    now = time.monotonic()
    budget = st.session_state.setdefault(
        RUN_BUDGET_KEY, RunBudget(RUNS_PER_SECOND, RUN_BURST, RUN_BURST, now)
    )
    delay = budget.take(now)
    if delay > 0:
        time.sleep(delay)


def frame_gate() -> FrameGate:
    """This browser's gate for live frames."""
    gate: FrameGate = st.session_state.setdefault(
        FRAME_GATE_KEY, FrameGate(FRAME_GAP_SECONDS, FRAMES_PER_SECOND, FRAME_BURST, FRAME_BURST)
    )
    return gate
