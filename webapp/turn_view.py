"""The turn panel: the roll number, the dice (camera, upload, sample or clicks) and the boxes."""

import streamlit as st

import samples
from advisor import BoxChoice
from scoring import GameRules
from scoring.hand import FACES, LAST_ROLL, ROLLS
from scoring.sheet import SCRATCH, is_scratch
from scoring.suggestions import suggest
from vision import Die
from webapp import state
from webapp.advice_view import (
    ADVISOR_KEY,
    WORKING,
    advisor_on,
    advisor_ready,
    box_choices,
    keep_choices,
    kept_positions,
    show_keep_advice,
)
from webapp.photos import PHOTO_TYPES, read_photo
from webapp.reasons import describe
from webapp.tables import Table, change
from webapp.text import plain


def _read(name: str, data: bytes) -> None:
    try:
        state.keep_photo(read_photo(name, data))
    except ValueError as error:
        state.flash("error", plain(f"{name}: {error}"))


def _read_widget(key: str) -> None:
    uploaded = st.session_state.get(key)
    if uploaded is not None:
        _read(uploaded.name, uploaded.getvalue())


def _read_sample() -> None:
    path = st.session_state["sample"]
    _read(path.name, path.read_bytes())


def photo_sources() -> None:
    """Three ways to a photo; each new photo is read at once and fills the five dice."""
    camera, upload, sample = st.tabs(
        ["📷 Camera", "📁 Upload a photo", "🖼️ Sample photos"], key="photo_tab", on_change="rerun"
    )
    with camera:
        key = state.photo_widget_key("camera")
        st.camera_input("Snap the dice", key=key, on_change=_read_widget, args=(key,))
    with upload:
        key = state.photo_widget_key("upload")
        st.file_uploader(
            "A photo of the dice (JPEG, PNG or WebP)",
            type=list(PHOTO_TYPES),
            key=key,
            on_change=_read_widget,
            args=(key,),
        )
    with sample:
        photos = samples.photos()
        if photos:
            st.selectbox("Sample", photos, format_func=lambda p: p.stem, key="sample")
            st.button("Read this sample", key="read_sample", on_click=_read_sample)
        else:
            st.caption("No sample photos are installed.")


def _dice_seen(count: int) -> str:
    if count == 0:
        return "I see no dice"
    return "I see one die" if count == 1 else f"I see {count} dice"


def _set_aside(dice: list[Die]) -> str:
    return ", ".join(f"a {d.value} ({d.confidence:.0%} sure)" for d in dice)


def photo_result() -> None:
    """The annotated photo and what needs checking: the count, what was set aside, and
    uncertain dice among the rows."""
    photo = state.photo()
    if photo is None:
        return
    count = len(photo.reading.dice)
    seen = _dice_seen(count).removeprefix("I see ")
    st.image(photo.preview, caption=f"{plain(photo.name, 40)}: {seen}")
    if photo.set_aside:
        st.warning(
            f"{_dice_seen(count)}, not five. I kept the five that look most like dice of "
            f"this photo and set aside {_set_aside(photo.set_aside)} (grey on the photo). "
            "Check the dice below and click the right values."
        )
    elif count != len(state.DIE_KEYS):
        st.warning(f"{_dice_seen(count)}, not five: click the values of the missing dice below.")
    rows = [str(i + 1) for i in photo.uncertain]
    if len(rows) == 1:
        st.warning(f"Die {rows[0]} was read with low confidence (marked ⚠ below): check it.")
    elif rows:
        listed = ", ".join(rows[:-1]) + " and " + rows[-1]
        st.warning(f"Dice {listed} were read with low confidence (marked ⚠ below): check them.")


def _die_label(position: int, value: int | None, keep: bool) -> str:
    read = state.read_die(position)
    label = f"Die {position + 1}"
    if keep:
        label += " · 📌 keep"
    if read is not None and read.value == value and read.unsure:
        label += f" ⚠ check ({read.confidence:.0%} sure)"
    elif value is None:
        label += " — click its value"
    return label


def roll_input(rules: GameRules) -> int | None:
    """The roll that gave this hand (1, 2 or 3); `None` until chosen where it changes points."""
    counts = rules.roll_matters
    if not counts and st.session_state.get(state.ROLL_KEY) is None:
        state.set_roll(ROLLS[0])
    st.segmented_control(
        "Roll" + (" — it changes the points in this game: click it" if counts else ""),
        ROLLS,
        key=state.ROLL_KEY,
        required=True,
        help="The roll that gave this hand",
    )
    return st.session_state.get(state.ROLL_KEY)


def dice_inputs(keep: set[int]) -> None:
    """Five dice, each fixed with one click; the advisor's keeps are marked."""
    for position, key in enumerate(state.DIE_KEYS):
        label = _die_label(position, st.session_state.get(key), position in keep)
        st.segmented_control(label, FACES, key=key, required=True)
    st.button("Clear the dice", key="clear_dice", on_click=state.clear_turn)


def _record(table: Table, box: str, label: str, dice: list[int], roll: int) -> None:
    turn = change(table, lambda game: game.record(box, dice, roll))
    if turn is None:
        return
    bonus = f" and +{turn.extra_bonus} bonus" if turn.extra_bonus else ""
    state.flash("success", f"{plain(turn.player)}: {turn.points} in {label}{bonus}.")
    state.clear_turn()


def suggestions(
    table: Table, language: str, dice: list[int], roll: int, advised: dict[str, BoxChoice]
) -> None:
    """Every legal box with its points, best first, and the reason when it is not obvious.

    With the advisor on, each box also shows the expected final score if taken,
    and the advisor's choice is starred.
    """
    game = table.game
    column = game.column(table.player)
    shown = "-".join(map(str, sorted(dice)))
    st.markdown(f"**{plain(table.player)}**, where does {shown} go?")
    options = suggest(game.rules, dice, roll, column)
    choice = min(advised.values(), key=lambda c: c.loss).box if advised else options[0].box
    for option in options:
        label = game.rules.box(option.box).name(language)
        name, points, why, action = st.columns([3, 1, 5, 2], vertical_alignment="center")
        name.markdown(f"**{label}**" + (" ⭐" if advised and option.box == choice else ""))
        worth = SCRATCH if is_scratch(game.rules, option.box, option.points) else option.points
        points.markdown(f"**{worth}**")
        reasons = [describe(reason) for reason in option.reasons]
        if option.box in advised:
            outlook = f"expected final {advised[option.box].expected:.1f}"
            reasons.insert(0, "advisor's choice, " + outlook if option.box == choice else outlook)
        why.caption("; ".join(reasons))
        action.button(
            "Record",
            key=f"record_{option.box}",
            type="primary" if option.box == choice else "secondary",
            on_click=_record,
            args=(table, option.box, label, dice, roll),
        )


def turn_panel(table: Table, language: str) -> None:
    """Everything the current player needs for one turn."""
    if state.DIE_KEYS[0] not in st.session_state:
        state.clear_turn()
    st.subheader(f"Round {table.game.round} · {plain(table.game.current_player)} to play")
    totals = table.game.totals()
    st.caption(
        "Totals: " + " · ".join(f"{plain(player)} {t.total}" for player, t in totals.items())
    )
    photo_sources()
    photo_result()
    roll = roll_input(table.game.rules)
    hand = state.hand()
    if roll is None:
        dice_inputs(set())
        st.info("Which roll gave this hand? Click 1, 2 or 3 above: in this game it changes points.")
        return
    helped = advisor_on() and advisor_ready(table.game.rules)
    if st.session_state.get(ADVISOR_KEY) and not helped:
        st.caption(WORKING)
    keep: set[int] = set()
    if helped and hand is not None and roll < LAST_ROLL:
        choices = keep_choices(table, hand, roll)
        show_keep_advice(choices)
        if not choices[0].score_now:
            keep = kept_positions(hand, choices[0].keep)
    dice_inputs(keep)
    if hand is None:
        st.info("Give every die a value (photo or clicks) to see what the roll is worth.")
        return
    advised = box_choices(table, hand, roll) if helped else {}
    suggestions(table, language, hand, roll, advised)
