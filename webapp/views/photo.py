"""Where the dice come from: the live camera, a snapshot, an upload or a sample photo; and
the photo read, as a thumbnail that enlarges, with what needs checking."""

import time
from collections.abc import Callable

import streamlit as st

import samples
from vision import LARGEST_FILE, Die
from webapp import turn_state
from webapp.changes import share_turn
from webapp.file_box import file_box_words
from webapp.flash import flash
from webapp.language import N_, _, error_text, listed, ngettext
from webapp.live_camera import guidance, live_camera
from webapp.live_turn import Seen
from webapp.photos import PHOTO_TYPES, SLOTS, BusyError, read_photo, read_scene
from webapp.saved_games import OpenGame
from webapp.server import UploadedFile, forget, frame_gate, photo_allowed
from webapp.state import (
    CAMERA_TROUBLE_KEY,
    LIVE_CAMERA_KEY,
    READ_SAMPLE_KEY,
    SAMPLE_KEY,
    SOURCE_KEY,
    USE_UPLOAD_KEY,
)
from webapp.text import plain

LIVE, SNAPSHOT, UPLOAD, SAMPLE = "live", "snapshot", "upload", "sample"
SOURCES = {
    LIVE: (":material/videocam:", N_("Live")),
    SNAPSHOT: (":material/photo_camera:", N_("Snap")),
    UPLOAD: (":material/upload:", N_("Upload")),
    SAMPLE: (":material/image:", N_("Sample")),
}
THUMBNAIL_WIDTH = 220
# What the page says of a live scene that is not taken as a roll.
NOT_A_ROLL = {
    Seen.EMPTY: N_("No dice in view: waiting for the roll."),
    Seen.PARTIAL: N_(
        "I see {dice}, not {count}: not taken as a roll (a hand over the dice, or a die out of "
        "view?)."
    ),
    Seen.UNCHANGED: N_("No die moved: not a new roll."),
}
LAST_ROLL_TAKEN = N_(
    "Roll 3 was the last roll of this turn: this roll is kept as the next player's roll 1 "
    "once a box is chosen."
)


def _refused(name: str, error: ValueError | BusyError) -> None:
    if isinstance(error, BusyError):
        reason = _(
            "the server is reading other tables' photos and this one waited {seconds} s: "
            "send it again in a moment"
        ).format(seconds=round(SLOTS.wait))
    else:
        reason = error_text(error)
    flash("error", plain(f"{name}: {reason}"))


def _read(saved: OpenGame, source: str, name: str, data: bytes) -> None:
    """Read a photo into the turn's dice and share the turn with the table."""
    if not photo_allowed():
        reason = _("your address sent many photos just now: send it again in a moment")
        flash("error", plain(f"{name}: {reason}"))
        return
    try:
        turn_state.keep_photo(read_photo(name, data, saved.game.rules.dice), source)
    except (ValueError, BusyError) as error:
        _refused(name, error)
        return
    turn_state.mark_changed()


def _read_widget(saved: OpenGame, source: str, key: str) -> None:
    # Once read, the file is forgotten: the widget then holds a DeletedFile, which may
    # call this again.
    uploaded = st.session_state.get(key)
    if isinstance(uploaded, UploadedFile):
        _read(saved, source, uploaded.name, uploaded.getvalue())
        forget(uploaded)


def _read_sample(saved: OpenGame) -> None:
    path = st.session_state[SAMPLE_KEY]
    _read(saved, SAMPLE, path.name, path.read_bytes())


def _use_upload() -> None:
    st.session_state[SOURCE_KEY] = UPLOAD


def _take_frame(saved: OpenGame, name: str, frame: bytes) -> None:
    """A live scene: the turn's next roll when it is one (shared with the table), the next
    player's roll 1 after the turn's last roll, else a note saying why not. A frame that
    comes too soon after the last one read, by this browser or by all of its client's, is
    dropped unread."""
    if not frame_gate().admits(time.monotonic()) or not photo_allowed():
        return
    try:
        photo, scene = read_scene(name, frame, turn_state.last_scene(), saved.game.rules.dice)
    except (ValueError, BusyError) as error:
        _refused(name, error)
        return
    if scene.seen is not Seen.ROLL:
        turn_state.note_scene(
            _(NOT_A_ROLL[scene.seen]).format(
                dice=_dice_count(len(photo.reading.dice)), count=saved.game.rules.dice
            )
        )
        return
    taken = turn_state.take_scene(photo, scene, saved.game.last_roll(saved.player))
    turn_state.note_scene(None if taken else _(LAST_ROLL_TAKEN))
    share_turn(saved)


def _live(saved: OpenGame, beside_camera: Callable[[], None]) -> None:
    camera = live_camera(LIVE_CAMERA_KEY)
    beside_camera()
    if camera.frame is not None:
        _take_frame(saved, f"live frame {camera.frame_id}", camera.frame)
    note = turn_state.scene_note()
    with st.container(key="live_note_slot"):
        if note:
            st.caption(note)
    trouble = guidance(camera.status)
    if trouble is None:
        return
    st.session_state[CAMERA_TROUBLE_KEY] = camera.status
    st.warning(trouble, icon=":material/no_photography:")
    st.button(
        _("Upload a photo instead (a phone opens its camera)"),
        icon=":material/upload:",
        on_click=_use_upload,
        key=USE_UPLOAD_KEY,
    )


def photo_sources(saved: OpenGame, beside_camera: Callable[[], None]) -> None:
    """The four ways to a photo; each new photo is read at once, fills the five dice and
    is shared with the table. `beside_camera` draws what goes under the live camera."""
    if st.session_state.get(SOURCE_KEY) is None:
        trouble = st.session_state.get(CAMERA_TROUBLE_KEY)
        st.session_state[SOURCE_KEY] = UPLOAD if trouble else LIVE
    labels = {source: f"{icon} {_(words)}" for source, (icon, words) in SOURCES.items()}
    source = st.pills(
        _("Dice from"),
        list(SOURCES),
        format_func=labels.__getitem__,
        key=SOURCE_KEY,
        required=True,
        label_visibility="collapsed",
        wrap=True,
    )
    if source == LIVE:
        _live(saved, beside_camera)
    elif source == SNAPSHOT:
        key = turn_state.photo_widget_key("camera")
        st.camera_input(
            _("Snap the dice"), key=key, on_change=_read_widget, args=(saved, SNAPSHOT, key)
        )
    elif source == UPLOAD:
        key = turn_state.photo_widget_key("upload")
        st.file_uploader(
            _("A photo of the dice (JPEG, PNG or WebP, up to {size} MB)").format(
                size=LARGEST_FILE // 2**20
            ),
            type=list(PHOTO_TYPES),
            key=key,
            on_change=_read_widget,
            args=(saved, UPLOAD, key),
        )
        file_box_words(key, PHOTO_TYPES, LARGEST_FILE)
    else:
        photos = samples.photos()
        st.selectbox(_("Sample"), photos, format_func=lambda p: p.stem, key=SAMPLE_KEY)
        st.button(
            _("Read it"),
            key=READ_SAMPLE_KEY,
            on_click=_read_sample,
            args=(saved,),
            icon=":material/check:",
        )


def _dice_count(count: int) -> str:
    if count == 0:
        return _("no dice")
    return ngettext("{count} die", "{count} dice", count).format(count=count)


def _set_aside(dice: list[Die]) -> str:
    return ", ".join(
        _("a {value} ({percent}% sure)").format(value=d.value, percent=round(100 * d.confidence))
        for d in dice
    )


def _shared_thumbnail() -> None:
    """The thumbnail of a photo another device read for this turn, and the dice it was
    unsure of."""
    small = turn_state.thumbnail()
    if small is None:
        return
    st.image(small, caption=_("The photo read on another device"), width=THUMBNAIL_WIDTH)
    _unsure_rows([str(row + 1) for row in sorted(turn_state.unsure_rows())])


def _unsure_rows(rows: list[str]) -> None:
    """Say which dice the reader was unsure of (their rows marked check)."""
    if len(rows) == 1:
        st.warning(
            _("Die {row} was read with low confidence (marked check below): check it.").format(
                row=rows[0]
            )
        )
    elif rows:
        st.warning(
            _("Dice {rows} were read with low confidence (marked check below): check them.").format(
                rows=listed(rows)
            )
        )


def photo_result(saved: OpenGame) -> None:
    """The photo read, as a thumbnail that enlarges, and what needs checking: the count,
    what was set aside, and uncertain dice among the rows."""
    expected = saved.game.rules.dice
    photo = turn_state.photo()
    if photo is None:
        _shared_thumbnail()
        return
    count = len(photo.reading.dice)
    caption = f"{plain(photo.name, 40)}: {_dice_count(count)}"
    st.image(photo.preview, caption=caption, width=THUMBNAIL_WIDTH)
    with st.popover(_("Enlarge the photo"), icon=":material/zoom_in:"):
        st.image(photo.preview, caption=caption)
    if photo.set_aside:
        st.warning(
            _(
                "I see {dice}, not {count}. I kept the {count} that look most like dice of "
                "this photo and set aside {set_aside} (grey on the photo). Check the dice "
                "below and click the right values."
            ).format(dice=_dice_count(count), count=expected, set_aside=_set_aside(photo.set_aside))
        )
    elif count != expected:
        st.warning(
            _("I see {dice}, not {count}: click the values of the missing dice below.").format(
                dice=_dice_count(count), count=expected
            )
        )
    _unsure_rows([str(row + 1) for row in sorted(turn_state.unsure_rows())])
