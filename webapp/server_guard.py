"""What the running server does not take from a browser: more than its newest uploads
(`webapp.uploads.keep_newest`), the requests a page in viewer mode never sends, which
Streamlit would still obey from anyone: clearing every cache and every visitor's cached
values at once, or rerunning on each change of the source files; a rerun whose widget
values hold JSON that is not JSON or is nested deeper than a component ever sends, which
Streamlit's own parsing would meet later in the page's run, as a crash; and large
reruns (a live camera's frames) beyond what one client may send, over all its tabs,
dropped as they arrive, before anything parses what they carry."""

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from streamlit import runtime

from webapp import pacing
from webapp.clients import client_of, proxies
from webapp.uploads import keep_newest

REFUSED = frozenset({"clear_cache", "set_run_on_save"})
JSON_FIELDS = frozenset({"json_value", "json_trigger_value"})
# A rerun larger than this carries a frame (a page's own widgets send a few hundred bytes).
LARGE_MESSAGE = 64 * 1024

_lock = threading.Lock()
_guarded: set[int] = set()
_log = logging.getLogger(__name__)


def guard_server() -> None:
    """Put the guards on the running server, once; nothing outside a running server."""
    if not runtime.exists():
        return
    server = runtime.get_instance()
    with _lock:
        if id(server) in _guarded:
            return
        _guarded.add(id(server))
        keep_newest(server.uploaded_file_mgr)
        server.handle_backmsg = _refusing(  # type: ignore[method-assign]
            server.handle_backmsg, server.get_client
        )


def _refusing(
    handle: Callable[..., None], client_of_session: Callable[[str], Any]
) -> Callable[..., None]:
    """The runtime's handler of browser messages, dropping the kinds in REFUSED, large
    reruns past the sending client's allowance, and reruns whose JSON does not parse."""

    def handle_backmsg(session_id: str, msg: Any, *args: Any, **kwargs: Any) -> None:
        kind = msg.WhichOneof("type")
        dropped = kind in REFUSED or (
            kind == "rerun_script"
            and (
                (
                    msg.ByteSize() > LARGE_MESSAGE
                    and not _large_allowed(client_of_session(session_id))
                )
                or not _plain_json(msg)
            )
        )
        if dropped:
            _log.debug("dropped a %s request from session %s", kind, session_id)
            return
        handle(session_id, msg, *args, **kwargs)

    return handle_backmsg


def _large_allowed(session_client: Any) -> bool:
    """Whether the client behind a session may send one more large rerun now."""
    context = getattr(session_client, "client_context", None)
    peer = getattr(context, "remote_ip", None)
    headers = getattr(context, "headers", ())
    forwarded = next((v for k, v in headers if k.lower() == "x-forwarded-for"), None)
    client = client_of(peer if isinstance(peer, str) else None, forwarded, proxies())
    return pacing.CLIENT_LARGE_MESSAGES.admits(client, time.monotonic())


def _plain_json(msg: Any) -> bool:
    """Whether every JSON widget value of a rerun request parses (Python's parser stops
    at a depth far beyond what a component sends, with RecursionError)."""
    for widget in msg.rerun_script.widget_states.widgets:
        field = widget.WhichOneof("value")
        if field in JSON_FIELDS:
            try:
                json.loads(getattr(widget, field))
            except (ValueError, RecursionError):
                return False
    return True
