"""How much one browser may make the server do, so that one tab (hostile, or stuck in a
loop) cannot take the server from the other tables.

A browser's page runs come from a budget (`RunBudget`): a burst of quick clicks goes
through at once, a steady flood is slowed to `RUNS_PER_SECOND`, the run waiting in its own
session's thread while the requests it would have served merge into one. Its live camera's
frames are read at most one per `FRAME_GAP_SECONDS` (`FrameGate`): a frame that arrives
sooner, or while the last one is read, is dropped unread. The camera sends a frame only
after the dice have rested 0.7 s, so a real camera's frames are never dropped.
"""

import time
from dataclasses import dataclass

import streamlit as st

RUNS_PER_SECOND = 5.0
RUN_BURST = 30.0
FRAME_GAP_SECONDS = 0.5
RUN_BUDGET_KEY = "run_budget"
FRAME_GATE_KEY = "frame_gate"


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
    through; a session's runs take turns, so a frame that arrived while that one was read
    comes to the gate when the read is over, most often sooner than `gap`."""

    gap: float
    last: float = float("-inf")

    def admits(self, now: float) -> bool:
        """Whether a frame coming to the gate at `now` is read (and if so, note it)."""
        if now - self.last < self.gap:
            return False
        self.last = now
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
    gate: FrameGate = st.session_state.setdefault(FRAME_GATE_KEY, FrameGate(FRAME_GAP_SECONDS))
    return gate
