"""A table's house rules on its start page: the settings of the chosen game, changed where
the table plays otherwise, said back in plain words, and refused when they contradict."""

import streamlit as st

from scoring import (
    FIXED_BOXES,
    LONGEST_RULES_NAME,
    MOST_POINTS,
    STRAIGHTS,
    Difference,
    GameRules,
    HouseRules,
    RulesError,
    Section,
    differences,
    house_rules,
)
from webapp.language import _, error_text, ngettext, sheet_names
from webapp.state import house_key
from webapp.text import plain

# The columns a table may play (Triple Yahtzee's).
TRIPLE = (1, 2, 3)


def house_rules_form(preset: GameRules) -> GameRules | None:
    """The rules a new game of `preset` is played by: the preset's own, or the table's
    house rules; None (with the reason on the page) while the settings contradict."""
    names = sheet_names(preset)
    with st.expander(_("House rules"), icon=":material/tune:"):
        house = _settings(preset, names)
        try:
            rules = house_rules(preset, house)
        except RulesError as error:
            st.error(plain(error_text(error)), icon=":material/block:")
            return None
        _say(preset, rules, names)
    return rules


def house_rules_said(preset: GameRules, rules: GameRules) -> None:
    """What a table's own `rules`, played before, change on `preset`, in plain words."""
    with st.expander(_("House rules"), icon=":material/tune:"):
        _say(preset, rules, sheet_names(preset))


def _say(preset: GameRules, rules: GameRules, names: dict[str, str]) -> None:
    """What `rules` change on `preset`, one line each."""
    found = differences(preset, rules)
    if not found:
        st.caption(_("As the game's own rules."))
    for line in _described(found, preset, rules, names):
        st.markdown(f"- {plain(line)}")


def _settings(preset: GameRules, names: dict[str, str]) -> HouseRules:
    """The settings as the table sets them, each starting at the preset's."""
    key = preset.id
    name = st.text_input(
        _("Name of your rules"), max_chars=LONGEST_RULES_NAME, key=house_key(key, "name")
    )
    bonus, at_least = st.columns(2)
    points = bonus.number_input(
        _("Upper bonus"),
        0,
        MOST_POINTS,
        preset.upper_bonus.points,
        key=house_key(key, "bonus"),
    )
    threshold = at_least.number_input(
        _("for an upper sum of at least"),
        0,
        MOST_POINTS,
        preset.upper_bonus.at_least,
        key=house_key(key, "at_least"),
    )
    fixed = {}
    for box in preset.boxes:
        value = getattr(box.points, "value", None)
        if box.id in FIXED_BOXES and value is not None:
            fixed[box.id] = int(
                st.number_input(names[box.id], 0, MOST_POINTS, value, key=house_key(key, box.id))
            )
    straights = tuple(
        box_id
        for box_id in STRAIGHTS
        if box_id in preset.box_by_id
        and st.checkbox(names[box_id], value=True, key=house_key(key, f"has_{box_id}"))
    )
    small = preset.box_by_id.get("small_straight")
    four = small is not None and st.checkbox(
        _("Four in a row counts as a small straight"),
        value=getattr(small.pattern, "length", None) == 4,
        key=house_key(key, "four_in_a_row"),
    )
    joker = st.checkbox(
        _("Joker: an extra five of a kind counts as any box, with a bonus"),
        value=preset.joker is not None,
        key=house_key(key, "joker"),
        disabled=preset.dice != 5,
    )
    extra = (
        st.number_input(
            _("Bonus for each extra five of a kind"),
            0,
            MOST_POINTS,
            preset.joker.bonus if preset.joker is not None else 100,
            key=house_key(key, "extra"),
        )
        if joker
        else None
    )
    doubling = st.checkbox(
        _("A hand from the first roll counts double"),
        value=preset.roll_matters,
        key=house_key(key, "doubling"),
    )
    saved = st.checkbox(
        _("Unused rolls are saved for the player's later turns"),
        value=preset.saved_rolls,
        key=house_key(key, "saved_rolls"),
    )
    forced = st.checkbox(
        _("Forced order: fill the boxes top to bottom"),
        value=preset.forced_order,
        key=house_key(key, "forced"),
    )
    order = _box_order(preset, names, straights)
    triple = st.checkbox(
        _("Three columns each, counted ×1, ×2 and ×3"),
        value=len(preset.columns) > 1,
        key=house_key(key, "columns"),
        help=_(
            "Each player fills every box three times, once in each column; a column's "
            "bonuses stay within it, and its total counts once, twice or three times."
        ),
    )
    return HouseRules(
        name=name.strip(),
        upper_bonus_points=int(points),
        upper_bonus_at_least=int(threshold),
        fixed_points=fixed,
        straights=straights,
        four_in_a_row_small=four if small is not None and "small_straight" in straights else None,
        joker=joker,
        extra_bonus=int(extra) if extra is not None else None,
        first_roll_doubling=doubling if doubling != preset.roll_matters else None,
        forced_order=forced,
        order=None if order == _kept(preset, straights) else order,
        columns=TRIPLE if triple else (1,),
        saved_rolls=saved,
    )


def _box_order(
    preset: GameRules, names: dict[str, str], straights: tuple[str, ...]
) -> tuple[str, ...]:
    """The sheet's order as the table sets it, section by section, over the boxes it keeps:
    a box taken out and put back goes last."""
    order: list[str] = []
    for section, label in (
        (Section.UPPER, _("Order of the upper boxes")),
        (Section.LOWER, _("Order of the lower boxes")),
    ):
        ids = [b for b in _kept(preset, straights) if preset.box(b).section is section]
        order += st.multiselect(
            label,
            ids,
            default=ids,
            format_func=names.__getitem__,
            help=_("Take a box out and put it back to move it to the end."),
            # A new list (and a fresh order) whenever the boxes kept change.
            key=house_key(preset.id, f"order_{section}_{len(ids)}"),
        )
    return tuple(order)


def _kept(preset: GameRules, straights: tuple[str, ...]) -> tuple[str, ...]:
    """The preset's boxes a table keeps, in the preset's order."""
    return tuple(b.id for b in preset.boxes if b.id not in STRAIGHTS or b.id in straights)


def _described(
    found: list[Difference], preset: GameRules, rules: GameRules, names: dict[str, str]
) -> list[str]:
    """What differs from the preset, one plain line each."""
    lines = []
    doubling_said = False
    for difference in found:
        setting = difference.setting
        if setting == "upper_bonus":
            bonus = rules.upper_bonus
            lines.append(
                _("Upper bonus {points} for an upper sum of at least {at_least}.").format(
                    points=bonus.points, at_least=bonus.at_least
                )
            )
        elif setting == "joker":
            if rules.joker is None:
                lines.append(_("No joker and no bonus for an extra five of a kind."))
            else:
                lines.append(
                    _("Joker, and +{bonus} for each extra five of a kind.").format(
                        bonus=rules.joker.bonus
                    )
                )
        elif setting == "forced_order":
            lines.append(
                _("Forced order: the boxes are filled top to bottom.")
                if rules.forced_order
                else _("The boxes are filled in any order.")
            )
        elif setting == "order":
            lines.append(
                _("The boxes in this order: {boxes}.").format(
                    boxes=", ".join(names[box_id] for box_id in difference.house)
                )
            )
        elif setting == "saved_rolls":
            lines.append(
                _("The rolls a turn leaves unused are saved for the player's later turns.")
                if rules.saved_rolls
                else ngettext(
                    "Unused rolls are not saved: every turn has {rolls} roll.",
                    "Unused rolls are not saved: every turn has {rolls} rolls.",
                    rules.rolls,
                ).format(rolls=rules.rolls)
            )
        elif setting == "columns":
            lines.append(
                _("Columns counted {times}: each player fills every box once in each.").format(
                    times=" ".join(f"×{t}" for t in rules.columns)
                )
            )
        elif setting == "box":
            lines.append(_("No {box}.").format(box=names[difference.preset]))
        elif setting.endswith(".doubled_on_first_roll"):
            if not doubling_said:
                doubling_said = True
                lines.append(
                    _("A hand from the first roll counts double.")
                    if rules.roll_matters
                    else _("No doubling on the first roll.")
                )
        elif setting == "small_straight.pattern":
            lines.append(
                _("Four in a row counts as a small straight.")
                if difference.house == "four_in_a_row"
                else _("A small straight is 1-2-3-4-5.")
            )
        elif setting.endswith(".points"):
            box_id = setting.removesuffix(".points")
            points = rules.box(box_id).points
            lines.append(
                _("{box}: {points} points.").format(
                    box=names[box_id], points=getattr(points, "value", "")
                )
            )
    return lines
