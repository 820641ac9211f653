"""Every key of a browser's state is defined once, in webapp/state.py: no module of the page
names one as text (a widget's `key=`, or `st.session_state[...]`, `.get`, `.pop`,
`.setdefault`), so two views can never share a key by accident, nor a key drift from the
one its tests and the load benchmark use. Layout containers' keys name CSS hooks, not
state, and are left out."""

import ast
from pathlib import Path

import pytest

from webapp import state

PAGE = Path(state.__file__).parent


def _keys_named_as_text(source: str) -> list[tuple[int, str]]:
    """Where a module names a state key other than through webapp.state."""
    found = []
    for node in ast.walk(ast.parse(source)):
        keys: list[ast.expr] = []
        if isinstance(node, ast.Call):
            if not ast.unparse(node.func).endswith("container"):
                keys += [kw.value for kw in node.keywords if kw.arg == "key"]
            if isinstance(node.func, ast.Attribute) and _is_state(node.func.value) and node.args:
                keys.append(node.args[0])
        if isinstance(node, ast.Subscript) and _is_state(node.value):
            keys.append(node.slice)
        if isinstance(node, ast.Compare) and any(_is_state(c) for c in node.comparators):
            keys.append(node.left)
        found += [(key.lineno, ast.unparse(key)) for key in keys if not _from_state(key)]
    return found


def _is_state(node: ast.expr) -> bool:
    return ast.unparse(node).endswith("session_state")


def _from_state(key: ast.expr) -> bool:
    """Whether a key is not text written out: a name (of webapp.state, or passed on from
    it), or made by one of webapp.state's functions."""
    return not isinstance(key, ast.JoinedStr) and not (
        isinstance(key, ast.Constant) and isinstance(key.value, str)
    )


def _modules() -> list[Path]:
    return sorted(p for p in PAGE.rglob("*.py") if p.name != "state.py")


@pytest.mark.parametrize("module", _modules(), ids=lambda p: str(p.relative_to(PAGE)))
def test_every_session_key_is_defined_in_state(module: Path) -> None:
    assert _keys_named_as_text(module.read_text()) == []


def test_a_key_named_as_text_is_found() -> None:
    source = (
        "import streamlit as st\n"
        "st.button('Go', key='go')\n"
        "st.session_state['seen'] = 1\n"
        "st.session_state.get(f'row_{3}')\n"
        "st.container(key='layout')\n"
        "st.button('Undo', key=UNDO_KEY)\n"
    )
    assert [text for _, text in _keys_named_as_text(source)] == ["'go'", "'seen'", "f'row_{3}'"]
