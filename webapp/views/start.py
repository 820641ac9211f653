"""The start page: choose a game and name the players, resume a saved game, or open a
finished one."""

from collections.abc import Callable

import streamlit as st

from scoring import GAMES, LONGEST_NAME, MAX_PLAYERS, CorruptRecordError, Game, ScoringError
from store import GameStore, GameSummary, StoreError
from webapp.language import _, error_text, game_title, ngettext
from webapp.navigation import open_game
from webapp.saved_games import game_store, new_table, store_trouble
from webapp.state import LISTED_KEY
from webapp.text import plain
from webapp.wording import winners_line

# Games listed at first, and added by each "Show older games": the page reads and replays
# only these, however many games the file holds.
LISTED = 20


def new_game_form() -> None:
    """Pick a game, name 1 to 8 players, start: the game is saved and its id goes into the URL."""
    st.subheader(_("New game"), anchor=False)
    # Worked out here, in this page's language, rather than in a function that reads it.
    titles = {game_id: game_title(rules) for game_id, rules in GAMES.items()}
    game_id = st.radio(
        _("Game"),
        list(GAMES),
        format_func=titles.__getitem__,
        captions=[_(rules.summary) for rules in GAMES.values()],
        key="new_game",
    )
    count = st.number_input(_("Players"), 1, MAX_PLAYERS, value=2, step=1, key="player_count")
    names = [
        st.text_input(
            _("Player {number}").format(number=i + 1),
            value=_("Player {number}").format(number=i + 1),
            max_chars=LONGEST_NAME,
            key=f"player_name_{i}",
        )
        for i in range(int(count))
    ]
    if st.button(_("Start the game"), type="primary", key="start"):
        try:
            game = Game(game_id, names)
        except ScoringError as error:
            st.error(plain(error_text(error)))
            return
        try:
            open_game(new_table(game))
        except StoreError as error:
            st.error(store_trouble(error))
            return
        st.rerun()


def _result(store: GameStore, summary: GameSummary) -> str:
    """Who won a finished saved game, or why that cannot be told."""
    try:
        game = Game.from_dict(store.load(summary.id).record)
    except (StoreError, ScoringError, CorruptRecordError):
        return _("the record cannot be replayed")
    return winners_line(game.standings())


def _game_line(summary: GameSummary, note: str) -> str:
    players = ", ".join(plain(p) for p in summary.players)
    title = game_title(GAMES[summary.game])
    return f"**{title}** · {players}  \n{summary.updated:%Y-%m-%d %H:%M} UTC · {note}"


def saved_games() -> None:
    """Games in progress, each with its progress and a Resume button; below them the
    finished games, each with its winner and an Open button for its sheet and downloads."""
    listed = int(st.session_state.get(LISTED_KEY, LISTED))
    try:
        store = game_store()
        saved = store.list_games(listed)
        damaged = store.unreadable_games(listed)
        total = store.count()
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
    known = [s for s in saved if s.game in GAMES and s.players]
    finished = [s for s in known if GAMES[s.game].finished_after(s.turns, len(s.players))]
    playing = [s for s in known if s not in finished]
    st.subheader(_("Resume a game"), anchor=False)
    if not playing:
        st.caption(_("No game in progress."))
    for summary in playing:
        boxes = GAMES[summary.game].turns_for(len(summary.players))
        left, right = st.columns([4, 1], vertical_alignment="center")
        progress = _("{filled}/{boxes} boxes").format(filled=summary.turns, boxes=boxes)
        left.markdown(_game_line(summary, progress))
        right.button(
            _("Resume"), key=f"resume_{summary.id}", on_click=open_game, args=(summary.id,)
        )
    if finished:
        heading = _("Finished games ({count})").format(count=len(finished))
        with st.expander(heading, icon=":material/trophy:"):
            for summary in finished:
                left, right = st.columns([4, 1], vertical_alignment="center")
                left.markdown(_game_line(summary, _result(store, summary)))
                right.button(
                    _("Open"), key=f"open_{summary.id}", on_click=open_game, args=(summary.id,)
                )
    if total > listed:
        st.caption(
            _("The {listed} most recent of {total} saved games are listed.").format(
                listed=listed, total=total
            )
        )
        st.button(_("Show older games"), key="show_older", on_click=_list_more, args=(listed,))


def _list_more(listed: int) -> None:
    st.session_state[LISTED_KEY] = listed + LISTED


def start_page(beside_title: Callable[[], None]) -> None:
    """The page shown when no game id is in the URL; `beside_title` draws the controls
    beside its title."""
    title, language = st.columns([4, 1], vertical_alignment="bottom")
    title.title(":material/casino: " + _("Dice table"), anchor=False)
    with language:
        beside_title()
    st.write(
        _(
            "Roll five real dice, let the camera read them, and see what the roll is worth "
            "in every open box. The sheet is shared by the whole table and saved after "
            "every entry."
        )
    )
    left, right = st.columns(2, gap="large")
    with left:
        new_game_form()
    with right:
        saved_games()
