"""What the running server does not take from a browser: more than its newest uploads
(`webapp.server.uploads.keep_newest`), the requests a page in viewer mode never sends, which
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
from typing import Any

from webapp.server import pacing
from webapp.server.clients import client_of, proxies
from webapp.server.streamlit_private import (
    BackMsg,
    client_address,
    intercept_browser_messages,
    running,
)
from webapp.server.uploads import keep_newest

REFUSED = frozenset({"clear_cache", "set_run_on_save"})
JSON_FIELDS = frozenset({"json_value", "json_trigger_value"})
# A rerun larger than this carries a frame (a page's own widgets send a few hundred bytes).
LARGE_MESSAGE = 64 * 1024

_lock = threading.Lock()
_guarded = False
_log = logging.getLogger(__name__)


def guard_server() -> None:
    """Put the guards on the running server, once; nothing outside a running server."""
    global _guarded
    if not running():
        return
    with _lock:
        if _guarded:
            return
        _guarded = True
        keep_newest()
        intercept_browser_messages(taken)


def taken(session_id: str, msg: BackMsg, connection: Any) -> bool:
    """Whether a browser's message goes on to its session: not a kind in REFUSED, not a
    large rerun past its client's allowance, not a rerun whose JSON does not parse."""
    kind = msg.WhichOneof("type")
    if kind in REFUSED or (kind == "rerun_script" and not _rerun_taken(msg, connection)):
        _log.debug("dropped a %s request from session %s", kind, session_id)
        return False
    return True


def _rerun_taken(msg: BackMsg, connection: Any) -> bool:
    if msg.ByteSize() > LARGE_MESSAGE and not _large_allowed(connection):
        return False
    return _plain_json(msg)


def _large_allowed(connection: Any) -> bool:
    """Whether the client behind a session's connection may send one more large rerun."""
    peer, forwarded = client_address(connection)
    client = client_of(peer, forwarded, proxies())
    return pacing.CLIENT_LARGE_MESSAGES.admits(client, time.monotonic())


def _plain_json(msg: BackMsg) -> bool:
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
