"""The advisor on the page: which dice to keep after rolls 1 and 2, and each box's outlook."""

from collections.abc import Sequence

import streamlit as st

from advisor import BoxChoice, KeepChoice, advise_box, advise_keep
from scoring import GameRules
from webapp import ahead, state
from webapp.language import _, number
from webapp.live_turn import rows_of
from webapp.tables import Table
from webapp.wording import keep_action, keep_words

ADVISOR_KEY = "advisor"
SHOWN_ALTERNATIVES = 4


def working() -> str:
    """What the page says while the advisor solves the game."""
    return ":material/hourglass_top: " + _(
        "The advisor is still working out this game's best play (the first time on this "
        "machine takes up to a minute); its advice appears here by itself."
    )


def advisor_ready(rules: GameRules) -> bool:
    """Whether the game's strategy is solved and loaded; if not, it is solved next in the
    background (`webapp.ahead`): the page never waits for it, and redraws itself once it
    is ready (`webapp.sync`)."""
    ahead.start()
    return ahead.ready(rules.id)


def advisor_toggle() -> None:
    """The table's choice: play with the advisor's help or without."""
    st.toggle(
        _("Advisor"),
        value=True,
        key=ADVISOR_KEY,
        help=_(
            "Shows the dice a strong solitaire player would keep and the box that "
            "maximises the expected final score. Some tables play without help."
        ),
    )


def advisor_on() -> bool:
    """Whether the table plays with the advisor (on until switched off)."""
    return bool(st.session_state.get(ADVISOR_KEY, True))


def _column(table: Table) -> dict[str, int]:
    return table.game.column(table.player)


def keep_choices(table: Table, dice: Sequence[int], roll: int) -> list[KeepChoice]:
    """Every keep after roll 1 or 2 (and scoring now), best first."""
    return advise_keep(table.game.rules, dice, roll, _column(table))


def box_choices(table: Table, dice: Sequence[int], roll: int) -> dict[str, BoxChoice]:
    """Each legal box's expected final score, by box id."""
    return {c.box: c for c in advise_box(table.game.rules, dice, roll, _column(table))}


def _keep_as_advised(dice: Sequence[int], keep: Sequence[int]) -> None:
    for row, key in enumerate(state.HOLD_KEYS):
        st.session_state[key] = row in rows_of(dice, keep)


def show_keep_advice(choices: list[KeepChoice], dice: Sequence[int]) -> None:
    """The best keep, how much the next choices would cost, and (when the advice is to
    roll again) one tap to tick the dice it keeps."""
    best = choices[0]
    action = keep_action(best.keep, best.score_now)
    alternatives = choices[1 : SHOWN_ALTERNATIVES + 1]
    others = " · ".join(
        f"{keep_words(c.keep, c.score_now)} -{number(c.loss)}" for c in alternatives
    )
    advisor = _("Advisor:")
    expected = _("expected final score {points}").format(points=number(best.expected))
    st.markdown(
        f":blue-background[:material/explore: **{advisor}** {action}] :small[({expected})]",
        help=_("Other choices lose: {choices}").format(choices=others) if others else None,
    )
    if not best.score_now:
        st.button(
            _("Keep as advised"),
            key="keep_as_advised",
            icon=":material/push_pin:",
            on_click=_keep_as_advised,
            args=(list(dice), best.keep),
            help=_("Ticks the dice the advisor keeps, to hold them for the next roll."),
        )
