"""Every device on a game in step. On PostgreSQL a save is pushed to every server and the
pages showing that game redraw at once (`webapp.server.push`); on an SQLite file a light check,
every SYNC_SECONDS, redraws the whole page only when another device saved. Either way a
page that waits for the advisor's table checks every SYNC_SECONDS whether it is ready."""

import streamlit as st

from scoring import GameRules
from store import StoreError
from webapp.server.ahead import rules_ready
from webapp.server.database import game_store
from webapp.server.push import follow_pushed

SYNC_SECONDS = 1.5


def follow_changes(
    table: str, game_id: str, revision: int, advice_for: GameRules | None = None
) -> None:
    """Redraw the page once the saved revision of `table`'s game is no longer the one
    drawn, or once the advisor can help with a game of rules `advice_for` (None: the page
    does not wait)."""
    feed = game_store().changes
    if feed is None:
        _check_revision(table, game_id, revision, advice_for)
        return
    follow_pushed(feed, game_id, revision)
    if advice_for is not None:
        _wait_for_advice(advice_for)


@st.fragment(run_every=SYNC_SECONDS)
def _check_revision(table: str, game_id: str, revision: int, advice_for: GameRules | None) -> None:
    if advice_for is not None and rules_ready(advice_for):
        st.rerun(scope="app")
    try:
        saved = game_store().revision(game_id, table=table)
    except StoreError:
        return
    if saved != revision:
        st.rerun(scope="app")


@st.fragment(run_every=SYNC_SECONDS)
def _wait_for_advice(advice_for: GameRules) -> None:
    if rules_ready(advice_for):
        st.rerun(scope="app")
