"""Visitor text made safe for Streamlit's Markdown."""

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from webapp.text import WORD_JOINER, plain


def test_markup_is_escaped():
    assert plain("![x](e.x/a.png)") == r"\!\[x\]\(e\.x\/a\.png\)"
    assert plain("$x$ :red[Bo]") == r"\$x\$ \:red\[Bo\]"


def test_a_word_joiner_keeps_addresses_from_becoming_links():
    assert plain("http://e.x") == "http" + WORD_JOINER + r"\:\/\/e\.x"
    assert plain("WWW.e.x") == "WWW" + WORD_JOINER + r"\.e\.x"
    assert plain("a@b.co") == "a" + WORD_JOINER + r"\@b\.co"


def test_hidden_characters_go_and_lines_join():
    assert plain("Cat\u202e 19\n\nDog\u200b") == "Cat 19 Dog"


def test_long_text_is_cut_with_an_ellipsis():
    assert plain("abcdefghij", limit=5) == "abcd…"


def test_ordinary_names_are_unchanged():
    for name in ("Ann", "Ἀλέξανδρος", "Мария", "Núria", "李"):
        assert plain(name) == name


@given(st.text())
def test_every_punctuation_mark_is_escaped_and_no_hidden_character_is_left(text):
    shown = plain(text)
    assert re.fullmatch(r"(?:\\[!-/:-@\[-`{-~]|[^!-/:-@\[-`{-~])*", shown)
    unescaped = re.sub(r"\\(.)", r"\1", shown).replace(WORD_JOINER, "")
    assert len(unescaped) <= len(text)
    assert not any(unicodedata.category(c) in {"Cc", "Cf", "Zl", "Zp"} for c in unescaped)
