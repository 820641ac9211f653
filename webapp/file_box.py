"""Streamlit's file box in the page language.

The drop zone's own words ("Upload", "20MB per file • JPG, PNG", "Drag and drop a file
here") and the size of a file chosen ("1.4KB") are written by Streamlit's front end, in
English, with no option to change them. So the page hides them and writes its own in their
place, with a style sheet scoped to one file box: the class of its widget key.
"""

from collections.abc import Sequence

import streamlit as st

from webapp.language import _, listed, number

# The elements whose words the page replaces: the button's, the limits', and those shown
# while a file is dragged over the box (in the element right after the hidden file input,
# which is the list of files once one is chosen). Each is 0.875rem text in Streamlit's
# theme, the size its words are written in again.
ZONE = '[data-testid="stFileUploaderDropzone"]'
BUTTON = f'{ZONE} button [data-testid="stMarkdownContainer"] p'
LIMITS = '[data-testid="stFileUploaderDropzoneInstructions"] span'
DRAGGED = f'{ZONE} > input + div:not(:has([data-testid="stFileChips"])) > span'
WORDS_SIZE = "0.875rem"
# A chosen file's size, which Streamlit writes as English writes numbers.
SIZE = '[data-testid="stFileChipName"] + div'


def _css_text(text: str) -> str:
    """`text` as a CSS string, every character but letters, digits and spaces escaped (its
    code in hex, ended by a space that CSS takes as part of the escape), so that no
    translation can end the string or the style sheet."""
    escaped = "".join(c if c.isalnum() or c == " " else f"\\{ord(c):x} " for c in text)
    return f'"{escaped}"'


def _replaced(scope: str, selector: str, words: str) -> str:
    """CSS that writes `words` in place of the words of the element `selector` of the file
    box `scope`: its own text shrunk to nothing, the element keeping its colour and weight."""
    element = f"{scope} {selector}"
    shown = f"content: {_css_text(words)}; font-size: {WORDS_SIZE}"
    return f"{element} {{font-size: 0}} {element}::after {{{shown}}}"


def file_box_words(key: str, kinds: Sequence[str], largest: int) -> None:
    """Give the file box of widget `key` its words in the page language: the kinds of file
    it takes (`kinds`, their suffixes) and the largest file (`largest`, in bytes)."""
    scope = f".st-key-{key}"
    names = dict.fromkeys("JPG" if kind == "jpeg" else kind.upper() for kind in kinds)
    limits = _("Up to {size} MB per file: {kinds}").format(
        size=number(largest / 2**20, 0), kinds=listed(list(names))
    )
    rules = [
        _replaced(scope, BUTTON, _("Upload")),
        _replaced(scope, LIMITS, limits),
        _replaced(scope, DRAGGED, _("Drop the file here")),
        f"{scope} {SIZE} {{display: none}}",
    ]
    st.html("<style>" + " ".join(rules) + "</style>")
