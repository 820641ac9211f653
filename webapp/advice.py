"""The advisor's help for the page: whether it is on and ready, its keep and box choices
for this run's turn, play to win in the endgame, each player's chance to win and a saved
game's review (each computed once per sheet: the turn in progress changes none of them)."""

from collections.abc import Sequence
from dataclasses import dataclass

import streamlit as st

from advisor import (
    BoxChoice,
    Endgame,
    EndgameAdvice,
    KeepChoice,
    Review,
    advise_box_columns,
    advise_keep_columns,
    endgame,
    no_chances,
    review,
    unsolvable,
    win_chances,
)
from scoring import Game, GameRules
from webapp import turn_state
from webapp.language import _, error_text, number
from webapp.saved_games import Entries, OpenGame
from webapp.server import TablesLoaded, advisor_progress, chances_ready, rules_ready, too_large
from webapp.state import ADVISOR_KEY, ASK_KEY


def working() -> str:
    """What the page says while the advisor solves the game."""
    return ":material/hourglass_top: " + _(
        "The advisor is still working out this game's best play (the first time on this "
        "machine takes up to a minute); its advice appears here by itself."
    )


def no_advice(rules: GameRules) -> str | None:
    """Why the advisor gives no advice in a game of `rules` (in the page's language), or
    None when it does."""
    refusal = unsolvable(rules)
    if refusal is not None:
        return error_text(refusal)
    states = too_large(rules)
    if states is None:
        return None
    return _(
        "its table of {states} states is larger than this server works out for a game; "
        "it is built once with: python -m advisor build {game}"
    ).format(states=number(states, 0), game=rules.id)


def no_review(rules: GameRules) -> str | None:
    """Why the advisor gives no review, chances to win or play to win in a game of
    `rules` (in the page's language), or None when it does."""
    refusal = no_chances(rules)
    return None if refusal is None else error_text(refusal)


def advisor_ready(rules: GameRules) -> bool:
    """Whether the game's strategy is solved and loaded; if not, it is solved next in the
    background (`webapp.server.ahead`): the page never waits for it, and redraws itself once it
    is ready (`webapp.server.sync`). Never for rules the advisor does not solve."""
    return rules_ready(rules)


def awaited(rules: GameRules, finished: bool) -> tuple[GameRules, TablesLoaded] | None:
    """The rules and the advisor's progress on them when the page waits for more of its
    tables (the advisor on, or the game `finished` for its review, and a table still to
    load), else None."""
    if not (advisor_on() or finished) or no_advice(rules) is not None:
        return None
    progress = advisor_progress(rules)
    return None if all(progress) else (rules, progress)


def advisor_on() -> bool:
    """Whether the table plays with the advisor (on until switched off)."""
    return bool(st.session_state.get(ADVISOR_KEY, True))


def keep_choices(saved: OpenGame, dice: Sequence[int], roll: int) -> list[KeepChoice]:
    """Every keep after any roll but the player's last (and scoring now), best first."""
    game, player = saved.game, saved.player
    return advise_keep_columns(
        game.rules, dice, roll, game.columns(player), saved=game.saved_rolls(player)
    )


def box_choices(
    saved: OpenGame, dice: Sequence[int], roll: int
) -> dict[tuple[int, str], BoxChoice]:
    """Each legal box's expected final score, by column and box id."""
    game, player = saved.game, saved.player
    found = advise_box_columns(
        game.rules, dice, roll, game.columns(player), saved=game.saved_rolls(player)
    )
    return {c.place: c for c in found}


@dataclass(frozen=True)
class Turn:
    """What the page knows of the turn in this run: the roll (None until chosen where it
    matters), the dice (None until all are set) and the advisor's help."""

    roll: int
    hand: list[int] | None
    keeps: list[KeepChoice]
    boxes: dict[tuple[int, str], BoxChoice]
    waiting: bool = False
    """Whether the table plays with the advisor and it is still solving the game."""
    unadvised: str | None = None
    """Why the advisor gives no advice in this game, when the table plays with it."""
    to_win: EndgameAdvice | None = None
    """In the player's endgame: the line that plays to win beside the one for points."""

    @property
    def rolling_on(self) -> bool:
        """Whether the advisor says to roll again rather than score now."""
        return bool(self.keeps) and not self.keeps[0].score_now


def plan_turn(saved: OpenGame) -> Turn:
    """The roll, the hand, and the advisor's keep and box choices for them (when it is on,
    solved and the dice are set)."""
    turn_state.play(saved.game.rules)
    roll = turn_state.roll()
    hand = turn_state.hand()
    helped = advisor_on() and advisor_ready(saved.game.rules)
    if not helped or hand is None:
        why = no_advice(saved.game.rules) if advisor_on() else None
        waiting = advisor_on() and not helped and why is None
        return Turn(roll, hand, [], {}, waiting=waiting, unadvised=why)
    keeps = keep_choices(saved, hand, roll) if roll < saved.game.last_roll(saved.player) else []
    found = (
        _endgame(saved.id, saved.entries, saved.game) if chances_ready(saved.game.rules) else None
    )
    to_win = found.advice(hand, roll) if found is not None else None
    return Turn(roll, hand, keeps, box_choices(saved, hand, roll), to_win=to_win)


def _seats(game: Game) -> tuple[list[dict[str, int]], list[int]]:
    """Every player's filled boxes and extra bonuses so far, in seat order."""
    totals = game.totals()
    return [game.column(p) for p in game.players], [totals[p].extra_bonus for p in game.players]


@st.cache_resource(max_entries=16, show_spinner=False)
def _endgame(game_id: str, entries: Entries, _game: Game) -> Endgame | None:
    """The player to move's turn solved to win, once per sheet (None before their
    endgame); shared by every session on the game, and only read."""
    player = _game.current_player
    if player is None or no_chances(_game.rules) is not None:
        return None
    columns, earned = _seats(_game)
    return endgame(_game.rules, columns, _game.players.index(player), earned=earned)


@st.cache_data(max_entries=64, show_spinner=False)
def _chances(game_id: str, entries: Entries, _game: Game) -> dict[str, float]:
    """Each player's chance to win once the sheet holds ``entries`` (the game is not
    hashed)."""
    columns, earned = _seats(_game)
    found = win_chances(_game.rules, columns, earned=earned)
    return dict(zip(_game.players, found, strict=True))


def chances_now(saved: OpenGame) -> dict[str, float] | None:
    """Each player's chance to win while a game of several goes on with the advisor on
    and its moments table loaded."""
    rules = saved.game.rules
    if saved.game.finished or len(saved.game.players) < 2 or not advisor_on():
        return None
    if not chances_ready(rules):
        return None
    return _chances(saved.id, saved.entries, saved.game)


@st.cache_data(max_entries=32, show_spinner=False)
def _reviewed(game_id: str, entries: Entries, _game: Game) -> Review:
    """The review of a saved game whose sheet holds ``entries`` (the game is not hashed)."""
    return review(_game)


def review_wanted(saved: OpenGame) -> bool:
    """Whether the review is shown: after the game, or when a player asked for it during
    the game and the table plays with the advisor."""
    return saved.game.finished or (advisor_on() and bool(st.session_state.get(ASK_KEY)))


def game_review(saved: OpenGame) -> Review | None:
    """The game's review, or ``None`` while the advisor is still solving the game's
    moments table (or gives no review in it)."""
    if not chances_ready(saved.game.rules):
        return None
    return _reviewed(saved.id, saved.entries, saved.game)
