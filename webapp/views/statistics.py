"""A table's statistics on its Players page: per player and game, wins, totals, bonuses,
five of a kinds, and skill apart from luck (points given up per choice against the
advisor, with its confidence interval), filtered by game, period and number of players;
charts over time, the table's records, head to head; the statistics as CSV."""

from collections.abc import Hashable
from datetime import UTC, datetime
from functools import partial

import altair as alt
import pandas as pd
import streamlit as st

from player_stats import (
    PERIODS,
    HeadToHead,
    PlayerLine,
    Seat,
    TableRecord,
    chosen,
    head_to_head,
    lines_csv,
    period_start,
    player_lines,
    table_records,
)
from scoring import GAMES
from webapp.language import _, chart_locale, ngettext, number, percent, rules_title, titles_apart
from webapp.local_time import day_text
from webapp.server import keeper
from webapp.state import (
    H2H_FIRST_KEY,
    H2H_SECOND_KEY,
    KIND_KEY,
    SEATS_KEY,
    STATS_CSV_KEY,
    STATS_GAME_KEY,
    STATS_PERIOD_KEY,
    STATS_PLAYERS_KEY,
    STATS_TABLE_KEY,
)
from webapp.text import plain

# How often the page looks again while reviews are still being worked out.
REVIEWS_POLL_SECONDS = 2.0


def _period_names() -> dict[str, str]:
    return {
        "all": _("All time"),
        "year": _("This year"),
        "365": _("Last 12 months"),
        "30": _("Last 30 days"),
        "7": _("Last 7 days"),
    }


def _record_names() -> dict[str, str]:
    return {
        "best_total": _("Best game"),
        "most_fives": _("Most five of a kind in one game"),
        "widest_win": _("Widest win"),
        "least_given_up": _("Fewest points given up in a game"),
        "most_luck": _("Luckiest game"),
    }


def _asked(options: list[str] | list[int], key: str) -> int:
    """Where the option that the address's `key` asks for is among `options`: the filter
    opens on the game the page was reached from (the first option when it names none)."""
    shown = [str(option) for option in options]
    asked = st.query_params.get(key)
    return shown.index(asked) if asked in shown else 0


def _kinds(seats: list[Seat]) -> dict[str, str]:
    """The game kinds among `seats` with their names: each preset in its order, then the
    house rules played on it (apart from it, by their names)."""
    found = {seat.kind: seat for seat in seats if seat.game in GAMES}
    order = list(GAMES)
    kinds = sorted(
        found.values(),
        key=lambda s: (order.index(s.game), s.kind != s.game, s.house_name.casefold(), s.kind),
    )
    houses = {seat.kind: None if seat.kind == seat.game else seat.house_name for seat in kinds}
    return titles_apart(
        {seat.kind: rules_title(GAMES[seat.game], houses[seat.kind]) for seat in kinds}
    )


def _filters(seats: list[Seat]) -> tuple[str, list[Seat]]:
    """The game kind, period and number of players chosen (at first, those of the game the
    page was reached from), and the seats they leave."""
    named = _kinds(seats)
    kinds = list(named)
    counts = sorted({seat.seats for seat in seats})
    periods = _period_names()
    game, period, players = st.columns(3)
    kind = game.selectbox(
        _("Game"),
        kinds,
        index=_asked(kinds, KIND_KEY),
        format_func=named.__getitem__,
        key=STATS_GAME_KEY,
    )
    since = period.selectbox(
        _("Period"), list(PERIODS), format_func=periods.__getitem__, key=STATS_PERIOD_KEY
    )
    count = players.selectbox(
        _("Players in the game"),
        [0, *counts],
        index=_asked([0, *counts], SEATS_KEY),
        format_func=lambda n: _("Any number") if n == 0 else str(n),
        key=STATS_PLAYERS_KEY,
    )
    found = chosen(
        seats,
        kind=kind,
        since=period_start(since, datetime.now(UTC)),
        players=count or None,
    )
    return kind, found


def _table_frame(lines: list[PlayerLine]) -> pd.DataFrame:
    """The players' lines as the page's table: figures unrounded, formatted by column."""
    rows = []
    for line in lines:
        skill = line.skill
        rows.append(
            {
                _("Player"): line.shown,
                _("Games"): line.games,
                _("Wins"): line.wins,
                _("Win rate"): None if line.win_rate is None else 100 * line.win_rate,
                _("Average"): line.average,
                _("Median"): line.median,
                _("Best"): line.best,
                _("Upper bonus"): 100 * line.bonus_rate,
                _("Five of a kind"): line.fives,
                _("Given up per choice"): skill.per_choice if skill else None,
                _("95 % interval from"): skill.low if skill else None,
                _("95 % interval to"): skill.high if skill else None,
                _("Choices"): skill.choices if skill else 0,
                _("Luck per game"): line.luck,
            }
        )
    return pd.DataFrame(rows)


def _formats() -> list[tuple[partial[str], list[Hashable]]]:
    """How the players' table writes its columns' figures, each way with its columns: as
    the page language writes numbers (Streamlit's own number formats follow the browser's
    language, not the page's)."""
    whole, tenths, hundredths = (partial(number, digits=digits) for digits in (0, 1, 2))
    return [
        (whole, [_("Games"), _("Wins"), _("Best"), _("Five of a kind"), _("Choices")]),
        (partial(_share), [_("Win rate"), _("Upper bonus")]),
        (tenths, [_("Average"), _("Median")]),
        (hundredths, [_("Given up per choice"), _("95 % interval from"), _("95 % interval to")]),
        (partial(number, signed=True), [_("Luck per game")]),
    ]


def _share(value: float) -> str:
    """A rate of the table (kept in percent, 0 to 100) as the page language writes it."""
    return percent(value / 100)


def _players_table(kind: str, lines: list[PlayerLine]) -> None:
    """The players' table, what its skill figures mean, and its CSV. Its figures stay
    numbers, so that a column sorts as numbers do, and are shown as the page writes them."""
    shown = _table_frame(lines).style
    for written, figures in _formats():
        shown = shown.format(written, subset=figures, na_rep="")
    columns = {_("Player"): st.column_config.TextColumn(pinned=True)}
    st.dataframe(shown, hide_index=True, column_config=columns, key=STATS_TABLE_KEY)
    st.caption(
        _(
            "Given up per choice: the expected points each choice fell short of the "
            "advisor's best, over every graded choice (0 is a player who always chose as "
            "the advisor would); with 95 % confidence the true figure lies in the interval, "
            "which narrows as choices add up. Luck: what the dice gave beyond expectation, "
            "per game. Wins count games of two players or more; a tie is a win for each."
        )
    )
    unrolled = sum(line.unrolled for line in lines)
    if unrolled:
        st.caption(
            ngettext(
                "{count} of these games was recorded without its earlier rolls: only its "
                "box choices count.",
                "{count} of these games were recorded without their earlier rolls: only "
                "their box choices count.",
                unrolled,
            ).format(count=unrolled)
        )
    st.download_button(
        _("Download the statistics (CSV)"),
        lines_csv(kind, lines),
        file_name=f"players-{kind}.csv",
        mime="text/csv",
        icon=":material/download:",
        on_click="ignore",
        key=STATS_CSV_KEY,
    )


def _charts(seats: list[Seat]) -> None:
    """Each player's totals and points given up per choice, game by game, over time."""
    frame = pd.DataFrame(
        {
            "when": [seat.when for seat in seats],
            "player": [seat.shown for seat in seats],
            "total": [seat.total for seat in seats],
            "given": [
                seat.review.loss / seat.review.choices
                if seat.review and seat.review.choices
                else None
                for seat in seats
            ],
        }
    )
    player = alt.Color("player:N", title=_("Player"))
    when = alt.X("when:T", title=_("Date"))
    for field, title in (("total", _("Total")), ("given", _("Given up per choice"))):
        shown = frame.dropna(subset=[field])
        if shown.empty:
            continue
        chart = (
            alt.Chart(shown)
            .mark_line(point=True)
            .encode(
                x=when,
                y=alt.Y(f"{field}:Q", title=title, scale=alt.Scale(zero=False)),
                color=player,
                tooltip=[
                    alt.Tooltip("player:N", title=_("Player")),
                    alt.Tooltip("when:T", title=_("Date")),
                    alt.Tooltip(f"{field}:Q", title=title, format=".2f"),
                ],
            )
        )
        st.altair_chart(chart.configure(locale=chart_locale()), width="stretch")


def _record_line(record: TableRecord) -> str:
    title = _record_names()[record.what]
    digits = 0 if record.what in ("best_total", "most_fives", "widest_win") else 1
    value = number(record.value, digits, signed=record.what == "most_luck")
    return f"- {title}: **{plain(record.shown)}** {value} · {day_text(record.when)}"


def _records(seats: list[Seat]) -> None:
    st.subheader(_("Records of this table"), anchor=False)
    st.markdown("\n".join(_record_line(record) for record in table_records(seats)))


def _head_to_head(seats: list[Seat], lines: list[PlayerLine]) -> None:
    """Two players picked, and how they fared in the games both played."""
    st.subheader(_("Head to head"), anchor=False)
    if len(lines) < 2:
        st.caption(_("Head to head needs two players with games in this choice."))
        return
    shown = {line.player: line.shown for line in lines}
    left, right = st.columns(2)
    players = list(shown)
    first = left.selectbox(_("Player"), players, format_func=shown.__getitem__, key=H2H_FIRST_KEY)
    others = [player for player in players if player != first]
    second = right.selectbox(
        _("Against"), others, format_func=shown.__getitem__, key=H2H_SECOND_KEY
    )
    if first is None or second is None:
        return
    st.markdown(_h2h_line(head_to_head(seats, first, second), shown[first], shown[second]))


def _ahead(player: str, count: int) -> str:
    """How many of the games together `player` finished ahead, the count in its own form."""
    return ngettext(
        "**{player}** ahead {count} time", "**{player}** ahead {count} times", count
    ).format(player=plain(player), count=count)


def _h2h_line(found: HeadToHead, first: str, second: str) -> str:
    """Two players' games together: each count in the form that suits it, then averages."""
    if not found.games:
        return _("They have not played a game together in this choice.")
    games = ngettext("{count} game together", "{count} games together", found.games)
    level = ngettext("level {count} time", "level {count} times", found.level)
    averages = _("average {first_average} against {second_average}").format(
        first_average=number(found.first_average or 0.0),
        second_average=number(found.second_average or 0.0),
    )
    return _("{games}: {first_ahead}, {second_ahead}, {level}; {averages}.").format(
        games=games.format(count=found.games),
        first_ahead=_ahead(first, found.first_ahead),
        second_ahead=_ahead(second, found.second_ahead),
        level=level.format(count=found.level),
        averages=averages,
    )


@st.fragment(run_every=REVIEWS_POLL_SECONDS)
def _waiting_reviews(table: str, waiting: int) -> None:
    """While reviews are being worked out, say so, and draw the page again when done."""
    now = keeper().waiting(table)
    if now < waiting:
        st.rerun(scope="app")
    st.caption(
        ":material/hourglass_top: "
        + ngettext(
            "The review of {count} game is still being worked out; its choices count once "
            "it is done.",
            "The reviews of {count} games are still being worked out; their choices count "
            "once they are done.",
            now,
        ).format(count=now)
    )


def statistics(seats: list[Seat], waiting: int, table: str) -> None:
    """The filters, then the players' table, charts, records and head to head of the
    seats they leave; while `waiting` reviews are worked out, say so and redraw after."""
    kind, chosen_seats = _filters(seats)
    if waiting:
        _waiting_reviews(table, waiting)
    lines = player_lines(chosen_seats)
    if not lines:
        st.info(_("No finished game in this choice."))
        return
    _players_table(kind, lines)
    _charts(chosen_seats)
    _records(chosen_seats)
    _head_to_head(chosen_seats, lines)
