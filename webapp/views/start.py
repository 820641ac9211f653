"""A table's new game and its saved games on its start page: choose a game and name the
players, resume one of the table's games or open a finished or abandoned one."""

import streamlit as st

from scoring import GAMES, LONGEST_NAME, MAX_PLAYERS, Game, GameRules, ScoringError
from store import GameSummary, StoreError
from webapp.house_rules_form import house_rules_form, house_rules_said
from webapp.language import _, error_text, game_title, ngettext, rules_title, titles_apart
from webapp.local_time import moment_text
from webapp.navigation import show_game
from webapp.saved_games import save_new_game, store_trouble, table_rules
from webapp.server import game_store
from webapp.state import (
    LISTED_KEY,
    NEW_GAME_KEY,
    PLAYER_COUNT_KEY,
    SHOW_OLDER_KEY,
    START_KEY,
    TABLE_RULES_KEY,
    open_key,
    player_name_key,
    resume_key,
)
from webapp.text import plain
from webapp.wording import look_alike_warnings, winners_line

# Games listed at first in progress, finished and abandoned, and added to each by "Show
# older games":
# the page reads only these games' summaries, however many games the table holds.
LISTED = 20


def new_game_form(table: str) -> None:
    """Pick a game (a preset, with house rules set here, or the house rules the table
    played lately), name 1 to 8 players, start: the game is saved at `table` and its id
    goes into the URL."""
    st.subheader(_("New game"), anchor=False)
    choices: dict[str, GameRules] = {**GAMES, **_played_rules(table)}
    # Worked out here, in this page's language, rather than in a function that reads it.
    titles = titles_apart({choice: game_title(rules) for choice, rules in choices.items()})
    choice = st.radio(
        _("Game"),
        list(choices),
        format_func=titles.__getitem__,
        captions=[_(rules.summary) for rules in choices.values()],
        key=NEW_GAME_KEY,
    )
    rules: GameRules | None = choices[choice]
    if choice in GAMES:
        rules = house_rules_form(GAMES[choice])
    else:
        house_rules_said(GAMES[choices[choice].id], choices[choice])
    count = st.number_input(_("Players"), 1, MAX_PLAYERS, value=2, step=1, key=PLAYER_COUNT_KEY)
    names = [
        st.text_input(
            _("Player {number}").format(number=i + 1),
            value=_("Player {number}").format(number=i + 1),
            max_chars=LONGEST_NAME,
            key=player_name_key(i),
        )
        for i in range(int(count))
    ]
    for warning in look_alike_warnings(names):
        st.warning(warning, icon=":material/visibility:")
    started = st.button(_("Start the game"), type="primary", key=START_KEY, disabled=rules is None)
    if started and rules is not None:
        try:
            game = Game(rules, names)
        except ScoringError as error:
            st.error(plain(error_text(error)))
            return
        try:
            show_game(save_new_game(table, game))
        except StoreError as error:
            st.error(store_trouble(error))
            return
        st.rerun()


def _played_rules(table: str) -> dict[str, GameRules]:
    """The house rules `table` played lately, newest first, then those this browser saw it
    play before (so that a choice never vanishes while the table looks at it)."""
    seen = st.session_state.setdefault(TABLE_RULES_KEY, {})
    known = seen.get(table, {})
    fresh = table_rules(table, known)
    seen[table] = fresh | {mark: rules for mark, rules in known.items() if mark not in fresh}
    return dict(seen[table])


def _result(summary: GameSummary) -> str:
    """Who won a finished saved game, from its summary, or why that cannot be told."""
    if not summary.winners or not summary.totals:
        return _("the record cannot be replayed")
    return winners_line(summary.winners, max(summary.totals))


def _game_line(summary: GameSummary, note: str) -> str:
    players = ", ".join(plain(p) for p in summary.players)
    title = rules_title(GAMES[summary.game], summary.house_name if summary.house else None)
    return f"**{title}** · {players}  \n{moment_text(summary.updated)} · {note}"


def _listed_beyond(listed: int, total: int) -> bool:
    """Whether a list was cut at `listed` of `total` games, which it then says."""
    if total <= listed:
        return False
    shown = ngettext(
        "The {count} most recent game is listed.",
        "The {count} most recent games are listed.",
        listed,
    ).format(count=listed)
    all_told = ngettext("There is {count} in all.", "There are {count} in all.", total)
    st.caption(f"{shown} {all_told.format(count=total)}")
    return True


def _progress(summary: GameSummary) -> str:
    """How many of a game's boxes are filled (its preset's count where its summary, kept
    before summaries said, does not)."""
    boxes = summary.length or GAMES[summary.game].turns_for(len(summary.players))
    return ngettext("{filled}/{boxes} box", "{filled}/{boxes} boxes", boxes).format(
        filled=summary.turns, boxes=boxes
    )


def _closed_games(
    heading: str, icon: str, lines: list[tuple[GameSummary, str]], listed: int, total: int
) -> bool:
    """Games no longer played, under a heading that opens: each with its note and an Open
    button for its sheet and downloads; whether the list was cut at `listed` of `total`."""
    with st.expander(heading, icon=icon):
        for summary, note in lines:
            left, right = st.columns([4, 1], vertical_alignment="center")
            left.markdown(_game_line(summary, note))
            right.button(
                _("Open"), key=open_key(summary.id), on_click=show_game, args=(summary.id,)
            )
        return _listed_beyond(listed, total)


def saved_games(table: str) -> None:
    """The table's games in progress, each with its progress and a Resume button; below
    them its finished games, each with its winner, and its abandoned ones, each marked so,
    with an Open button for its sheet and downloads. Each list is read by its own query,
    its `listed` most recent first."""
    listed = int(st.session_state.get(LISTED_KEY, LISTED))
    try:
        store = game_store()
        playing = _known(
            store.list_games(table=table, finished=False, abandoned=False, limit=listed)
        )
        finished = _known(store.list_games(table=table, finished=True, limit=listed))
        abandoned = _known(store.list_games(table=table, abandoned=True, limit=listed))
        damaged = store.unreadable_games(table=table, limit=listed)
        playing_total = store.count(table=table, finished=False, abandoned=False)
        finished_total = store.count(table=table, finished=True)
        abandoned_total = store.count(table=table, abandoned=True)
    except StoreError as error:
        st.error(store_trouble(error))
        return
    if damaged:
        st.warning(
            ngettext(
                "{count} saved game is damaged and cannot be opened.",
                "{count} saved games are damaged and cannot be opened.",
                len(damaged),
            ).format(count=len(damaged))
        )
    st.subheader(_("Resume a game"), anchor=False)
    if not playing:
        st.caption(_("No game in progress."))
    for summary in playing:
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.markdown(_game_line(summary, _progress(summary)))
        right.button(
            _("Resume"), key=resume_key(summary.id), on_click=show_game, args=(summary.id,)
        )
    cut = _listed_beyond(listed, playing_total)
    if finished:
        heading = _("Finished games ({count})").format(count=finished_total)
        lines = [(summary, _result(summary)) for summary in finished]
        cut = _closed_games(heading, ":material/trophy:", lines, listed, finished_total) or cut
    if abandoned:
        heading = _("Abandoned games ({count})").format(count=abandoned_total)
        lines = [
            (summary, _("abandoned at {progress}").format(progress=_progress(summary)))
            for summary in abandoned
        ]
        cut = _closed_games(heading, ":material/flag:", lines, listed, abandoned_total) or cut
    if cut:
        st.button(_("Show older games"), key=SHOW_OLDER_KEY, on_click=_list_more, args=(listed,))


def _known(summaries: list[GameSummary]) -> list[GameSummary]:
    """The games this page can show: of a known kind, with players."""
    return [s for s in summaries if s.game in GAMES and s.players]


def _list_more(listed: int) -> None:
    st.session_state[LISTED_KEY] = listed + LISTED
