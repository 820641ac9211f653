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
from collections.abc import Callable
from typing import Any

from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.uploaded_file_manager import UploadedFile, UploadedFileRec

# The newest files of a session that are kept: the photo being read and one sent just after.
KEPT_PER_SESSION = 2


def forget(uploaded: UploadedFile) -> None:
    """Drop a file this browser uploaded from the server's memory, once it has been read."""
    ctx = get_script_run_ctx()
    if ctx is not None:
        _remove(ctx.uploaded_file_mgr)(ctx.session_id, uploaded.file_id)


def _remove(manager: Any) -> Callable[[str, str], None]:
    """The manager's own removal of one file (Streamlit's upload endpoint uses it for a
    browser's delete)."""
    remove: Callable[[str, str], None] = manager.remove_file
    return remove


def keep_newest(manager: Any) -> None:
    """Wrap an uploaded-file manager's add and session removal so each session keeps its
    `KEPT_PER_SESSION` newest files."""
    add, remove, end_session = manager.add_file, _remove(manager), manager.remove_session_files
    arrived: defaultdict[str, deque[str]] = defaultdict(deque)
    order = threading.Lock()

    def add_file(session_id: str, file: UploadedFileRec) -> None:
        add(session_id, file)
        with order:
            files = arrived[session_id]
            if file.file_id in files:
                files.remove(file.file_id)
            files.append(file.file_id)
            dropped = [files.popleft() for _ in range(len(files) - KEPT_PER_SESSION)]
        for file_id in dropped:
            remove(session_id, file_id)

    def remove_session_files(session_id: str) -> None:
        with order:
            arrived.pop(session_id, None)
        end_session(session_id)

    manager.add_file = add_file
    manager.remove_session_files = remove_session_files
