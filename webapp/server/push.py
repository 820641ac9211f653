"""Pages redrawn the moment any server saves their game: a page that shows a game watches
it, and when the store's change feed (PostgreSQL's NOTIFY) tells of a newer revision,
the page's session is asked to run again, as a browser's own message would.

Streamlit has no public way for a server to rerun a session from outside it, so `poke`
goes through `webapp.server.streamlit_private`, which asks only an idle session and asks a
busy one again shortly. Where that fails, pages go on checking the revision on a timer
(`webapp.server.sync`).
"""

import logging
import threading

from store import ChangeFeed
from webapp.server.streamlit_private import rerun_session, this_session

log = logging.getLogger(__name__)
# How soon a session that was busy when its game changed is asked again.
RETRY_SECONDS = 0.05


class Watchers:
    """Which session shows which game at which revision, safe to use from every page
    thread and the feed's listening thread at once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._shown: dict[str, tuple[str, int]] = {}

    def watch(self, session_id: str, game_id: str, revision: int) -> None:
        """The session now shows the game at `revision`."""
        with self._lock:
            self._shown[session_id] = (game_id, revision)

    def forget(self, session_id: str) -> None:
        """The session shows no game any more."""
        with self._lock:
            self._shown.pop(session_id, None)

    def behind(self, game_id: str, revision: int) -> list[str]:
        """The sessions that show the game at an older revision than `revision`; they are
        forgotten until they show it again."""
        with self._lock:
            stale = [s for s, (g, r) in self._shown.items() if g == game_id and r < revision]
            for session_id in stale:
                del self._shown[session_id]
        return stale


_watchers = Watchers()
_heard: set[int] = set()
_hearing = threading.Lock()


def follow_pushed(feed: ChangeFeed, game_id: str, revision: int) -> None:
    """Redraw this page as soon as the feed tells of a revision after `revision`."""
    session_id = this_session()
    if session_id is None:
        return
    _listen_to(feed)
    _watchers.watch(session_id, game_id, revision)
    latest = feed.revision(game_id)
    if latest is not None and latest > revision:
        _heard_save(game_id, latest)


def saving(game_id: str, revision: int) -> None:
    """This page is about to save the game as `revision` and redraws anyway: it is not
    poked for that save (the feed may tell of it before the save returns). Should the
    save fail, the page redraws too, and watches again the revision it then shows."""
    session_id = this_session()
    if session_id is not None:
        _watchers.watch(session_id, game_id, revision)


def stop_following() -> None:
    """This page no longer shows a game."""
    session_id = this_session()
    if session_id is not None:
        _watchers.forget(session_id)


def _listen_to(feed: ChangeFeed) -> None:
    with _hearing:
        if id(feed) not in _heard:
            feed.subscribe(_heard_save)
            _heard.add(id(feed))


def _heard_save(game_id: str, revision: int) -> None:
    for session_id in _watchers.behind(game_id, revision):
        poke(session_id)


def poke(session_id: str) -> bool:
    """Ask the session to run its script again, with the address it shows; False when it
    is gone (or Streamlit's runtime is not there, as in tests)."""
    if rerun_session(session_id, RETRY_SECONDS):
        return True
    log.debug("cannot ask page %s to redraw; it checks for changes on its timer", session_id)
    return False
