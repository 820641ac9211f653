"""Saying a roll or an entry aloud: the browser's own speech synthesis reads the dice and
the advice, or the box recorded and who plays next, so the table need not look at a screen.

`say(announcement)` mounts a small Streamlit custom component (components v2, its
frontend the files speech.html and speech.js beside this module; no iframe) that passes
the text to `window.speechSynthesis` in the page language. Each announcement has an id;
the browser speaks an id once and remembers the ids it said last for the tab
(`sessionStorage`), so a rerun, a redraw or the same scene seen again says nothing new.
"""

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

_FRONTEND = Path(__file__).parent
_mount = st.components.v2.component(
    "speech",
    html=(_FRONTEND / "speech.html").read_text(),
    js=(_FRONTEND / "speech.js").read_text(),
)


@dataclass(frozen=True)
class Announcement:
    """What to say once: `text` in language `lang` (a BCP 47 tag), under a unique `id`."""

    id: str
    text: str
    lang: str


def say(announcement: Announcement, key: str = "speech") -> None:
    """Have the browser say the announcement, unless it said this id already."""
    _mount(
        key=key,
        data={"id": announcement.id, "text": announcement.text, "lang": announcement.lang},
    )
