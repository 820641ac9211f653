"""One browser cannot make the server work without bound: its page runs come from a
budget, its live frames are read at most one per gap, and frame data that is not a frame
the camera sends is dropped before decoding."""

import base64

import pytest

import samples
from tests.webapp.driver import start
from webapp import live_camera
from webapp.server import pacing
from webapp.server.pacing import FrameGate, RunBudget

PHOTOS = [p for p in samples.photos() if p.name.startswith("IMG_")][:2]


def test_a_burst_of_runs_goes_through_and_a_flood_waits_its_rate():
    budget = RunBudget(rate=5.0, burst=3.0, tokens=3.0, at=0.0)
    assert [budget.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert budget.take(0.0) == pytest.approx(0.2)
    assert budget.take(0.2) == pytest.approx(0.2), "one run per 1/rate once the burst is spent"
    assert budget.take(10.0) == 0.0, "a pause refills the budget"


def test_a_frame_is_let_through_once_per_gap():
    gate = FrameGate(gap=0.5, rate=1.0, burst=5.0, tokens=5.0)
    assert gate.admits(100.0)
    assert not gate.admits(100.2)
    assert not gate.admits(100.4)
    assert gate.admits(100.5)


def test_a_steady_stream_of_frames_is_read_at_the_gate_s_rate_after_a_burst():
    gate = FrameGate(gap=0.5, rate=1.0, burst=3.0, tokens=3.0)
    admitted = [t / 2 for t in range(40) if gate.admits(t / 2)]
    assert admitted[:5] == [0.0, 0.5, 1.0, 1.5, 2.0], "the burst and its refill, at the gap"
    assert admitted[5:] == [float(t) for t in range(3, 20)], "then one a second"


def _frame(jpeg: str, frame_id: object = 1, rest_ms: object = 10.0) -> dict[str, object]:
    return {"jpeg": jpeg, "id": frame_id, "rest_ms": rest_ms}


@pytest.mark.parametrize(
    "value",
    [
        _frame("not base64!"),
        _frame("é" * 8),
        _frame("A" * (live_camera.LARGEST_FRAME_CHARS + 4)),
        _frame("AAAA", frame_id=True),
        _frame("AAAA", rest_ms=float("nan")),
        _frame("AAAA", rest_ms="soon"),
        ["AAAA"],
    ],
    ids=["not-base64", "not-ascii", "too-large", "bool-id", "nan-rest", "text-rest", "list"],
)
def test_frame_data_that_the_camera_never_sends_is_dropped(value):
    assert live_camera._frame(value) is None


class Camera:
    """Streamlit's mount of the live camera component, handing the page one frame a run."""

    def __init__(self, photos):
        self.frames = [
            _frame(base64.b64encode(p.read_bytes()).decode(), i + 1) for i, p in enumerate(photos)
        ]

    def __call__(self, **_):
        return {"status": "watching", "frame": self.frames.pop(0) if self.frames else None}


def _dice(page) -> list[int | None]:
    return [page.segmented_control(key=f"die_{i}").value for i in range(5)]


@pytest.mark.parametrize(("gap", "second_read"), [(3600.0, False), (0.0, True)])
def test_a_frame_that_comes_too_soon_after_the_last_is_not_read(
    page, monkeypatch, gap, second_read
):
    monkeypatch.setattr(pacing, "FRAME_GAP_SECONDS", gap)
    page = start(page, "yatzy", ["Ann"])
    monkeypatch.setattr(live_camera, "_mount", Camera(PHOTOS))
    first = _dice(page.run())
    assert None not in first and page.segmented_control(key="roll").value == 1
    second = _dice(page.run())
    assert (second != first) is second_read
    assert not page.exception
