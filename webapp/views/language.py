"""Choosing the page's language: from the address, the game or the browser, and from a
menu on every page; the choice is kept in the address (`?lang=ca`)."""

import streamlit as st

from scoring import GameRules
from webapp.language import LANGUAGES, _, chosen, current, game_title, use
from webapp.navigation import move_to
from webapp.state import LANGUAGE_KEY, OWN_NAMES_KEY, PICKER_KEY, QUERY_KEY


def settle_language(saved: str | None) -> None:
    """This run's language: the address's, else the game's (`saved`), else this browser's
    earlier choice, else the browser's own; then written into the address."""
    asked = st.query_params.get(QUERY_KEY)
    code = chosen(asked, saved, st.session_state.get(LANGUAGE_KEY), st.context.locale)
    use(code)
    if asked != code:
        move_to({**st.query_params.to_dict(), QUERY_KEY: code})


def _picked() -> None:
    code = st.session_state[PICKER_KEY]
    use(code)
    move_to({**st.query_params.to_dict(), QUERY_KEY: code})


def language_picker() -> None:
    """A list of the page's languages, each in its own name."""
    st.session_state[PICKER_KEY] = current()
    st.selectbox(
        _("Language"),
        list(LANGUAGES),
        format_func=LANGUAGES.__getitem__,
        key=PICKER_KEY,
        on_change=_picked,
    )


def language_menu(rules: GameRules) -> bool:
    """A game's language menu: the page's language and, where the game's own sheet names
    its boxes in another language, a switch to those names. Whether it is on."""
    with st.popover(LANGUAGES[current()], icon=":material/translate:"):
        language_picker()
        if rules.language == current():
            return False
        return st.toggle(
            _("Box names as on the game's own sheet"),
            key=OWN_NAMES_KEY,
            help=_("The names {game} players write on their sheet.").format(game=game_title(rules)),
        )
