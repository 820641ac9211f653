"""ChangeFeed: every server hears at once which game another server saved, through
PostgreSQL's LISTEN/NOTIFY, so pages redraw without asking the database."""

import logging
import threading
from collections.abc import Callable

import psycopg

log = logging.getLogger(__name__)
# The channel every save announces "<game id> <revision>" on.
CHANNEL = "dice_table_games"
# How long the listener waits for a note before it looks whether it should stop.
_WAKE_SECONDS = 0.5
# How long it waits before connecting again after losing the server.
_RETRY_SECONDS = 1.0

Listener = Callable[[str, int], None]


class ChangeFeed:
    """The latest revision announced for each game, kept by one listening thread.

    `subscribe` calls a function (on the listening thread: it must return quickly) for
    every announcement; `revision` says the latest heard for a game. The thread starts
    with the first subscription, reconnects after losing the server, and stops on `close`.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._latest: dict[str, int] = {}
        self._listeners: dict[int, Listener] = {}
        self._lock = threading.Lock()
        self._heard = threading.Condition(self._lock)
        self._stopping = threading.Event()
        self._listening = threading.Event()
        self._thread: threading.Thread | None = None

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(game_id, revision)` for every save heard; returns the function
        that stops it."""
        key = id(listener)
        with self._lock:
            self._listeners[key] = listener
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._listen, name="dice-table-changes", daemon=True
                )
                self._thread.start()

        def unsubscribe() -> None:
            with self._lock:
                self._listeners.pop(key, None)

        return unsubscribe

    def ready(self, seconds: float) -> bool:
        """Wait until the listener is connected and listening (at most `seconds`)."""
        return self._listening.wait(seconds)

    def revision(self, game_id: str) -> int | None:
        """The latest revision heard for the game since the feed started, if any."""
        with self._lock:
            return self._latest.get(game_id)

    def wait_beyond(self, game_id: str, revision: int, seconds: float) -> int | None:
        """Wait at most `seconds` until a revision after `revision` is heard for the game;
        return it, or None when none came."""
        with self._heard:
            self._heard.wait_for(lambda: self._latest.get(game_id, 0) > revision, seconds)
            latest = self._latest.get(game_id)
        return latest if latest is not None and latest > revision else None

    def close(self) -> None:
        """Stop listening."""
        self._stopping.set()
        thread = self._thread
        if thread is not None:
            thread.join()

    def _listen(self) -> None:
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=3) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    while not self._stopping.is_set():
                        for note in conn.notifies(timeout=_WAKE_SECONDS):
                            self._heard_note(note.payload)
            except psycopg.Error as exc:
                self._listening.clear()
                log.warning("lost the game database's change feed (%s); reconnecting", exc)
                self._stopping.wait(_RETRY_SECONDS)

    def _heard_note(self, payload: str) -> None:
        game_id, _, number = payload.partition(" ")
        if not number.isdigit():
            return
        revision = int(number)
        with self._heard:
            if revision > self._latest.get(game_id, 0):
                self._latest[game_id] = revision
            listeners = list(self._listeners.values())
            self._heard.notify_all()
        for listener in listeners:
            try:
                listener(game_id, revision)
            except Exception:
                log.exception("a change listener failed")
