"""Uploaded files leave the server's memory: a photo once it is read, and any file a browser
sends beyond its last few, read or not.

Streamlit keeps every file a browser uploads until that browser's session ends, and its
upload endpoint takes any number of files for a session, used by a widget or not. The page
reads each photo in its widget's callback and then forgets it (`forget`); `keep_newest`
makes the server keep at most `KEPT_PER_SESSION` files of one session, dropping the oldest,
so one visitor cannot fill the server's memory with files it never uses.
"""

import threading
from collections import defaultdict, deque

from webapp.server.streamlit_private import UploadedFile, forget_upload, wrap_uploads

# The newest files of a session that are kept: the photo being read and one sent just after.
KEPT_PER_SESSION = 2


def forget(uploaded: UploadedFile) -> None:
    """Drop a file this browser uploaded from the server's memory, once it has been read."""
    forget_upload(uploaded.file_id)


def keep_newest() -> None:
    """Have the running server keep each session's `KEPT_PER_SESSION` newest files."""
    arrived: defaultdict[str, deque[str]] = defaultdict(deque)
    order = threading.Lock()

    def added(session_id: str, file_id: str) -> list[str]:
        with order:
            files = arrived[session_id]
            if file_id in files:
                files.remove(file_id)
            files.append(file_id)
            return [files.popleft() for _ in range(len(files) - KEPT_PER_SESSION)]

    def ended(session_id: str) -> None:
        with order:
            arrived.pop(session_id, None)

    wrap_uploads(added, ended)
