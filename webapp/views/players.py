"""A table's Players page: per player and game, wins, totals, bonuses, five of a kinds,
and skill apart from luck (points given up per choice against the advisor, with its
confidence interval); charts over time, the table's records, head to head; renaming and
merging names; the statistics as CSV and the table's games as a file to take elsewhere."""

from datetime import UTC, datetime
from functools import partial

import altair as alt
import pandas as pd
import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

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
    renaming,
    table_records,
)
from player_stats import Names as CountedNames
from scoring import GAMES, LONGEST_NAME, ScoringError, player_name
from store import GamesFileError, GameStore, Quota, QuotaError, StoreError, games_file
from webapp.games_import import Progress, importer
from webapp.kept_reviews import keeper
from webapp.language import _, error_text, game_title, ngettext, number
from webapp.navigation import to_start
from webapp.pacing import GAMES_FILES_AN_HOUR, games_file_allowed
from webapp.saved_games import game_store, store_trouble
from webapp.state import GAMES_UPLOAD_KEY, IMPORT_SAID_KEY, IMPORTING_KEY
from webapp.table_stats import TableStats, table_stats
from webapp.text import plain
from webapp.uploads import forget
from webapp.wording import look_alike_warnings

# How often the page looks again while reviews are still being worked out, and while a
# games file is being taken in.
REVIEWS_POLL_SECONDS = 2.0
IMPORT_POLL_SECONDS = 1.0
# How much of a refusal's reason is shown (a reason may quote a whole turn of the file).
REFUSAL_CHARS = 200


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


def _filters(seats: list[Seat]) -> tuple[str, list[Seat]]:
    """The game kind, period and number of players chosen, and the seats they leave."""
    kinds = [kind for kind in GAMES if any(seat.kind == kind for seat in seats)]
    counts = sorted({seat.seats for seat in seats})
    periods = _period_names()
    game, period, players = st.columns(3)
    kind = game.selectbox(
        _("Game"), kinds, format_func=lambda k: game_title(GAMES[k]), key="stats_game"
    )
    since = period.selectbox(
        _("Period"), list(PERIODS), format_func=periods.__getitem__, key="stats_period"
    )
    count = players.selectbox(
        _("Players in the game"),
        [0, *counts],
        format_func=lambda n: _("Any number") if n == 0 else str(n),
        key="stats_players",
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


def _players_table(kind: str, lines: list[PlayerLine]) -> None:
    """The players' table, what its skill figures mean, and its CSV."""
    whole, share = st.column_config.NumberColumn(format="%d"), "%.0f %%"
    columns = {
        _("Player"): st.column_config.TextColumn(pinned=True),
        _("Win rate"): st.column_config.NumberColumn(format=share),
        _("Upper bonus"): st.column_config.NumberColumn(format=share),
        _("Average"): st.column_config.NumberColumn(format="%.1f"),
        _("Median"): st.column_config.NumberColumn(format="%.1f"),
        _("Best"): whole,
        _("Given up per choice"): st.column_config.NumberColumn(format="%.2f"),
        _("95 % interval from"): st.column_config.NumberColumn(format="%.2f"),
        _("95 % interval to"): st.column_config.NumberColumn(format="%.2f"),
        _("Luck per game"): st.column_config.NumberColumn(format="%+.1f"),
    }
    st.dataframe(_table_frame(lines), hide_index=True, column_config=columns, key="stats_table")
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
        key="stats_csv",
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
        st.altair_chart(chart, width="stretch")


def _record_line(record: TableRecord) -> str:
    title = _record_names()[record.what]
    digits = 0 if record.what in ("best_total", "most_fives", "widest_win") else 1
    value = number(record.value, digits, signed=record.what == "most_luck")
    return f"- {title}: **{plain(record.shown)}** {value} · {record.when:%Y-%m-%d}"


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
    first = left.selectbox(_("Player"), players, format_func=shown.__getitem__, key="h2h_first")
    others = [player for player in players if player != first]
    second = right.selectbox(_("Against"), others, format_func=shown.__getitem__, key="h2h_second")
    if first is None or second is None:
        return
    st.markdown(_h2h_line(head_to_head(seats, first, second), shown[first], shown[second]))


def _h2h_line(found: HeadToHead, first: str, second: str) -> str:
    if not found.games:
        return _("They have not played a game together in this choice.")
    games = ngettext("{count} game together", "{count} games together", found.games)
    return _(
        "{games}: **{first}** ahead {ahead} times, **{second}** ahead {behind} times, level "
        "{level}; average {first_average} against {second_average}."
    ).format(
        games=games.format(count=found.games),
        first=plain(first),
        second=plain(second),
        ahead=found.first_ahead,
        behind=found.second_ahead,
        level=found.level,
        first_average=number(found.first_average or 0.0),
        second_average=number(found.second_average or 0.0),
    )


def _rename(table: str, names: CountedNames) -> None:
    old, new = st.session_state.get("rename_old"), st.session_state.get("rename_new")
    if not isinstance(old, str):
        return
    try:
        kept = player_name(new)
        store = game_store()
        for key, shown in renaming(names, old, kept):
            store.count_name_as(key, shown, table=table)
    except ScoringError as error:
        st.session_state["names_trouble"] = plain(error_text(error))
    except StoreError as error:
        st.session_state["names_trouble"] = store_trouble(error)


def _undo_name(table: str, key: str) -> None:
    try:
        game_store().count_name_as(key, None, table=table)
    except StoreError as error:
        st.session_state["names_trouble"] = store_trouble(error)


def _names(table: str, found: TableStats) -> None:
    """Renaming a player, or merging two names, for the statistics only; names that look
    alike are warned of first (merging them is the way to count them as one)."""
    shown = sorted({seat.shown for seat in found.seats}, key=str.casefold)
    for warning in look_alike_warnings(shown):
        st.warning(warning, icon=":material/visibility:")
    with st.expander(_("Rename or merge players"), icon=":material/badge:"):
        st.caption(
            _(
                "A new name renames a player; the name of another player merges the two. "
                "Only the statistics change: every game keeps its names as played."
            )
        )
        trouble = st.session_state.pop("names_trouble", None)
        if trouble:
            st.error(trouble)
        counted = CountedNames(found.names)
        if shown:
            left, right = st.columns(2)
            left.selectbox(_("Player"), shown, key="rename_old")
            new = right.text_input(_("Counts as"), max_chars=LONGEST_NAME, key="rename_new")
            st.button(
                _("Rename or merge"),
                key="rename",
                on_click=_rename,
                args=(table, counted),
                disabled=not new.strip(),
            )
        for key, name in sorted(found.names.items()):
            left, right = st.columns([4, 1], vertical_alignment="center")
            left.markdown(_("{name} counts as {shown}").format(name=plain(key), shown=plain(name)))
            right.button(_("Undo"), key=f"unname_{key}", on_click=_undo_name, args=(table, key))


def _exported(store: GameStore, table: str) -> bytes:
    """The table's games file, made when it is downloaded (the page does not wait)."""
    return games_file(store.games(table=table))


def _import(table: str) -> None:
    """Hand the games file sent to the server's importer, when the table and this
    browser's client may send one now and the importer has room."""
    upload = st.session_state.get(GAMES_UPLOAD_KEY)
    if not isinstance(upload, UploadedFile):
        return
    data = upload.getvalue()
    forget(upload)
    if not games_file_allowed(table):
        said = _(
            "This table, or your address, sent games files just now: a table takes at most "
            "{most} an hour. Send it again later; nothing was added."
        ).format(most=GAMES_FILES_AN_HOUR)
        st.session_state[IMPORT_SAID_KEY] = ("error", said)
    elif not importer().take(game_store(), table, data):
        said = _(
            "The server is taking in other games files just now. Send it again in a few "
            "minutes; nothing was added."
        )
        st.session_state[IMPORT_SAID_KEY] = ("error", said)
    else:
        st.session_state[IMPORTING_KEY] = table


def _import_result(progress: Progress) -> tuple[str, str]:
    """What came of a games file, as the page says it: its kind and its words."""
    added = ngettext(
        "{added} game added; {known} already here.",
        "{added} games added; {known} already here.",
        progress.added,
    ).format(added=progress.added, known=progress.known)
    trouble = progress.trouble
    if trouble is None:
        return "success", added
    if isinstance(trouble, GamesFileError):
        return "error", _file_trouble(trouble)
    if isinstance(trouble, QuotaError):
        full = ngettext(
            "{added} game added before the table was full: a table holds at most {games} "
            "games and {megabytes} MB.",
            "{added} games added before the table was full: a table holds at most {games} "
            "games and {megabytes} MB.",
            progress.added,
        ).format(
            added=number(progress.added, 0),
            games=number(Quota.games, 0),
            megabytes=Quota.bytes // 2**20,
        )
        return "error", full
    if isinstance(trouble, StoreError):
        return "error", store_trouble(trouble)
    return "error", _("The games file could not be taken in; nothing was added.")


def _file_trouble(error: GamesFileError) -> str:
    """Why a games file was refused, in the page language; nothing was added."""
    if error.reason == "size":
        return _("The file is larger than 20 MB; nothing was added.")
    if error.reason == "game" and error.index is not None and error.cause is not None:
        return _("Game {number} of the file cannot be replayed ({why}); nothing was added.").format(
            number=error.index + 1, why=plain(error_text(error.cause), limit=REFUSAL_CHARS)
        )
    return _("This is not a games file of this app; nothing was added.")


@st.fragment(run_every=IMPORT_POLL_SECONDS)
def _import_progress(table: str) -> None:
    """While the table's games file is being taken in, how far it is; once done, what
    came of it, and the whole page drawn again with the games added."""
    progress = importer().progress(table)
    if progress is None:
        st.session_state.pop(IMPORTING_KEY, None)
        return
    if progress.done:
        st.session_state.pop(IMPORTING_KEY, None)
        st.session_state[IMPORT_SAID_KEY] = _import_result(progress)
        st.rerun(scope="app")
    st.caption(
        ":material/hourglass_top: "
        + _("Taking in the games file: {checked} of {total} games checked, {added} added.").format(
            checked=number(progress.checked, 0),
            total=number(progress.total, 0),
            added=number(progress.added, 0),
        )
    )


def _games_file(table: str) -> None:
    """The table's games as one file, and such a file taken in (without duplicates)."""
    with st.expander(_("Take the games to another server"), icon=":material/sync_alt:"):
        st.caption(
            _(
                "The file holds every game of this table, one game record each. Taken in "
                "at another table, games it already has are left out."
            )
        )
        st.download_button(
            _("Download this table's games (JSON)"),
            partial(_exported, game_store(), table),
            file_name="dice-table-games.json",
            mime="application/json",
            icon=":material/download:",
            on_click="ignore",
            key="games_export",
        )
        st.file_uploader(_("A games file to take in"), type=["json"], key=GAMES_UPLOAD_KEY)
        importing = st.session_state.get(IMPORTING_KEY) == table
        st.button(
            _("Take the games in"),
            key="games_import",
            on_click=_import,
            args=(table,),
            disabled=importing,
        )
        if importing:
            _import_progress(table)
        said = st.session_state.pop(IMPORT_SAID_KEY, None)
        if said:
            kind, text = said
            (st.error if kind == "error" else st.success)(text)


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


def players_page(table: str) -> None:
    """The Players page of `table`."""
    st.title(":material/leaderboard: " + _("Players"), anchor=False)
    st.button(_("Back to the start"), on_click=to_start, key="leave", icon=":material/arrow_back:")
    try:
        found = table_stats(table)
    except StoreError as error:
        st.error(store_trouble(error))
        return
    if not found.seats:
        st.info(_("No finished game yet: the statistics appear once a game at this table is over."))
    else:
        kind, seats = _filters(found.seats)
        if found.waiting:
            _waiting_reviews(table, found.waiting)
        lines = player_lines(seats)
        if not lines:
            st.info(_("No finished game in this choice."))
        else:
            _players_table(kind, lines)
            _charts(seats)
            _records(seats)
            _head_to_head(seats, lines)
    _names(table, found)
    _games_file(table)
