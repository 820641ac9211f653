"""The Streamlit page: joins `vision`, `scoring`, `advisor` and `store`; holds no rules of
its own.

`run()` draws the page (`app.py` calls it); the keys of a browser's state are in
`webapp.state`; `read_photo` reads an uploaded photo within the server's read slots; the
page's languages and their catalogues are in `webapp.language`.
`run` and `read_photo` are imported when first asked for, so that importing a key does
not load Streamlit's page or OpenCV.
"""

from importlib import import_module
from typing import TYPE_CHECKING

from webapp.language import (
    BOX_CONTEXT,
    GAME_CONTEXT,
    LANGUAGES,
    LOCALES,
    ROW_CONTEXT,
    SOURCE,
    catalogue_path,
    read_catalogue,
)
from webapp.state import (
    ADVISOR_KEY,
    DIE_KEYS,
    HOLD_KEYS,
    LIVE_CAMERA_KEY,
    ROLL_AGAIN_KEY,
    ROLL_KEY,
)

if TYPE_CHECKING:
    from webapp.main import run
    from webapp.photos import BusyError, read_photo

_LAZY = {"run": "webapp.main", "BusyError": "webapp.photos", "read_photo": "webapp.photos"}

__all__ = [
    "ADVISOR_KEY",
    "BOX_CONTEXT",
    "DIE_KEYS",
    "GAME_CONTEXT",
    "HOLD_KEYS",
    "LANGUAGES",
    "LIVE_CAMERA_KEY",
    "LOCALES",
    "ROLL_AGAIN_KEY",
    "ROLL_KEY",
    "ROW_CONTEXT",
    "SOURCE",
    "BusyError",
    "catalogue_path",
    "read_catalogue",
    "read_photo",
    "run",
]


def __getattr__(name: str) -> object:
    """The names in `_LAZY`, from their modules, on first use."""
    if name not in _LAZY:
        raise AttributeError(f"module 'webapp' has no attribute {name!r}")
    return getattr(import_module(_LAZY[name]), name)
