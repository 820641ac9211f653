"""The shared scoresheet, undo, abandoning the game, the final standings with a rematch,
and the downloads."""

import json
from collections.abc import Hashable

import pandas as pd
import streamlit as st

from scoring import ENGLISH, ScoringError, sheet_csv, sheet_header, sheet_rows
from store import ConflictError, StoreError
from webapp import turn_state
from webapp.advice import chances_now, game_review, review_wanted
from webapp.changes import base_revision, change
from webapp.flash import flash
from webapp.language import _, error_text, number, percent
from webapp.navigation import players_button, show_game, to_start
from webapp.saved_games import OpenGame, abandon, save_rematch, store_trouble
from webapp.state import (
    ABANDON_KEY,
    DOWNLOAD_CSV_KEY,
    DOWNLOAD_RECORD_KEY,
    DOWNLOAD_REVIEW_KEY,
    REMATCH_KEY,
    UNDO_KEY,
)
from webapp.text import plain
from webapp.wording import place_name, player_labels, winners_line

HIGHLIGHT = {"background-color": "rgba(255, 200, 0, 0.25)"}


def _signed(value: float) -> str:
    """A result against the average, as the page language writes decimals."""
    return number(value, signed=True)


def scoresheet(saved: OpenGame, names: dict[str, str]) -> None:
    """Boxes as rows, players as columns; the current player's column highlighted; below
    the totals, with the advisor, each player's chance to win."""
    game = saved.game
    rows = sheet_rows(game, ENGLISH, names, _signed)
    labels = player_labels(game.players)
    times = game.rules.columns
    columns: list[Hashable] = list(sheet_header(game, labels))
    cells = [list(row.cells) for row in rows]
    index = [plain(row.label) for row in rows]
    summary = [plain(row.label) for row in rows if not row.is_box]
    chances = chances_now(saved)
    if chances is not None:
        chance_row = _("Chance to win")
        cells.append([percent(chances[player]) for player in game.players])
        index.append(chance_row)
        summary.append(chance_row)
    frame = pd.DataFrame(cells, index=index, columns=columns)
    styled = frame.style
    if game.current_player is not None:
        seat = game.players.index(game.current_player) * len(times)
        styled = styled.set_properties(subset=columns[seat : seat + len(times)], **HIGHLIGHT)
    styled = styled.set_properties(subset=(summary, list(frame.columns)), **{"font-weight": "bold"})
    st.table(styled)
    if chances is not None:
        st.caption(
            _(
                "Chance to win: each player's chance to finish first when everyone plays the "
                "rest as the advisor would (a tie for first is shared)."
            )
        )
    if len(times) > 1:
        st.caption(
            _(
                "Each player fills every box once in each column; a column's bonuses stay "
                "within it, and its total counts as many times as its heading says."
            )
        )


def _undo(saved: OpenGame, names: dict[str, str]) -> None:
    turn = change(saved, lambda game: game.undo())
    if turn is None:
        return
    turn_state.restore(saved.id, len(saved.game.turns), turn)
    turn_state.mark_changed()
    flash(
        "info",
        _("Took back {player}'s {box}; the dice are back to choose again.").format(
            player=plain(turn.player),
            box=place_name(saved.game.rules, names, turn.box, turn.column),
        ),
    )


def undo_button(saved: OpenGame, names: dict[str, str]) -> None:
    """Take back the last entry, whoever made it."""
    st.button(
        "↶ " + _("Undo the last entry"),
        key=UNDO_KEY,
        disabled=not saved.game.turns or saved.abandoned,
        on_click=_undo,
        args=(saved, names),
    )


def _abandon(saved: OpenGame) -> None:
    """Mark the game abandoned and go to the start page, or say why it stays as it was."""
    try:
        abandon(saved, base_revision(saved))
    except ConflictError:
        flash(
            "warning",
            _(
                "The game changed before this click (another device), so it was not "
                "abandoned. Look at the sheet, and abandon it again if the table still wants to."
            ),
        )
        return
    except StoreError as error:
        flash("error", store_trouble(error))
        return
    to_start()
    flash(
        "info",
        _("The game was abandoned: it stays in the table's records, and no statistics count it."),
    )


def abandon_button(saved: OpenGame) -> None:
    """Give up the game in progress, once confirmed: it leaves the games to resume and is
    kept, marked abandoned."""
    if not saved.in_play:
        return
    with st.popover(_("Abandon the game"), icon=":material/flag:"):
        st.write(
            _(
                "Stop this game for good? It stays in the table's records, marked abandoned, "
                "and no statistics count it."
            )
        )
        st.button(
            _("Abandon it"), key=ABANDON_KEY, type="primary", on_click=_abandon, args=(saved,)
        )


def abandoned_note() -> None:
    """What an abandoned game shows where its turn would be."""
    st.info(
        _("This game was abandoned: nothing more is recorded in it, and no statistics count it."),
        icon=":material/flag:",
    )


def _rematch(saved: OpenGame) -> None:
    """Start the rematch of `saved` and point the address at it, or say why it cannot be."""
    try:
        show_game(save_rematch(saved))
    except ScoringError as error:
        flash("error", plain(error_text(error)))
    except StoreError as error:
        flash("error", store_trouble(error))


def standings(saved: OpenGame) -> None:
    """Final ranking and the winner (ties share the win), a rematch, and the way on to the
    table's statistics across its games (for this game's kind and number of players)."""
    ranking = saved.game.standings()
    labels = player_labels(saved.game.players)
    winners = [s.player for s in ranking if s.winner]
    st.success(winners_line(winners, ranking[0].totals.total) + "!", icon=":material/trophy:")
    for s in ranking:
        t = s.totals
        line = f"{s.place}. **{labels[s.player]}**: {t.total}"
        if t.vs_average is not None:
            against = _("{points} against the average").format(points=_signed(t.vs_average))
            line += f" ({against})"
        st.markdown(line)
    with st.container(horizontal=True):
        st.button(
            _("Rematch"),
            key=REMATCH_KEY,
            type="primary",
            on_click=_rematch,
            args=(saved,),
            icon=":material/replay:",
            help=_("A new game of the same kind, with the same players in the same seats."),
        )
        players_button(saved.game)


def downloads(saved: OpenGame, names: dict[str, str]) -> None:
    """The game record (what `python -m scoring replay` reads), the sheet as CSV, and the
    review (what `python -m advisor review` prints) when it is shown."""
    left, right = st.columns(2)
    left.download_button(
        _("Download the game record (JSON)"),
        json.dumps(saved.game.to_dict(), ensure_ascii=False, indent=1),
        file_name=f"{saved.game.rules.id}-{saved.id}.json",
        mime="application/json",
        key=DOWNLOAD_RECORD_KEY,
    )
    right.download_button(
        _("Download the sheet (CSV)"),
        sheet_csv(saved.game, ENGLISH, names),
        file_name=f"{saved.game.rules.id}-{saved.id}.csv",
        mime="text/csv",
        key=DOWNLOAD_CSV_KEY,
    )
    review_download(saved)


def review_download(saved: OpenGame) -> None:
    """The review as JSON (what ``python -m advisor review`` prints), when it is shown."""
    result = game_review(saved) if review_wanted(saved) else None
    if result is None:
        return
    st.download_button(
        _("Download the review (JSON)"),
        json.dumps(result.to_dict(), ensure_ascii=False, indent=1),
        file_name=f"{saved.game.rules.id}-{saved.id}-review.json",
        mime="application/json",
        key=DOWNLOAD_REVIEW_KEY,
    )
