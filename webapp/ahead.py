"""What the server does ahead of its visitors: the advisor's tables of the five games
solved in the background, quickest first, so that advice is there when a game wants it.

One solver serves every browser of the server; `advisor.background.BackgroundSolver` is
safe to ask from any number of page threads at once.
"""

from advisor.background import BackgroundSolver

# Quickest to solve first: a table asked for by a page jumps the queue anyway.
ORDER = ("catalan", "yahtzee", "russian", "yatzy", "greek")
SOLVER = BackgroundSolver(ORDER)


def start() -> None:
    """Start solving (once per process; later calls do nothing)."""
    SOLVER.start()
