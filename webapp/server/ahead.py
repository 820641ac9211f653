"""What the server does ahead of its visitors: the advisor's tables of the games solved in
the background, quickest first, so that advice is there when a game wants it; a table's
house rules get theirs solved in the background too, once a game is played by them. The
mean tables (advice) come first, the moments tables (chances to win, review) after.

One cache, the advisor's default, serves every browser of the server; it is safe to ask
from any number of page threads at once.
"""

import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor

from advisor import advised_games, default_cache, no_chances, unsolvable
from scoring import GAMES, GameRules, rules_signature

# House rules waiting for their table at most, beyond which a page asks again later.
MOST_HOUSE_RULES_WAITING = 8
# The most states of a table that a game on a page has solved in the background; a larger
# one is built ahead, with `python -m advisor build GAME` (README, "Figures").
STATES_ENV = "DICE_TABLE_MOST_STATES"
MOST_STATES = 50_000_000

log = logging.getLogger(__name__)
# House rules' tables, one at a time of each kind: a mean table never waits behind a
# moments table (its solve is short and runs beside one).
_house_rules = {
    moments: ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"house-rules-{moments}")
    for moments in (False, True)
}
# House rules whose table is waiting to be solved: their signature, whether the moments.
_waiting: set[tuple[str, bool]] = set()
_lock = threading.Lock()


def solve_ahead() -> None:
    """Start solving the games the advisor solves exactly (once per process; later calls
    do nothing), those of fewest boxes (the quickest) first: a table asked for by a page
    jumps the queue anyway."""
    default_cache().solve_ahead(sorted(advised_games(), key=lambda game: len(GAMES[game].boxes)))


def rules_ready(rules: GameRules) -> bool:
    """Whether the advisor's mean table for `rules` (all that advice needs) is loaded; if
    not, it is solved next in the background (a preset's by the cache's solver, house
    rules one at a time here). Never for rules the advisor does not solve."""
    return _ready(rules, moments=False)


def chances_ready(rules: GameRules) -> bool:
    """Whether the advisor's moments table for `rules` (what chances to win, play to win
    and the review need) is loaded; if not, it is solved in the background right after
    the mean table. Never for rules the advisor gives no chances in."""
    return no_chances(rules) is None and _ready(rules, moments=True)


# What of the advisor's tables for some rules is loaded: (mean table, moments table).
TablesLoaded = tuple[bool, bool]


def advisor_progress(rules: GameRules) -> TablesLoaded:
    """Which of the advisor's tables for `rules` are loaded, each missing one solved next
    (see `rules_ready`, `chances_ready`); in rules without chances, the moments count as
    loaded (none are made)."""
    return rules_ready(rules), no_chances(rules) is not None or chances_ready(rules)


def _ready(rules: GameRules, moments: bool) -> bool:
    if unsolvable(rules) is not None or too_large(rules, moments) is not None:
        return False
    cache = default_cache()
    if GAMES.get(rules.id) is rules:
        solve_ahead()
        return cache.ready(rules.id, moments)
    if cache.loaded(rules, moments) or cache.load_stored(rules, moments):
        return True
    # House rules' moments table only once their mean table is in: never ahead of it.
    if moments and not (cache.loaded(rules) or cache.load_stored(rules)):
        return False
    key = (rules_signature(rules), moments)
    with _lock:
        if key not in _waiting and len(_waiting) < MOST_HOUSE_RULES_WAITING:
            _waiting.add(key)
            _house_rules[moments].submit(_solve, rules, key)
    return False


def most_states() -> int:
    """The most states of a table solved for a page (``$DICE_TABLE_MOST_STATES``, else
    ``MOST_STATES``)."""
    try:
        return int(os.environ.get(STATES_ENV, MOST_STATES))
    except ValueError:
        return MOST_STATES


def too_large(rules: GameRules, moments: bool = False) -> int | None:
    """The states of the advisor's mean table (or moments table) for `rules` where it is not
    stored and larger than this server solves for a page (see `most_states`); None
    otherwise."""
    cache = default_cache()
    states = cache.states(rules)
    if states <= most_states() or cache.stored(rules, moments):
        return None
    return states


def _solve(rules: GameRules, key: tuple[str, bool]) -> None:
    try:
        if key[1]:
            default_cache().with_moments(rules)
        else:
            default_cache().solved(rules)
    except Exception:
        log.exception("the advisor's table for house rules %r cannot be solved", rules.name)
    finally:
        with _lock:
            _waiting.discard(key)
