"""The shared scoresheet, undo, the final standings and the downloads."""

import json

import pandas as pd
import streamlit as st

from scoring import Standing
from scoring.sheet import sheet_csv, sheet_rows, signed
from webapp import state
from webapp.review_view import review_download
from webapp.tables import Table, change
from webapp.text import plain

HIGHLIGHT = {"background-color": "rgba(255, 200, 0, 0.25)"}


def scoresheet(table: Table, language: str) -> None:
    """Boxes as rows, players as columns; the current player's column highlighted."""
    game = table.game
    rows = sheet_rows(game, language)
    frame = pd.DataFrame(
        [row.cells for row in rows],
        index=[plain(row.label) for row in rows],
        columns=[plain(player) for player in game.players],
    )
    styled = frame.style
    if game.current_player is not None:
        styled = styled.set_properties(subset=[plain(game.current_player)], **HIGHLIGHT)
    summary = [plain(row.label) for row in rows if not row.is_box]
    styled = styled.set_properties(subset=(summary, list(frame.columns)), **{"font-weight": "bold"})
    st.table(styled)


def _undo(table: Table, language: str) -> None:
    turn = change(table, lambda game: game.undo())
    if turn is None:
        return
    state.set_dice(list(turn.dice))
    state.set_roll(turn.roll)
    box = table.game.rules.box(turn.box).name(language)
    state.flash(
        "info", f"Took back {plain(turn.player)}'s {box}; the dice are back to choose again."
    )


def undo_button(table: Table, language: str) -> None:
    """Take back the last entry, whoever made it."""
    st.button(
        "↶ Undo the last entry",
        key="undo",
        disabled=not table.game.turns,
        on_click=_undo,
        args=(table, language),
    )


def winners_line(ranking: list[Standing]) -> str:
    """Who won a finished game and with what, as text ("Ann and Bob win with 212")."""
    winners = [s for s in ranking if s.winner]
    named = " and ".join(plain(s.player) for s in winners)
    verb = "wins" if len(winners) == 1 else "win"
    return f"{named} {verb} with {winners[0].totals.total}"


def standings(table: Table) -> None:
    """Final ranking and the winner (ties share the win)."""
    ranking = table.game.standings()
    st.success(f"{winners_line(ranking)}!", icon=":material/trophy:")
    for s in ranking:
        t = s.totals
        against = "" if t.vs_average is None else f" ({signed(t.vs_average)} against the average)"
        st.markdown(f"{s.place}. **{plain(s.player)}**: {t.total}{against}")


def downloads(table: Table, language: str) -> None:
    """The game record (what `python -m scoring replay` reads), the sheet as CSV, and the
    review (what `python -m advisor review` prints) when it is shown."""
    left, right = st.columns(2)
    left.download_button(
        "Download the game record (JSON)",
        json.dumps(table.game.to_dict(), ensure_ascii=False, indent=1),
        file_name=f"{table.game.rules.id}-{table.id}.json",
        mime="application/json",
        key="download_record",
    )
    right.download_button(
        "Download the sheet (CSV)",
        sheet_csv(table.game, language),
        file_name=f"{table.game.rules.id}-{table.id}.csv",
        mime="text/csv",
        key="download_csv",
    )
    review_download(table)
