"""Work a fresh server does in the background once its first page is drawn: import what a
game's page needs (OpenCV, pandas, Altair: seconds on a small machine) and start solving
the advisor's tables, so the first game opened does not wait for either."""

import importlib
import logging
import threading

_started = threading.Event()
_lock = threading.Lock()


def _warm() -> None:
    try:
        importlib.import_module("webapp.game_page")
        importlib.import_module("webapp.ahead").start()
    except Exception:
        logging.getLogger(__name__).exception("warming up the game page failed")


def warm_up() -> None:
    """Start the warm-up, once per process."""
    with _lock:
        if _started.is_set():
            return
        _started.set()
    threading.Thread(target=_warm, name="warm-up", daemon=True).start()
