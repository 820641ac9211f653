"""Every device on a game in step. On PostgreSQL a save is pushed to every server and the
pages showing that game redraw at once (`webapp.server.push`); on an SQLite file a light check,
every SYNC_SECONDS, redraws the whole page only when another device saved. Either way a
page that waits for the advisor's tables checks every SYNC_SECONDS whether one more is
ready."""

import streamlit as st

from scoring import GameRules
from store import StoreError
from webapp.server.ahead import TablesLoaded, advisor_progress
from webapp.server.database import game_store
from webapp.server.push import follow_pushed

SYNC_SECONDS = 1.5


# Rules whose advisor tables a page waits for, and the progress it was drawn with.
Awaited = tuple[GameRules, TablesLoaded] | None


def follow_changes(table: str, game_id: str, revision: int, awaited: Awaited = None) -> None:
    """Redraw the page once the saved revision of `table`'s game is no longer the one
    drawn, or once more of the advisor's tables are loaded than when it was drawn
    (`awaited`: the rules and that progress; None: the page does not wait)."""
    feed = game_store().changes
    if feed is None:
        _check_revision(table, game_id, revision, awaited)
        return
    follow_pushed(feed, game_id, revision)
    if awaited is not None:
        _wait_for_advice(awaited)


def _advanced(awaited: Awaited) -> bool:
    return awaited is not None and advisor_progress(awaited[0]) != awaited[1]


@st.fragment(run_every=SYNC_SECONDS)
def _check_revision(table: str, game_id: str, revision: int, awaited: Awaited) -> None:
    if _advanced(awaited):
        st.rerun(scope="app")
    try:
        saved = game_store().revision(game_id, table=table)
    except StoreError:
        return
    if saved != revision:
        st.rerun(scope="app")


@st.fragment(run_every=SYNC_SECONDS)
def _wait_for_advice(awaited: Awaited) -> None:
    if _advanced(awaited):
        st.rerun(scope="app")
