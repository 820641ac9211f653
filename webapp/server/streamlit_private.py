"""Every use of Streamlit's private API, in one place.

Streamlit has no public way to rerun a session from outside it, to look at or drop a
browser's messages before a session gets them, to drop a file a browser uploaded, or to
know which session a page run belongs to, nor whether a run is the browser going back in
its history; the server room and the page's address need all five. They lean on
Streamlit 1.67's runtime (its session manager, its uploaded-file manager, the session's
event loop and client state), which a new Streamlit may change: the tests of the server
room (test_push, test_server_guard, test_hostile's uploads) exercise each of them.
"""

from collections.abc import Callable
from typing import Any

from streamlit import runtime
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.uploaded_file_manager import UploadedFile, UploadedFileRec

__all__ = [
    "BackMsg",
    "UploadedFile",
    "UploadedFileRec",
    "client_address",
    "forget_upload",
    "history_navigation",
    "intercept_browser_messages",
    "rerun_session",
    "running",
    "this_session",
    "wrap_uploads",
]


def running() -> bool:
    """Whether Streamlit's runtime runs in this process (not in tests of a page alone)."""
    return runtime.exists()


def this_session() -> str | None:
    """The browser session whose page run this thread runs, if any."""
    ctx = get_script_run_ctx()
    return None if ctx is None else ctx.session_id


def history_navigation() -> bool:
    """Whether this page run is the browser going back or forward in its history."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.is_history_navigation)


def forget_upload(file_id: str) -> None:
    """Drop a file this page run's browser uploaded from the server's memory."""
    ctx = get_script_run_ctx()
    if ctx is not None:
        manager: Any = ctx.uploaded_file_mgr
        manager.remove_file(ctx.session_id, file_id)


def wrap_uploads(added: Callable[[str, str], list[str]], ended: Callable[[str], None]) -> None:
    """Have the running server's upload manager call `added(session, file)` after it keeps
    each file, and drop the files that returns; `ended(session)` when a session ends."""
    manager: Any = runtime.get_instance().uploaded_file_mgr
    add, remove, end_session = manager.add_file, manager.remove_file, manager.remove_session_files

    def add_file(session_id: str, file: UploadedFileRec) -> None:
        add(session_id, file)
        for dropped in added(session_id, file.file_id):
            remove(session_id, dropped)

    def remove_session_files(session_id: str) -> None:
        ended(session_id)
        end_session(session_id)

    manager.add_file = add_file
    manager.remove_session_files = remove_session_files


def intercept_browser_messages(taken: Callable[[str, BackMsg, Any], bool]) -> None:
    """Hand every browser message to `taken(session, message, connection)` before its
    session sees it, and drop those it refuses; `connection` is Streamlit's context of the
    session's websocket (remote address, headers), or None."""
    server = runtime.get_instance()
    handle = server.handle_backmsg

    def handle_backmsg(session_id: str, msg: BackMsg, *args: Any, **kwargs: Any) -> None:
        client = server.get_client(session_id)
        if taken(session_id, msg, getattr(client, "client_context", None)):
            handle(session_id, msg, *args, **kwargs)

    server.handle_backmsg = handle_backmsg  # type: ignore[method-assign]


def client_address(connection: Any) -> tuple[str | None, str | None]:
    """The remote address and X-Forwarded-For of a session's websocket, as far as known."""
    peer = getattr(connection, "remote_ip", None)
    headers = getattr(connection, "headers", ())
    forwarded = next((v for k, v in headers if k.lower() == "x-forwarded-for"), None)
    return (peer if isinstance(peer, str) else None), forwarded


def rerun_session(session_id: str, retry_seconds: float) -> bool:
    """Ask the session to run its script again with the address it shows, once it is idle
    (a run in progress would be stopped, and a click it handles lost), and without the
    widget values its browser last sent: those may be older than the values the page set
    since, and sent again they would count as the player's changes. False when it is gone
    or the runtime is not there, or its parts are not where they were."""
    if not runtime.exists():
        return False
    try:
        info = runtime.get_instance()._session_mgr.get_active_session_info(session_id)
        if info is None:
            return False
        session = info.session
        session._event_loop.call_soon_threadsafe(_rerun_when_idle, session, retry_seconds)
    except (AttributeError, RuntimeError):
        return False
    return True


def _rerun_when_idle(session: Any, retry_seconds: float) -> None:
    """On the session's event loop: rerun it now if it is idle, else a little later."""
    if getattr(session, "_scriptrunner", None) is not None:
        session._event_loop.call_later(retry_seconds, _rerun_when_idle, session, retry_seconds)
        return
    state = ClientState()
    state.CopyFrom(session._client_state)
    state.ClearField("widget_states")
    session.request_rerun(state)
