"""Live camera mode: a camera view that reads the dice by itself when they come to rest.

The browser does the watching, Python does the reading. `live_camera(key)` mounts a
Streamlit custom component (components v2; its HTML, CSS and JavaScript are the files
camera.html, camera.css and camera.js beside this module, read at start-up; no iframe,
no hosted service) that opens the camera with `getUserMedia` and shows a small preview.
About ten times a second it draws the current frame onto a small greyscale canvas
(longest side `Tuning.motion_side` pixels, smoothed with a 3x3 mean) and measures
motion as the mean absolute difference to the previous small frame, less a per-pixel
noise floor, in the cell of the frame where it is largest (see `Tuning`). A small state
machine turns that into one read per roll:

- watching: the scene is still and was handled; motion above `moving_above` (or the
  scene drifting that far from the frame where it last came to rest) means moving.
- moving: dice or a hand in view; motion below `still_below` means settling.
- settling: the rest timer runs from the moment the scene came to rest. Any change of
  `still_below` or more, from the last frame or from the frame at the start of the
  rest (a die creeping slowly), starts the timer again; a change above `moving_above`
  means moving again. After `settle_ms` of quiet the component captures one full
  frame (longest side capped, JPEG) and goes back to watching.

A captured frame is only sent when the scene differs from the last frame sent, compared
on a larger greyscale signature with both means taken out (so a change of exposure
after a hand passed is no difference): the same dice seen again are never read twice.
When the camera opens, the first still moment counts as a rest, so dice already on the
table are read once. Each frame goes to Python as a trigger value (`{"jpeg", "id",
"rest_ms"}`, the JPEG in base64, `rest_ms` the browser's `performance.now()` when the
scene came to rest), which lasts one script run; the status is state.

Before opening anything the component checks whether a camera can work at all: browsers
only offer `getUserMedia` in a secure context (https, or http on localhost), so an
insecure page reports "insecure"; a refusal reports "denied", a missing camera
"no_camera" and any other failure "error". `guidance(status)` says what to do then.

Every status change reruns the script (a few per roll). The frame's run ends early if
another rerun (the next roll starting) comes in before it finishes, so a page should
keep what it read in session state before writing anything. The component also exposes
its status and counters as data attributes on its root (`data-status`; `data-rest`: when
the current or last rest began; `data-sent`: the `rest_ms` of the last frame sent;
`data-frames`: frames sent; `data-rests`: rests that lasted `settle_ms`; `data-skipped`:
those that showed the scene already sent; `data-motion`: the last motion value), which
the browser tests read.
"""

from __future__ import annotations

import base64
import math
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Final, Literal, cast

import streamlit as st

from webapp.language import N_, _

CameraStatus = Literal[
    "starting", "watching", "moving", "settling", "insecure", "denied", "no_camera", "error"
]
STATUSES: Final[frozenset[str]] = frozenset(
    ("starting", "watching", "moving", "settling", "insecure", "denied", "no_camera", "error")
)
DEFAULT_SETTLE_MS: Final = 700
# A frame's JPEG in base64: one of `Tuning.max_side` at `Tuning.jpeg_quality` is under 1 MB
# (the server takes no message from a browser over 2 MB: `webapp.__main__`).
LARGEST_FRAME_CHARS: Final = 3 * 2**19


@dataclass(frozen=True)
class Tuning:
    """What the browser side of the component measures with; sent along as its data.

    Grey levels run 0..255. A motion value is a mean absolute difference between two
    small greyscale frames, each pixel's difference less the noise floor, taken over
    square cells of `cell_side` pixels and reported for the cell where it is largest:
    over the whole frame one small die would vanish in the average, in a cell it does not.
    """

    sample_ms: int = 100
    """How often the small frame is taken: ten times a second sees a roll start and end
    without costing a phone anything noticeable."""
    motion_side: int = 256
    """Longest side of the motion frame. Dice seen from above at playing distance are
    about eight pixels there (four at 128 side), enough for one die creeping across a
    pale table to show; 256x144 is still under 40k pixels a sample."""
    cell_side: int = 16
    """Side of the cells the motion is averaged in (cells overlap by half): about two
    dice wide."""
    noise_floor: float = 8.0
    """Per-pixel difference ignored as camera noise. Downscaling averages about 25 camera
    pixels into one and the 3x3 mean nine more, so sensor noise of several levels ends
    well under one level; 8 leaves room for compression artefacts and mains flicker."""
    moving_above: float = 3.0
    """Motion that starts a roll or breaks a rest. A hand gives 10 to 40 and dice
    tumbling about 12 in the samples; a lone die creeping slowly stays under it."""
    still_below: float = 0.5
    """Motion under which the scene counts as at rest, also measured against the frame
    where the rest began so a die creeping slowly restarts the rest (it drifts by 1 to
    10 within a rest while each step alone stays near 0.3). Noise measures 0. Between
    the two thresholds a rest only restarts its timer: noise near one threshold cannot
    flip the status to and fro, and each flip would rerun the page."""
    settle_ms: int = DEFAULT_SETTLE_MS
    """How long the scene has to stay at rest before a frame is captured."""
    signature_side: int = 384
    """Longest side of the frame compared with the last frame sent, larger than the
    motion frame so one die showing another face (a 6 turned 4 in the samples) differs
    by 4 rather than by 0.8."""
    scene_above: float = 1.0
    """Difference (means removed, measured like motion) that makes a new scene; the same
    scene with fresh noise measures 0."""
    max_side: int = 1280
    """Longest side of the frame sent to Python: enough for the reader, small as JPEG."""
    jpeg_quality: float = 0.9
    """JPEG quality of the frame sent; high, so pips keep sharp edges."""


TUNING: Final = Tuning()

GUIDANCE: Final[dict[str, str]] = {
    "insecure": N_(
        "The browser opens a camera only on a secure page. Open this page over https, "
        "or as http://localhost on the computer that runs it; until then, take or upload "
        "a photo instead."
    ),
    "denied": N_(
        "Camera access was refused. Allow the camera for this site in the browser's site "
        "settings (the icon next to the address), then reload the page."
    ),
    "no_camera": N_(
        "No camera was found. Connect one, or open the page on a phone or tablet, then "
        "reload the page."
    ),
    "error": N_(
        "The camera could not be started or stopped working; another app may be using "
        "it. Close that app and reload the page."
    ),
}
# The line under the video for each status, as the page language says it.
LABELS: Final[dict[str, str]] = {
    "starting": N_("Starting the camera…"),
    "watching": N_("Watching the table"),
    "moving": N_("Dice moving…"),
    "settling": N_("Dice coming to rest…"),
    "insecure": N_("No camera: this page is not secure"),
    "denied": N_("No camera: access was refused"),
    "no_camera": N_("No camera found"),
    "error": N_("The camera failed"),
}

_FRONTEND = Path(__file__).parent
_mount = st.components.v2.component(
    "live_camera",
    html=(_FRONTEND / "camera.html").read_text(),
    css=(_FRONTEND / "camera.css").read_text(),
    js=(_FRONTEND / "camera.js").read_text(),
)


@dataclass(frozen=True)
class LiveCamera:
    """What the live camera reported in this script run."""

    status: CameraStatus | None
    """The camera's state (see `STATUSES`), None until the browser has reported one."""
    frame: bytes | None
    """The JPEG of a scene that just came to rest, only in the run that its arrival
    started; None in every other run."""
    frame_id: int | None
    """The frame's number, counting up from 1 while the component stays mounted."""
    rest_ms: float | None
    """When the scene came to rest, as the browser's `performance.now()`."""


def _ignore() -> None:
    """Callback that registers the component's `status` and `frame` values with Streamlit,
    which only surfaces values that have an `on_<name>_change` callback."""


def _status(value: object) -> CameraStatus | None:
    """The status the browser reported, or None for nothing or anything unknown."""
    return cast("CameraStatus", value) if isinstance(value, str) and value in STATUSES else None


def _frame(value: object) -> tuple[bytes, int, float] | None:
    """(JPEG bytes, id, rest_ms) of a frame trigger value, or None if it is not a whole one
    or is larger than any frame the component sends (checked before decoding)."""
    if not isinstance(value, dict):
        return None
    encoded, frame_id, rest_ms = value.get("jpeg"), value.get("id"), value.get("rest_ms")
    if not isinstance(encoded, str) or len(encoded) > LARGEST_FRAME_CHARS:
        return None
    if not isinstance(frame_id, int) or isinstance(frame_id, bool):
        return None
    if not isinstance(rest_ms, int | float) or not math.isfinite(rest_ms):
        return None
    try:
        jpeg = base64.b64decode(encoded, validate=True)
    except ValueError:
        return None
    return jpeg, frame_id, float(rest_ms)


def live_camera(key: str, settle_ms: int = DEFAULT_SETTLE_MS) -> LiveCamera:
    """Show the live camera and return what it reported in this run.

    `key` identifies the component across reruns (the camera keeps running while a
    component with that key stays on the page). `settle_ms` is how long the scene has to
    stay still before a frame is taken: longer waits out slow dice, shorter reads faster.
    """
    if settle_ms <= 0:
        raise ValueError(f"settle_ms must be positive, not {settle_ms}")
    result = _mount(
        key=key,
        data={"tuning": asdict(replace(TUNING, settle_ms=settle_ms)), "labels": _labels()},
        on_status_change=_ignore,
        on_frame_change=_ignore,
    )
    frame = _frame(result.get("frame"))
    if frame is None:
        return LiveCamera(_status(result.get("status")), None, None, None)
    jpeg, frame_id, rest_ms = frame
    return LiveCamera(_status(result.get("status")), jpeg, frame_id, rest_ms)


def _labels() -> dict[str, str]:
    return {status: _(label) for status, label in LABELS.items()}


def guidance(status: str | None) -> str | None:
    """What to tell the players when the camera cannot work, or None while it can."""
    if status is None or status not in GUIDANCE:
        return None
    return _(GUIDANCE[status])
