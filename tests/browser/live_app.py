"""A bare page for the browser tests of `webapp.live_camera`: `streamlit run` this file.

It mounts the live camera, reads every frame it sends with `vision.read_dice` and lists
the reads as "read ID at REST_MS: V V V V V" (values sorted), under the camera's status
and, when the camera cannot work, the guidance for the players.
"""

import streamlit as st

from vision import decode_image, read_dice
from webapp.live_camera import guidance, live_camera

camera = live_camera("table")
reads: list[str] = st.session_state.setdefault("reads", [])
if camera.frame is not None:
    values = sorted(die.value for die in read_dice(decode_image(camera.frame)).dice)
    reads.append(f"read {camera.frame_id} at {camera.rest_ms:.1f}: {' '.join(map(str, values))}")

st.text(f"status: {camera.status}")
advice = guidance(camera.status)
if advice is not None:
    st.warning(advice)
for line in reads:
    st.text(line)
