"""What the running server does not take from a browser: more than its newest uploads
(`webapp.uploads.keep_newest`), the requests a page in viewer mode never sends, which
Streamlit would still obey from anyone: clearing every cache and every visitor's cached
values at once, or rerunning on each change of the source files; and a rerun whose
widget values hold JSON that is not JSON or is nested deeper than a component ever
sends, which Streamlit's own parsing would meet later in the page's run, as a crash."""

import json
import logging
import threading
from collections.abc import Callable
from typing import Any

from streamlit import runtime

from webapp.uploads import keep_newest

REFUSED = frozenset({"clear_cache", "set_run_on_save"})
JSON_FIELDS = frozenset({"json_value", "json_trigger_value"})

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
        server.handle_backmsg = _refusing(server.handle_backmsg)  # type: ignore[method-assign]


def _refusing(handle: Callable[..., None]) -> Callable[..., None]:
    """The runtime's handler of browser messages, dropping the kinds in REFUSED."""

    def handle_backmsg(session_id: str, msg: Any, *args: Any, **kwargs: Any) -> None:
        kind = msg.WhichOneof("type")
        if kind in REFUSED or (kind == "rerun_script" and not _plain_json(msg)):
            _log.debug("dropped a %s request from session %s", kind, session_id)
            return
        handle(session_id, msg, *args, **kwargs)

    return handle_backmsg


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
