"""The turn at a glance: who plays, the roll, the dice, and the boxes to record in.

Laid out so that once the dice are set the player, the dice and every box with its
Record button fit one 1366x768 screen; on a phone the same pieces stack, one or two
lines per box. Meaning is carried by words, with Material icons beside them.
"""

import streamlit as st

from advisor import EndgameAdvice, Line, advised_first
from scoring import (
    FACES,
    SCRATCH,
    InvalidRollsError,
    Suggestion,
    dice_text,
    earlier_rolls,
    is_scratch,
    suggest_columns,
)
from webapp import state, turn_state
from webapp.advice import Turn
from webapp.changes import change
from webapp.flash import flash
from webapp.language import _, ngettext, number, percent
from webapp.saved_games import OpenGame
from webapp.state import CLEAR_DICE_KEY, HELD_WRONG_KEY, ROLL_AGAIN_KEY, record_key
from webapp.text import plain
from webapp.wording import describe, keep_words, place_name, player_labels

BOX_COLUMNS = 3
CHOICE_ICON = ":material/star:"
KEEP_ICON = ":material/push_pin:"
HELD_ICON = ":material/front_hand:"
CHECK_ICON = ":material/warning:"


def turn_header(saved: OpenGame) -> None:
    """Whose turn it is, the round, and every player's total, on one line."""
    totals = saved.game.totals()
    labels = player_labels(saved.game.players)
    others = " · ".join(f"{labels[player]} {t.total}" for player, t in totals.items())
    line = _("Round {round} · {player} to play").format(
        round=saved.game.round, player=labels[saved.player]
    )
    st.container(key="turn_line").markdown(f"**{line}** :small[· {others}]")


def _share(saved: OpenGame) -> None:
    """A die, a tick or the roll changed on this device: the turn is saved for the table
    as the page runs (once for all the changes a click brought). A change sent before
    the browser drew the table's turn (with a timer's check, or a click that stopped the
    run drawing it) is no player's: its values are older than the page's, and the turn
    shown before is put back."""
    if turn_state.stale_values():
        turn_state.undo_stale()
        return
    turn_state.mark_changed()


def _turns_shown() -> None:
    """The hidden count of the times this page put the table's turn on its dice, drawn
    right after the dice: the browser sends it back with every change, so that a change
    sent before it drew the turn is known (`turn_state.stale_values`)."""
    st.session_state[state.TURN_SEEN_KEY] = turn_state.turns_shown()
    with st.container(key=state.TURN_SEEN_BOX):
        st.text_input("#", key=state.TURN_SEEN_KEY, label_visibility="collapsed")


def roll_input(saved: OpenGame) -> int:
    """The roll the dice are from: a turn starts at roll 1 and Roll again (or the live
    camera) moves it on; it can still be set by hand, up to the last roll the player may
    make (their saved rolls included, where the rules save them)."""
    player = saved.player
    last = saved.game.last_roll(player)
    with st.container(horizontal=True, wrap=True, vertical_alignment="center", key="roll_row"):
        st.markdown("**" + _("Roll") + "**")
        st.segmented_control(
            _("Roll"),
            range(1, max(last, turn_state.roll()) + 1),
            key=state.ROLL_KEY,
            required=True,
            label_visibility="collapsed",
            on_change=_share,
            args=(saved,),
        )
    if saved.game.rules.saved_rolls:
        st.caption(
            ngettext(
                "{player} has {count} roll saved from earlier turns.",
                "{player} has {count} rolls saved from earlier turns.",
                saved.game.saved_rolls(player),
            ).format(player=plain(player), count=saved.game.saved_rolls(player))
        )
    return turn_state.roll()


def _die_label(position: int, value: int | None, keep: bool, held: bool) -> str:
    label = "**" + _("Die {number}").format(number=position + 1) + "**"
    if keep:
        kept = _("keep")
        label += f" :blue[{KEEP_ICON} {kept}]"
    elif held:
        held_word = _("held")
        label += f" :violet[{HELD_ICON} {held_word}]"
    if value is None:
        hint = _("click a value")
        label += f" :small[{hint}]"
    elif any(change.row == position for change in turn_state.changed_held()):
        label += f" :orange[{CHECK_ICON} " + _("check") + "]"
    elif position in turn_state.unsure_rows():
        read = turn_state.read_die(position)
        sure = f" :small[{percent(read.confidence)}]" if read is not None else ""
        label += f" :orange[{CHECK_ICON} " + _("check") + "]" + sure
    return label


def dice_inputs(saved: OpenGame, keep: frozenset[int], can_hold: bool) -> None:
    """The dice, one line each, fixed with one click; the advisor's keeps are marked.
    Before the last roll, ticking a die's name holds it for the next roll; on the last,
    the dice held into it say so. Every change is saved for the table at once."""
    held = turn_state.held_over()
    for position, key in enumerate(turn_state.die_keys()):
        label = _die_label(
            position, st.session_state.get(key), position in keep, position in held and not can_hold
        )
        row = st.container(
            horizontal=True, wrap=False, vertical_alignment="center", key=f"die_row_{position}"
        )
        with row:
            if can_hold:
                st.checkbox(label, key=state.HOLD_KEYS[position], on_change=_share, args=(saved,))
            else:
                st.markdown(label)
            st.segmented_control(
                _("Die {number}").format(number=position + 1),
                FACES,
                key=key,
                required=True,
                label_visibility="collapsed",
                on_change=_share,
                args=(saved,),
            )


def _changed_held(saved: OpenGame) -> None:
    """Held dice that the last photo reads differently: said in words, with the way to
    take what the photo reads instead."""
    changed = turn_state.changed_held()
    if not changed:
        return
    for held in changed:
        st.warning(
            _("Die {row} was held at {held} and now reads {reads}: check it.").format(
                row=held.row + 1, held=held.held, reads=held.reads
            ),
            icon=CHECK_ICON,
        )
    st.button(
        _("The held dice were wrong: take what the photo reads"),
        key=HELD_WRONG_KEY,
        on_click=_held_were_wrong,
        args=(saved,),
        help=_(
            "The dice take the values read, and the turn's earlier rolls are left out of "
            "the record (they no longer fit)."
        ),
    )


def _held_were_wrong(saved: OpenGame) -> None:
    turn_state.take_held_as_read()
    turn_state.mark_changed()


def _roll_again(saved: OpenGame) -> None:
    turn_state.roll_again()
    turn_state.mark_changed()


def _clear(saved: OpenGame) -> None:
    turn_state.clear_turn()
    turn_state.mark_changed()


def dice_panel(saved: OpenGame, turn: Turn, keep: frozenset[int]) -> None:
    """The roll, the dice (those in `keep` marked as the advisor keeps them), and
    rolling again with the held dice."""
    turn_state.play(saved.game.rules)
    roll = roll_input(saved)
    last = saved.game.last_roll(saved.player)
    dice_inputs(saved, keep, can_hold=roll < last)
    _turns_shown()
    _changed_held(saved)
    with st.container(horizontal=True, key="dice_actions"):
        st.button(
            _("Clear the dice"),
            key=CLEAR_DICE_KEY,
            on_click=_clear,
            args=(saved,),
            icon=":material/clear:",
        )
        if roll < last and turn.hand is not None:
            st.button(
                _("Roll again"),
                key=ROLL_AGAIN_KEY,
                on_click=_roll_again,
                args=(saved,),
                icon=":material/replay:",
                help=_(
                    "Tick the names of the dice you keep. This notes the roll and what you "
                    "kept (for the review), then clears the other dice."
                ),
            )


def _earlier(saved: OpenGame, dice: list[int], roll: int) -> list[dict[str, list[int]]] | None:
    """The turn's earlier rolls as the page noted them, when they lead to this hand; None
    on a first roll, or when the roll was set by hand or a held die was changed since."""
    rolls = turn_state.earlier_rolls()
    try:
        earlier_rolls(rolls, saved.game.rules.hand(dice), roll)
    except InvalidRollsError:
        return None
    return rolls or None


def _record(saved: OpenGame, box: str, column: int, label: str) -> None:
    # The dice and roll as the player sees them at the click, not as they were when the
    # button was drawn: clicks that follow each other quickly can outrun the page.
    dice, roll = turn_state.hand(), turn_state.roll()
    if dice is None:
        flash("warning", _("Set all the dice before recording."))
        return
    rolls = _earlier(saved, dice, roll)
    before = turn_state.turn()
    result = change(saved, lambda game: game.record(box, dice, roll, rolls, column))
    if result is None:
        return
    turn_state.keep_recorded(saved.id, len(saved.game.turns), before)
    if result.extra_bonus:
        message = _("{player}: {points} in {box} and +{bonus} bonus.")
    else:
        message = _("{player}: {points} in {box}.")
    flash(
        "success",
        message.format(
            player=plain(result.player), points=result.points, box=label, bonus=result.extra_bonus
        ),
    )
    waiting = turn_state.waiting()
    turn_state.clear_turn()
    if waiting is not None and not saved.game.finished:
        turn_state.start_next(waiting)
        turn_state.mark_changed()


def boxes_panel(saved: OpenGame, names: dict[str, str], turn: Turn) -> Suggestion | None:
    """Every legal box as a Record button with its points, the advisor's choice first and
    marked, each with the reasons for its points and, with the advisor, its outlook; the
    first box shown (None before the dice and the roll are set)."""
    if turn.hand is None:
        st.info(_("Give every die a value (photo or clicks) to see what the roll is worth."))
        return None
    game = saved.game
    shown = dice_text(sorted(turn.hand))
    if turn.rolling_on:
        question = _("**{player}**, if you stop now, **{dice}** is worth:")
    else:
        question = _("**{player}**, where does **{dice}** go?")
    st.markdown(question.format(player=plain(saved.player), dice=shown))
    if turn.to_win is not None:
        _to_win_line(turn.to_win, names)
    offered = suggest_columns(game.rules, turn.hand, turn.roll, game.columns(saved.player))
    options = advised_first(offered, turn.boxes.values())
    starred = bool(turn.boxes) and not turn.rolling_on
    # Row by row, so that a phone, which stacks columns, keeps the best-first order.
    for first in range(0, len(options), BOX_COLUMNS):
        row = options[first : first + BOX_COLUMNS]
        cells = st.columns(BOX_COLUMNS, gap="small")
        for index, (cell, option) in enumerate(zip(cells, row, strict=False)):
            with cell:
                _box_button(saved, names, turn, option, starred and first + index == 0)
    return options[0] if options else None


def _line_words(line: Line, names: dict[str, str]) -> str:
    """A line of play in a few words: "keep 6-6-6" or "score in Chance"."""
    if line.score_now and line.box is not None:
        return _("score in {box}").format(box=names[line.box])
    return keep_words(line.keep, False)


def _to_win_line(advice: EndgameAdvice, names: dict[str, str]) -> None:
    """In the endgame: the play that gives the best chance to win, beside the play for
    points when they differ, each with its chance to win and expected final score."""
    win, points = advice.to_win, advice.for_points
    explained = _(
        "With few boxes left, what counts is beating the others: this is the play with the "
        "best chance to finish first against their likely totals, each line with its chance "
        "to win and expected final score when the rest is played the same way."
    )
    if not advice.differ:
        st.caption(
            ":material/emoji_events: "
            + _("Playing to win agrees: {chance} to win").format(chance=percent(win.chance)),
            help=explained,
        )
        return
    to_win = _("To win: {play}, {chance}").format(
        play=_line_words(win, names), chance=percent(win.chance)
    )
    for_points = _("for points: {play}, {chance}").format(
        play=_line_words(points, names), chance=percent(points.chance)
    )
    expected = _("expected final score {points} and {other}").format(
        points=number(win.expected), other=number(points.expected)
    )
    st.markdown(
        f":orange-background[:material/emoji_events: **{to_win}**] → {for_points} "
        f":small[({expected})]",
        help=explained,
    )


def _box_button(
    saved: OpenGame, names: dict[str, str], turn: Turn, option: Suggestion, chosen: bool
) -> None:
    """One box's Record button with its points, and the reasons and outlook below it."""
    rules = saved.game.rules
    label = place_name(rules, names, option.box, option.column)
    worth = SCRATCH if is_scratch(rules, option.box, option.points) else option.points
    reasons = [describe(reason) for reason in option.reasons]
    advised = turn.boxes.get((option.column, option.box))
    if advised is not None:
        reasons.insert(0, _("final ≈ {points}").format(points=number(advised.expected)))
    if chosen:
        reasons.insert(0, "**" + _("advisor's choice") + "**")
    st.button(
        f"{label} · **{worth}**",
        key=record_key(option.box, option.column),
        type="primary" if chosen else "secondary",
        icon=CHOICE_ICON if chosen else ":material/edit_note:",
        on_click=_record,
        args=(saved, option.box, option.column, label),
        use_container_width=True,
        help=_("Record {points} in {box}").format(points=worth, box=label),
    )
    if reasons:
        st.caption("; ".join(reasons))
