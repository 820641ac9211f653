"""Browser tabs without a browser, for the load benchmark: a websocket on
`/_stcore/stream` speaking the page's protobuf messages, as a tab does.

`PageClient` is a player's tab: it reruns the page's script with widget states (five
dice and a roll, a Record click) and reads that run's answer. `SheetWatcher` is a second
device on the same game that only watches: it keeps its websocket open, runs whatever
the server sends (its own timed checks, and the runs the server starts itself when
another server's save is pushed), and notes when the scoresheet it shows changes. A
browser runs a fragment's `run_every` timer itself: when the server asks for one
(`auto_rerun`), the watcher sends the fragment's reruns at that interval, as a tab does.
"""

import asyncio
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import websockets
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Delta_pb2 import Delta
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

from webapp import ADVISOR_KEY, DIE_KEYS, HOLD_KEYS, ROLL_KEY

RECORD_PREFIX = "record_"
ROLL = "3"
RUN_TIMEOUT_S = 15.0
WIDGET_ID_PREFIX = "$$ID-"


@dataclass
class PageRun:
    """What one finished script run showed: widgets by key, the sheet's data and any errors."""

    widgets: dict[str, tuple[str, Any]] = field(default_factory=dict)
    sheet: bytes | None = None
    problems: list[str] = field(default_factory=list)

    def add(self, delta: Delta) -> None:
        """Note a widget, the scoresheet or an error shown by one delta."""
        if delta.WhichOneof("type") != "new_element":
            return
        kind = delta.new_element.WhichOneof("type")
        if kind is None:
            return
        element = getattr(delta.new_element, kind)
        if kind == "exception":
            self.problems.append(f"exception on the page: {element.type}: {element.message}")
        elif kind == "alert" and element.format == Alert.ERROR:
            self.problems.append(f"error on the page: {element.body}")
        elif kind == "table":
            self.sheet = element.arrow_data.data
        widget_id = getattr(element, "id", "")
        if widget_id.startswith(WIDGET_ID_PREFIX):
            self.widgets[widget_id.split("-", 2)[2]] = (widget_id, element)

    @property
    def boxes(self) -> list[str]:
        """Keys of the Record buttons offered, in the page's order."""
        return [key for key in self.widgets if key.startswith(RECORD_PREFIX)]

    @property
    def playing(self) -> bool:
        """Whether the turn panel is shown (it is not once the game is finished)."""
        return DIE_KEYS[0] in self.widgets and ROLL_KEY in self.widgets

    @property
    def dice(self) -> list[str]:
        """The keys of the dice drawn, as many as the game rolls."""
        return [key for key in DIE_KEYS if key in self.widgets]


class PageClient:
    """One browser tab on a game's page: a websocket on which it reruns the page's script."""

    def __init__(self, url: str, table: str, game_id: str, source: str | None = None) -> None:
        """Remember the server's websocket URL, the table and game the tab shows, and the
        local address it connects from (`source`: one of this machine's 127.x.y.z, so that
        the server sees a client of its own), if any."""
        self.url = url
        self.table = table
        self.game_id = game_id
        self.source = source
        self.shown = PageRun()
        self._socket: websockets.ClientConnection | None = None
        self._page_hash = ""

    async def open(self) -> PageRun:
        """Connect and load the page, as a tab does when it opens the game's address."""
        self._socket = await connect(self.url, self.source)
        return await self.rerun([])

    @property
    def connected(self) -> bool:
        """Whether the websocket is open (as far as this tab knows)."""
        return self._socket is not None

    async def close(self) -> None:
        """Close the websocket (the server then ends this session)."""
        if self._socket is not None:
            await self._socket.close()
            self._socket = None

    async def rerun(self, states: Sequence[WidgetState]) -> PageRun:
        """Send a rerun with these widget states and return what that script run showed.

        Raises `TimeoutError` when the run does not finish within `RUN_TIMEOUT_S`.
        """
        socket = await self.send(states)
        async with asyncio.timeout(RUN_TIMEOUT_S):
            self.shown = await self._finished_run(socket)
        return self.shown

    async def send(self, states: Sequence[WidgetState]) -> websockets.ClientConnection:
        """Ask for a rerun with these widget states, without waiting for it."""
        message = BackMsg()
        message.rerun_script.query_string = f"table={self.table}&game={self.game_id}"
        message.rerun_script.page_script_hash = self._page_hash
        message.rerun_script.widget_states.widgets.extend(states)
        return await self.send_message(message)

    async def send_message(self, message: BackMsg) -> websockets.ClientConnection:
        """Send any message a browser may send, without waiting for an answer."""
        if self._socket is None:
            raise ConnectionError("the page is not connected")
        await self._socket.send(message.SerializeToString())
        return self._socket

    async def discard_replies(self) -> None:
        """Read and drop whatever the server sends, until the tab is closed."""
        if self._socket is not None:
            async for _ in self._socket:
                pass

    async def _finished_run(self, connection: websockets.ClientConnection) -> PageRun:
        run_id = None
        shown = PageRun()
        while True:
            message = ForwardMsg()
            message.ParseFromString(await connection.recv())
            kind = message.WhichOneof("type")
            if kind == "new_session":
                run_id = message.metadata.run.script_run_id
                self._page_hash = message.new_session.page_script_hash
                shown = PageRun()
            elif run_id is None:
                continue
            elif kind == "delta":
                shown.add(message.delta)
            elif kind == "script_finished" and message.metadata.run.script_run_id == run_id:
                if message.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    run_id = None
                    continue
                if message.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                    shown.problems.append("the script failed to compile")
                return shown

    def hand(self, rng: random.Random) -> list[WidgetState]:
        """Widget states for random dice and roll 3, with the Advisor as the page shows it.

        Each die is a click on one of its segmented control's options, sent as that
        option's label, the way the browser encodes a segmented control.
        """
        states = []
        for key in self.shown.dice:
            widget_id, control = self.shown.widgets[key]
            states.append(_pressed(widget_id, rng.choice(control.options).content))
        states.append(_pressed(self.shown.widgets[ROLL_KEY][0], ROLL))
        if ADVISOR_KEY in self.shown.widgets:
            widget_id, toggle = self.shown.widgets[ADVISOR_KEY]
            states.append(
                WidgetState(
                    id=widget_id, bool_value=toggle.value if toggle.set_value else toggle.default
                )
            )
        return states

    def click(self, key: str) -> WidgetState:
        """The trigger a browser sends for one click on the button with this key."""
        return WidgetState(id=self.shown.widgets[key][0], trigger_value=True)


async def connect(url: str, source: str | None) -> websockets.ClientConnection:
    """A page's websocket to `url`, from the local address `source` when given."""
    return await websockets.connect(
        url,
        subprotocols=[websockets.Subprotocol("streamlit")],
        max_size=None,
        proxy=None,
        local_addr=None if source is None else (source, 0),
    )


def source_address(number: int) -> str:
    """The `number`th of this machine's own addresses (127.0.1.0 onwards; 127.0.0.1 is the
    one a browser on this machine uses), for a tab to count as a client of its own."""
    return f"127.0.{1 + number // 250}.{number % 250 + 1}"


def _pressed(widget_id: str, label: str) -> WidgetState:
    state = WidgetState(id=widget_id)
    state.string_array_value.data.append(label)
    return state


class SheetWatcher:
    """A tab showing one game, noting when (time.perf_counter) its sheet last changed."""

    def __init__(self, url: str, query: str, source: str | None = None) -> None:
        self.url = url
        self.query = query
        self.source = source
        self.sheet: bytes | None = None
        self.changed_at = 0.0
        self.changes = 0
        self.turn: tuple[tuple[str, ...], ...] = ()
        self.turn_changed_at = 0.0
        self.turn_changes = 0
        self._shown: dict[str, tuple[str, ...]] = {}
        self.problems: list[str] = []
        self._changed = asyncio.Condition()
        self._socket: websockets.ClientConnection | None = None
        self._page_hash = ""
        self._timers: dict[str, asyncio.Task[None]] = {}
        self._reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        """Connect, load the page, and return once it shows the sheet; the tab then goes
        on reading what the server sends.

        Raises `TimeoutError` when the page does not show a sheet within `RUN_TIMEOUT_S`.
        """
        self.sheet = None
        self._socket = await connect(self.url, self.source)
        await self._rerun()
        self._reader = asyncio.create_task(self._read())
        async with self._changed:
            await asyncio.wait_for(
                self._changed.wait_for(lambda: self.sheet is not None), RUN_TIMEOUT_S
            )

    async def close(self) -> None:
        """Stop the timers and the reader, and close the websocket."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        if self._reader is not None:
            self._reader.cancel()
        if self._socket is not None:
            await self._socket.close()

    async def wait_change(self, seen: int, seconds: float) -> bool:
        """Wait at most `seconds` until the sheet has changed more than `seen` times."""
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(lambda: self.changes > seen), seconds)
            except TimeoutError:
                return False
        return True

    async def _rerun(self, fragment_id: str = "") -> None:
        message = BackMsg()
        message.rerun_script.query_string = self.query
        message.rerun_script.page_script_hash = self._page_hash
        if fragment_id:
            message.rerun_script.fragment_id = fragment_id
            message.rerun_script.is_auto_rerun = True
        if self._socket is not None:
            await self._socket.send(message.SerializeToString())

    async def _tick(self, fragment_id: str, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            await self._rerun(fragment_id)

    async def _read(self) -> None:
        assert self._socket is not None
        run: PageRun | None = None
        async for data in self._socket:
            message = ForwardMsg()
            message.ParseFromString(data)
            kind = message.WhichOneof("type")
            if kind == "new_session":
                self._page_hash = message.new_session.page_script_hash
                run = PageRun()
            elif kind == "delta" and run is not None:
                run.add(message.delta)
            elif kind == "auto_rerun":
                fragment = message.auto_rerun.fragment_id
                if fragment not in self._timers:
                    interval = message.auto_rerun.interval
                    self._timers[fragment] = asyncio.create_task(self._tick(fragment, interval))
            elif kind == "stop_auto_rerun":
                for timer in self._timers.values():
                    timer.cancel()
                self._timers.clear()
            elif kind == "script_finished" and run is not None:
                if message.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                    await self._finished(run)
                run = None

    async def wait_turn(self, seen: int, seconds: float) -> bool:
        """Wait at most `seconds` until the turn shown has changed more than `seen` times."""
        async with self._changed:
            try:
                await asyncio.wait_for(
                    self._changed.wait_for(lambda: self.turn_changes > seen), seconds
                )
            except TimeoutError:
                return False
        return True

    def _turn_shown(self, run: PageRun) -> tuple[tuple[str, ...], ...]:
        """The dice, the dice ticked to hold and the roll the page shows after `run`: a
        control keeps its value until the server sets another, as a browser's does."""
        shown = (*DIE_KEYS, *HOLD_KEYS, ROLL_KEY)
        for key in shown:
            if key in run.widgets:
                self._shown[key] = _value(run.widgets[key][1], self._shown.get(key))
        return tuple(self._shown.get(key, ()) for key in shown)

    async def _finished(self, run: PageRun) -> None:
        self.problems += run.problems
        turn = self._turn_shown(run)
        if turn != self.turn:
            async with self._changed:
                if self.turn:
                    self.turn_changed_at = time.perf_counter()
                    self.turn_changes += 1
                self.turn = turn
                self._changed.notify_all()
        if run.sheet is not None and run.sheet != self.sheet:
            async with self._changed:
                if self.sheet is not None:
                    self.changed_at = time.perf_counter()
                    self.changes += 1
                self.sheet = run.sheet
                self._changed.notify_all()


def _value(control: Any, before: tuple[str, ...] | None) -> tuple[str, ...]:
    """What a segmented control or a checkbox shows: the value the server set, else the
    one shown before, else its default."""
    if hasattr(control, "raw_values"):
        if control.set_value:
            return tuple(control.raw_values)
        return before if before is not None else tuple(str(i) for i in control.default)
    if control.set_value:
        return (str(control.value),)
    return before if before is not None else (str(control.default),)
