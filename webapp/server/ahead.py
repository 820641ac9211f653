"""What the server does ahead of its visitors: the advisor's tables of the five games
solved in the background, quickest first, so that advice is there when a game wants it.

One cache, the advisor's default, serves every browser of the server; it is safe to ask
from any number of page threads at once.
"""

from advisor import default_cache

# Quickest to solve first: a table asked for by a page jumps the queue anyway.
ORDER = ("catalan", "yahtzee", "russian", "yatzy", "greek")


def solve_ahead() -> None:
    """Start solving (once per process; later calls do nothing)."""
    default_cache().solve_ahead(ORDER)


def table_ready(game: str) -> bool:
    """Whether the game's table is loaded; if not, it is solved next in the background."""
    return default_cache().ready(game)
