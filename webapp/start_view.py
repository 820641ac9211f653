"""The start page: choose a game and name the players, or resume a saved game."""

import streamlit as st

from scoring import GAMES, Game, ScoringError
from scoring.players import LONGEST_NAME, MAX_PLAYERS
from scoring.rules import ENGLISH
from store import StoreError
from webapp.tables import game_store, new_table, store_trouble
from webapp.text import plain


def _title(game_id: str) -> str:
    return GAMES[game_id].title[ENGLISH]


def _open(game_id: str) -> None:
    st.query_params["game"] = game_id


def new_game_form() -> None:
    """Pick a game, name 1 to 8 players, start: the game is saved and its id goes into the URL."""
    st.subheader("New game")
    game_id = st.radio(
        "Game",
        list(GAMES),
        format_func=_title,
        captions=[rules.summary for rules in GAMES.values()],
        key="new_game",
    )
    count = st.number_input("Players", 1, MAX_PLAYERS, value=2, step=1, key="player_count")
    names = [
        st.text_input(
            f"Player {i + 1}",
            value=f"Player {i + 1}",
            max_chars=LONGEST_NAME,
            key=f"player_name_{i}",
        )
        for i in range(int(count))
    ]
    if st.button("Start the game", type="primary", key="start"):
        try:
            game = Game(game_id, names)
        except ScoringError as error:
            st.error(plain(error))
            return
        try:
            _open(new_table(game))
        except StoreError as error:
            st.error(store_trouble(error))
            return
        st.rerun()


def resume_list() -> None:
    """Every saved game with its players, date and progress; one click opens it."""
    st.subheader("Resume a game")
    try:
        store = game_store()
        saved = store.list_games()
        damaged = store.unreadable_games()
    except StoreError as error:
        st.error(store_trouble(error))
        return
    if damaged:
        st.warning(f"{len(damaged)} saved game(s) are damaged and cannot be opened.")
    known = [s for s in saved if s.game in GAMES and s.players]
    if not known:
        st.caption("No saved games yet.")
        return
    for summary in known:
        boxes = GAMES[summary.game].turns_for(len(summary.players))
        done = "finished" if summary.turns >= boxes else f"{summary.turns}/{boxes} boxes"
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.markdown(
            f"**{_title(summary.game)}** · {', '.join(plain(p) for p in summary.players)}  \n"
            f"{summary.updated:%Y-%m-%d %H:%M} UTC · {done}"
        )
        right.button("Resume", key=f"resume_{summary.id}", on_click=_open, args=(summary.id,))


def start_page() -> None:
    """The page shown when no game id is in the URL."""
    st.title("🎲 Dice table")
    st.write(
        "Roll five real dice, let the camera read them, and see what the roll is worth "
        "in every open box. The sheet is shared by the whole table and saved after every entry."
    )
    left, right = st.columns(2, gap="large")
    with left:
        new_game_form()
    with right:
        resume_list()
