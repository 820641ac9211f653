"""Saying a roll aloud: the browser's own speech synthesis reads the dice and the advice,
so the table need not look at a screen.

`say(announcement)` mounts a small Streamlit custom component (components v2, inline
JavaScript, no iframe) that passes the text to `window.speechSynthesis` in the page
language. Each announcement has an id; the browser speaks an id once and remembers it
for the tab (`sessionStorage`), so a rerun, a redraw or the same scene seen again says
nothing new.
"""

from dataclasses import dataclass
from typing import Final

import streamlit as st

_HTML: Final = '<div class="speech" data-spoken=""></div>'

_JS: Final = r"""
const KEY = "dice-table-spoken";

export default function (component) {
  const { parentElement, data } = component;
  const root = parentElement.querySelector(".speech");
  if (!data || !data.id || !("speechSynthesis" in window)) return;
  let spoken = "";
  try {
    spoken = window.sessionStorage.getItem(KEY) || "";
  } catch (error) {
    spoken = root.dataset.spoken;
  }
  if (spoken === data.id) return;
  try {
    window.sessionStorage.setItem(KEY, data.id);
  } catch (error) {
    // Storage refused: the element remembers instead, for as long as it is mounted.
  }
  root.dataset.spoken = data.id;
  const utterance = new SpeechSynthesisUtterance(data.text);
  utterance.lang = data.lang;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}
"""

_mount = st.components.v2.component("speech", html=_HTML, js=_JS)


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
