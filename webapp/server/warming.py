"""Work a server does in the background once it runs: import what the pages need
(OpenCV, pandas, Altair for a game: seconds on a small machine) and start solving the
advisor's tables, so the first visitors wait for neither."""

import importlib
import logging
import threading
import time

from webapp.server.streamlit_private import running

# How long the warm-up waits for Streamlit's runtime (`python -m webapp` starts it
# before the server has set it up), and how often it looks.
RUNTIME_WAIT_SECONDS = 60
RUNTIME_POLL_SECONDS = 0.05
MODULES = ("webapp.main", "webapp.game_page")

_started = threading.Event()
_lock = threading.Lock()


def _warm() -> None:
    # Streamlit's caches bind to the runtime when a module declaring them is imported.
    deadline = time.monotonic() + RUNTIME_WAIT_SECONDS
    while not running() and time.monotonic() < deadline:
        time.sleep(RUNTIME_POLL_SECONDS)
    try:
        for module in MODULES:
            importlib.import_module(module)
        importlib.import_module("webapp.server.ahead").solve_ahead()
    except Exception:
        logging.getLogger(__name__).exception("warming up the pages failed")


def warm_up() -> None:
    """Start the warm-up, once per process."""
    with _lock:
        if _started.is_set():
            return
        _started.set()
    threading.Thread(target=_warm, name="warm-up", daemon=True).start()
