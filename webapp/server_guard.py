"""What the running server does not take from a browser: more than its newest uploads
(`webapp.uploads.keep_newest`), and the requests a page in viewer mode never sends, which
Streamlit would still obey from anyone: clearing every cache and every visitor's cached
values at once, or rerunning on each change of the source files."""

import logging
import threading
from collections.abc import Callable
from typing import Any

from streamlit import runtime

from webapp.uploads import keep_newest

REFUSED = frozenset({"clear_cache", "set_run_on_save"})

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
        if kind in REFUSED:
            _log.debug("dropped a %s request from session %s", kind, session_id)
            return
        handle(session_id, msg, *args, **kwargs)

    return handle_backmsg
