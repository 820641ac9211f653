"""A table's games as one file to take to another server, and such a file taken in by the
server's importer in the background (without duplicates), how far it is, and what came
of it."""

from functools import partial

import streamlit as st

from scoring import CorruptRecordError, ScoringError
from store import (
    LARGEST_FILE,
    GamesFileError,
    GameStore,
    Quota,
    QuotaError,
    StoreError,
    games_file,
)
from webapp.file_box import file_box_words
from webapp.language import _, error_text, ngettext, number
from webapp.saved_games import store_trouble
from webapp.server import (
    GAMES_FILES_AN_HOUR,
    Progress,
    UploadedFile,
    forget,
    game_store,
    games_file_allowed,
    importer,
)
from webapp.state import (
    GAMES_EXPORT_KEY,
    GAMES_IMPORT_KEY,
    GAMES_UPLOAD_KEY,
    IMPORT_SAID_KEY,
    IMPORTING_KEY,
)
from webapp.text import plain

# How often the page looks again while a games file is being taken in.
IMPORT_POLL_SECONDS = 1.0
# How much of a refusal's reason is shown (a reason may quote a whole turn of the file).
REFUSAL_CHARS = 200


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


def _added(progress: Progress) -> str:
    """How many of the file's games were added and how many the table had already, each
    count in the form that suits it."""
    added = ngettext("{count} game added.", "{count} games added.", progress.added).format(
        count=number(progress.added, 0)
    )
    known = ngettext(
        "{count} game was already here.", "{count} games were already here.", progress.known
    ).format(count=number(progress.known, 0))
    return f"{added} {known}"


def _import_result(progress: Progress) -> tuple[str, str]:
    """What came of a games file, as the page says it: its kind and its words."""
    trouble = progress.trouble
    if trouble is None:
        return "success", _added(progress)
    if isinstance(trouble, GamesFileError):
        return "error", _file_trouble(trouble)
    if isinstance(trouble, QuotaError):
        return "error", _table_full(progress.added)
    if isinstance(trouble, StoreError):
        return "error", store_trouble(trouble)
    return "error", _("The games file could not be taken in; nothing was added.")


def _table_full(added: int) -> str:
    """How many games were added before the table was full, and what a table holds."""
    before = ngettext(
        "{count} game added before the table was full.",
        "{count} games added before the table was full.",
        added,
    ).format(count=number(added, 0))
    most = ngettext(
        "A table holds at most {count} game and {megabytes} MB.",
        "A table holds at most {count} games and {megabytes} MB.",
        Quota.games,
    ).format(count=number(Quota.games, 0), megabytes=number(Quota.bytes // 2**20, 0))
    return f"{before} {most}"


def _file_trouble(error: GamesFileError) -> str:
    """Why a games file was refused, in the page language; nothing was added."""
    if error.reason == "size":
        return _("The file is larger than 20 MB; nothing was added.")
    if error.reason == "game" and error.index is not None and error.cause is not None:
        return _game_trouble(error.index, error.cause)
    return _("This is not a games file of this app; nothing was added.")


def _game_trouble(index: int, cause: ScoringError) -> str:
    """Why the file's game at `index` (from 0) does not replay. A bad turn is named by its
    number as players count turns, from 1 (scoring's refusal names its index, from 0)."""
    turn = cause.turn if isinstance(cause, CorruptRecordError) else None
    nested = cause.values.get("error")
    if turn is None or not isinstance(nested, Exception):
        message = _("Game {number} of the file cannot be replayed ({why}); nothing was added.")
        return message.format(number=index + 1, why=_reason(cause))
    message = _(
        "Turn {turn} of game {number} of the file cannot be replayed ({why}); nothing was added."
    )
    return message.format(turn=turn + 1, number=index + 1, why=_reason(nested))


def _reason(error: Exception) -> str:
    """A refusal's reason in the page language, cut short (it may quote a whole turn)."""
    return plain(error_text(error), limit=REFUSAL_CHARS)


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
        + ngettext(
            "Taking in the games file: {checked} of {total} game checked, {added} added.",
            "Taking in the games file: {checked} of {total} games checked, {added} added.",
            progress.total,
        ).format(
            checked=number(progress.checked, 0),
            total=number(progress.total, 0),
            added=number(progress.added, 0),
        )
    )


def games_file_panel(table: str) -> None:
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
            key=GAMES_EXPORT_KEY,
        )
        st.file_uploader(_("A games file to take in"), type=["json"], key=GAMES_UPLOAD_KEY)
        file_box_words(GAMES_UPLOAD_KEY, ["json"], LARGEST_FILE)
        importing = st.session_state.get(IMPORTING_KEY) == table
        st.button(
            _("Take the games in"),
            key=GAMES_IMPORT_KEY,
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
