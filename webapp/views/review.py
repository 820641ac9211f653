"""The review on the page: each player's loss against the advisor, their costliest choices
with what the advisor would have done, everyone's expected final score and chance to win
over the game, and the turns that moved the chances most.

Shown with the standings once the game is over; during the game, for a player who asks,
while the table plays with the advisor (the review is the advisor's help looking back).
"""

import altair as alt
import pandas as pd
import streamlit as st

from advisor import KeepReview, Review, TurnReview, costliest, turning_points
from scoring import Game, dice_text
from webapp.advice import advisor_on, game_review, no_review, review_wanted
from webapp.language import _, chart_locale, number, percent
from webapp.saved_games import OpenGame
from webapp.state import ASK_KEY
from webapp.text import plain
from webapp.wording import keep_words

SHOWN_CHOICES = 3
SHOWN_TURNING_POINTS = 3


def _choice_line(game: Game, names: dict[str, str], choice: TurnReview | KeepReview) -> str:
    """One costly choice and what the advisor would have done, as a Markdown list item."""
    round_ = choice.index // len(game.players) + 1
    if isinstance(choice, KeepReview):
        advised = keep_words(choice.best_keep, choice.best_score_now)
        what = _("round {round}, roll {roll} ({dice}): {choice}").format(
            round=round_,
            roll=choice.roll,
            dice=dice_text(choice.dice),
            choice=keep_words(choice.kept, choice.score_now),
        )
    else:
        what = _("round {round}: {dice} in {box} ({points})").format(
            round=round_,
            dice=dice_text(game.turns[choice.index].dice),
            box=names[choice.box],
            points=choice.points,
        )
        advised = names[choice.best_box]
    advisor = _("the advisor: {choice}").format(choice=advised)
    return f"- {what}; {advisor} · **-{number(choice.loss)}**"


def _player_summary(result: Review, game: Game, names: dict[str, str], player: str) -> None:
    """A player's total loss and luck, and their costliest choices."""
    reviewed = result.players[player]
    luck = _("luck") if game.finished else _("luck so far")
    gave_up = _("**{player}** gave up **{points}** expected points").format(
        player=plain(player), points=number(reviewed.total_loss)
    )
    st.markdown(f"{gave_up} · {luck} {number(reviewed.luck, signed=True)}")
    lines = [_choice_line(game, names, c) for c in costliest(reviewed, SHOWN_CHOICES)]
    st.markdown("\n".join(lines) if lines else "- " + _("every choice was the advisor's"))


def _players_chart(
    game: Game, frame: pd.DataFrame, field: str, title: str, y: alt.Y, shown: str
) -> None:
    """Every player's ``field`` (a column of ``frame``, with "player" and "turns", drawn
    on ``y`` and named ``title``) over the turns played, as lines; ``shown`` formats it
    in the tooltip."""
    chart = (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("turns:Q", title=_("Turns played"), axis=alt.Axis(tickMinStep=1)),
            y=y,
            color=alt.Color("player:N", title=_("Player"), sort=list(game.players)),
            tooltip=[
                alt.Tooltip("player:N", title=_("Player")),
                alt.Tooltip("turns:Q", title=_("Turns played")),
                alt.Tooltip(f"{field}:Q", title=title, format=shown),
            ],
        )
    )
    st.altair_chart(chart.configure(locale=chart_locale()), width="stretch")


def _outlook_chart(result: Review, game: Game) -> None:
    """Every player's expected final score at the start and after each of their turns."""
    frame = pd.DataFrame(
        [
            {"player": player, "turns": turns, "expected": expected}
            for player in game.players
            for turns, expected in enumerate(result.expected_finals(player))
        ]
    )
    title = _("Expected final score")
    y = alt.Y("expected:Q", title=title, scale=alt.Scale(zero=False))
    _players_chart(game, frame, "expected", title, y, ".1f")


def _chance_chart(result: Review, game: Game) -> None:
    """Every player's chance to win at the start and after each turn."""
    frame = pd.DataFrame(
        [
            {"player": player, "turns": turns, "chance": chances[player]}
            for turns, chances in enumerate(result.chances)
            for player in game.players
        ]
    )
    title = _("Chance to win")
    y = alt.Y("chance:Q", title=title, scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%"))
    _players_chart(game, frame, "chance", title, y, ".0%")


def _turning_points(result: Review, game: Game, names: dict[str, str]) -> None:
    """The turns that moved a player's own chance to win the most."""
    lines = []
    for index, player, _move in turning_points(result, SHOWN_TURNING_POINTS):
        turn = game.turns[index]
        before, after = result.chances[index][player], result.chances[index + 1][player]
        line = _("round {round}, **{player}**: {dice} in {box} ({points}), {before} → {after}")
        lines.append(
            "- "
            + line.format(
                round=index // len(game.players) + 1,
                player=plain(player),
                dice=dice_text(turn.dice),
                box=names[turn.box],
                points=turn.points,
                before=percent(before),
                after=percent(after),
            )
        )
    if lines:
        st.markdown("**" + _("Turning points") + "**\n" + "\n".join(lines))


def review_panel(saved: OpenGame, names: dict[str, str]) -> None:
    """The review after the game; during it, a switch for a player who wants it so far."""
    game = saved.game
    why = no_review(game.rules)
    if why is not None:
        if game.finished:
            st.caption(":material/info: " + _("No review: {reason}.").format(reason=why))
        return
    if not game.finished:
        if not advisor_on() or not game.turns:
            return
        st.toggle(
            _("Review the play so far"),
            key=ASK_KEY,
            help=_("What each choice gave up against the advisor, and the luck of the dice."),
        )
    if not review_wanted(saved):
        return
    result = game_review(saved)
    if result is None:
        st.caption(
            ":material/hourglass_top: "
            + _(
                "The review appears once the advisor has worked out this game's best play "
                "(the first time on this machine takes up to a minute)."
            )
        )
        return
    st.markdown("##### :material/query_stats: " + _("Review"), anchors=False)
    if game.finished:
        explained = _(
            "Points given up: expected final score lost against the exact solitaire advisor, "
            "choice by choice. The expected score at the start ({start}), minus the points "
            "given up, plus the luck, is the final total."
        )
    else:
        explained = _(
            "Points given up: expected final score lost against the exact solitaire advisor, "
            "choice by choice. The expected score at the start ({start}), minus the points "
            "given up, plus the luck, is the expected final score now."
        )
    st.caption(explained.format(start=number(result.start)))
    for player in game.players:
        _player_summary(result, game, names, player)
    _outlook_chart(result, game)
    if result.chances:
        st.caption(
            _(
                "Chance to win: each player's chance to finish first, at the start and after "
                "each turn, when everyone plays the rest as the advisor would."
            )
        )
        _chance_chart(result, game)
        _turning_points(result, game, names)
