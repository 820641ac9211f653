"""The review on the page: each player's loss against the advisor, their costliest choices
with what the advisor would have done, and everyone's expected final score over the game.

Shown with the standings once the game is over; during the game, for a player who asks,
while the table plays with the advisor (the review is the advisor's help looking back).
"""

import json

import altair as alt
import pandas as pd
import streamlit as st

from advisor.review import KeepReview, Review, TurnReview, costliest, review
from scoring import Game
from webapp.advice_view import advisor_on, advisor_ready, keep_words
from webapp.tables import Table
from webapp.text import plain

ASK_KEY = "review_so_far"
SHOWN_CHOICES = 3
SOLVING = (
    ":material/hourglass_top: The review appears once the advisor has worked out this "
    "game's best play (the first time on this machine takes up to a minute)."
)


@st.cache_data(max_entries=32, show_spinner=False)
def _reviewed(game_id: str, revision: int, _game: Game) -> Review:
    """The review of a saved game as it is at ``revision`` (the game is not hashed)."""
    return review(_game)


def _wanted(table: Table) -> bool:
    """Whether the review is shown: after the game, or when a player asked for it during
    the game and the table plays with the advisor."""
    return table.game.finished or (advisor_on() and bool(st.session_state.get(ASK_KEY)))


def _review(table: Table) -> Review | None:
    """The game's review, or ``None`` while the advisor is still solving the game."""
    if not advisor_ready(table.game.rules):
        return None
    return _reviewed(table.id, table.revision, table.game)


def _dice(dice: tuple[int, ...]) -> str:
    """Dice as the page writes them: 6-6-6-2-1."""
    return "-".join(map(str, dice))


def _choice_line(game: Game, language: str, choice: TurnReview | KeepReview) -> str:
    """One costly choice and what the advisor would have done, as a Markdown list item."""
    round_ = choice.index // len(game.players) + 1
    if isinstance(choice, KeepReview):
        chosen = keep_words(choice.kept, choice.score_now)
        advised = keep_words(choice.best_keep, choice.best_score_now)
        what = f"round {round_}, roll {choice.roll} ({_dice(choice.dice)}): {chosen}"
    else:
        name = game.rules.box(choice.box).name(language)
        dice = _dice(game.turns[choice.index].dice)
        what = f"round {round_}: {dice} in {name} ({choice.points})"
        advised = game.rules.box(choice.best_box).name(language)
    return f"- {what}; the advisor: {advised} · **-{choice.loss:.1f}**"


def _player_summary(result: Review, game: Game, language: str, player: str) -> None:
    """A player's total loss and luck, and their costliest choices."""
    reviewed = result.players[player]
    luck = "luck" if game.finished else "luck so far"
    st.markdown(
        f"**{plain(player)}** gave up **{reviewed.total_loss:.1f}** expected points · "
        f"{luck} {reviewed.luck:+.1f}"
    )
    lines = [_choice_line(game, language, c) for c in costliest(reviewed, SHOWN_CHOICES)]
    st.markdown("\n".join(lines) if lines else "- every choice was the advisor's")


def _outlook_chart(result: Review, game: Game) -> None:
    """Every player's expected final score at the start and after each of their turns."""
    frame = pd.DataFrame(
        [
            {"player": player, "turns": turns, "expected": expected}
            for player in game.players
            for turns, expected in enumerate(result.expected_finals(player))
        ]
    )
    chart = (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("turns:Q", title="Turns played", axis=alt.Axis(tickMinStep=1)),
            y=alt.Y("expected:Q", title="Expected final score", scale=alt.Scale(zero=False)),
            color=alt.Color("player:N", title="Player", sort=list(game.players)),
            tooltip=["player:N", "turns:Q", alt.Tooltip("expected:Q", format=".1f")],
        )
    )
    st.altair_chart(chart, width="stretch")


def review_panel(table: Table, language: str) -> None:
    """The review after the game; during it, a switch for a player who wants it so far."""
    game = table.game
    if not game.finished:
        if not advisor_on() or not game.turns:
            return
        st.toggle(
            "Review the play so far",
            key=ASK_KEY,
            help="What each choice gave up against the advisor, and the luck of the dice.",
        )
    if not _wanted(table):
        return
    result = _review(table)
    if result is None:
        st.caption(SOLVING)
        return
    st.markdown("##### :material/query_stats: Review")
    outcome = "the final total" if game.finished else "the expected final score now"
    st.caption(
        "Points given up: expected final score lost against the exact solitaire advisor, "
        f"choice by choice. The expected score at the start ({result.start:.1f}), minus "
        f"the points given up, plus the luck, is {outcome}."
    )
    for player in game.players:
        _player_summary(result, game, language, player)
    _outlook_chart(result, game)


def review_download(table: Table) -> None:
    """The review as JSON (what ``python -m advisor review`` prints), when it is shown."""
    result = _review(table) if _wanted(table) else None
    if result is None:
        return
    st.download_button(
        "Download the review (JSON)",
        json.dumps(result.to_dict(), ensure_ascii=False, indent=1),
        file_name=f"{table.game.rules.id}-{table.id}-review.json",
        mime="application/json",
        key="download_review",
    )
