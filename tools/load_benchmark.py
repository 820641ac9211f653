"""Load benchmark: N simultaneous sessions playing turns against one local Streamlit server.

It starts `streamlit run app.py` on 127.0.0.1 with a fresh temporary game file, creates
one game per session through the store, and opens one websocket per session on
`/_stcore/stream`: the connection a browser tab opens, speaking the same protobuf
messages (`BackMsg.rerun_script` with the page's query string and widget states, answered
by `ForwardMsg` deltas). A session's turn is two reruns, as a player clicks them: five
dice and roll 3, then the first offered Record button. It measures the time from sending
the Record rerun until the server has finished that script run, which carries the updated
scoresheet, and samples the server's memory (RSS) every few seconds. When a game is
finished, its session starts a new one.

The client sends the states of the widgets it sets (dice, roll, Record) and of the Advisor
toggle as the page shows it; the server keeps the other widgets' last values, as it does
for a browser's. It keeps no message cache, like a freshly opened tab.

Errors: errors or exceptions shown on the page, websocket failures, script runs that do
not finish within 15 s, turns without a Record button, and Records whose run did not
change the sheet. Everything stays on loopback and is bounded by `--seconds` and
`--max-turns`; the server is stopped at the end, on errors and on Ctrl-C.

With `--flood frames` (or `reruns`), one more tab on a game of its own floods the server
while the sessions play, as a hostile visitor might: it sends a live-camera frame (a
sample photo, as the camera component sends one) or a bare rerun every millisecond without
waiting for any run to finish, and reads and drops what the server sends back. Its
messages are counted apart; the table is the other sessions' figures.

Run from the repository root:

    python -m tools.load_benchmark [--sessions 10] [--seconds 180] [--port P]
        [--flood frames|reruns]

It prints a markdown table (sessions, seconds, turns completed, errors, median and p95
milliseconds from Record to updated sheet) and the server's memory over time, and exits
with 0 when there were no errors, 1 otherwise.
"""

import argparse
import asyncio
import base64
import json
import math
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import websockets
from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Delta_pb2 import Delta
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

import samples
from scoring import Game
from store import GameStore
from tools.local_server import ROOT, free_port, start_server, stop_server
from webapp import ADVISOR_KEY, DIE_KEYS, LIVE_CAMERA_KEY, ROLL_KEY

GAME_KIND = "yatzy"
PLAYERS = ("Ann", "Bob")
RECORD_PREFIX = "record_"
ROLL = "3"
RUN_TIMEOUT_S = 15.0
RECONNECT_PAUSE_S = 1.0
MEMORY_SAMPLE_S = 2.0
MEMORY_ROW_S = 30.0
SHOWN_ERRORS = 5
LOG_TAIL_CHARS = 4000
WIDGET_ID_PREFIX = "$$ID-"
# Where Streamlit keeps a component's trigger values: "<prefix>_<component id>__events".
TRIGGERS = "$$STREAMLIT_INTERNAL_KEY_{id}__events"
FLOOD_GAP_S = 0.001
FLOODS = ("frames", "reruns")


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
        return all(key in self.widgets for key in (*DIE_KEYS, ROLL_KEY))


class PageClient:
    """One browser tab on a game's page: a websocket on which it reruns the page's script."""

    def __init__(self, url: str, game_id: str) -> None:
        """Remember the server's websocket URL and the game the tab shows."""
        self.url = url
        self.game_id = game_id
        self.shown = PageRun()
        self._socket: websockets.ClientConnection | None = None
        self._page_hash = ""

    async def open(self) -> PageRun:
        """Connect and load the page, as a tab does when it opens the game's address."""
        self._socket = await websockets.connect(
            self.url, subprotocols=[websockets.Subprotocol("streamlit")], max_size=None, proxy=None
        )
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
        message.rerun_script.query_string = f"game={self.game_id}"
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
        """Widget states for five random dice and roll 3, with the Advisor as the page shows it.

        Each die is a click on one of its segmented control's options, sent as that
        option's label, the way the browser encodes a segmented control.
        """
        states = []
        for key in DIE_KEYS:
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


def _pressed(widget_id: str, label: str) -> WidgetState:
    state = WidgetState(id=widget_id)
    state.string_array_value.data.append(label)
    return state


@dataclass
class Tally:
    """Turns completed, Record-to-sheet latencies in seconds, and errors by kind."""

    max_turns: int
    turns: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    flooded: tuple[str, int] | None = None

    @property
    def full(self) -> bool:
        """Whether the turn cap is reached."""
        return self.turns >= self.max_turns

    def error(self, kind: str, detail: str) -> None:
        """Count one error; the first few are kept to be printed with the results."""
        self.errors[kind] += 1
        if len(self.examples) < SHOWN_ERRORS:
            self.examples.append(f"{kind}: {detail[:300]}")


def new_game(db_path: Path) -> str:
    """Create a fresh two-player game directly in the store and return its id."""
    return GameStore(db_path).create(Game(GAME_KIND, list(PLAYERS)).to_dict()).id


async def play_turn(client: PageClient, db_path: Path, tally: Tally, rng: random.Random) -> None:
    """One turn: set five dice and roll 3, then Record the first offered box and time it."""
    if not client.shown.playing:
        client.game_id = await asyncio.to_thread(new_game, db_path)
        tally.games += 1
        await client.rerun([])
    if not client.shown.playing:
        tally.error("page", f"no dice on the page of game {client.game_id}")
        return
    hand = client.hand(rng)
    offered = await client.rerun(hand)
    if offered.problems:
        tally.error("page", "; ".join(offered.problems))
    if not offered.boxes:
        tally.error("no box offered", f"game {client.game_id}")
        return
    started = time.perf_counter()
    recorded = await client.rerun([*hand, client.click(offered.boxes[0])])
    elapsed = time.perf_counter() - started
    if recorded.problems:
        tally.error("page", "; ".join(recorded.problems))
    elif recorded.sheet is None or recorded.sheet == offered.sheet:
        tally.error("sheet unchanged", f"{offered.boxes[0]} in game {client.game_id}")
    else:
        tally.turns += 1
        tally.latencies.append(elapsed)


async def attempt(client: PageClient, tally: Tally, step: Awaitable[None]) -> None:
    """Run one step of a session; a timeout or a broken connection is counted as an error
    and the tab closed, so that the session's next step opens a fresh one."""
    try:
        await step
        return
    except TimeoutError:
        tally.error("timeout", f"a script run took over {RUN_TIMEOUT_S:.0f} s")
    except (OSError, websockets.WebSocketException) as error:
        tally.error("websocket", repr(error))
    await client.close()
    await asyncio.sleep(RECONNECT_PAUSE_S)


async def load_page(client: PageClient, tally: Tally) -> None:
    """Open the tab on its game's page, counting any error the page shows."""
    opened = await client.open()
    if opened.problems:
        tally.error("page", "; ".join(opened.problems))


async def play(client: PageClient, db_path: Path, deadline: float, tally: Tally, seed: int) -> None:
    """One session playing turns until the deadline or the turn cap, reopening its tab
    after a failure."""
    rng = random.Random(seed)
    while time.monotonic() < deadline and not tally.full:
        if client.connected:
            await attempt(client, tally, play_turn(client, db_path, tally, rng))
        else:
            await attempt(client, tally, load_page(client, tally))
    await client.close()


def frame_state(component_id: str, frame_id: int, jpeg: bytes) -> WidgetState:
    """The trigger the live camera component sends with a frame of the scene at rest."""
    value = {"jpeg": base64.b64encode(jpeg).decode("ascii"), "id": frame_id, "rest_ms": 0.0}
    events = [{"event": "frame", "value": value}]
    return WidgetState(id=TRIGGERS.format(id=component_id), json_trigger_value=json.dumps(events))


async def flood(url: str, game_id: str, kind: str, deadline: float) -> int:
    """A tab sending frames (or bare reruns) every `FLOOD_GAP_S` until the deadline, never
    waiting for a run; returns how many it sent."""
    client = PageClient(url, game_id)
    shown = await client.open()
    component_id = shown.widgets[LIVE_CAMERA_KEY][0]
    jpeg = samples.photos()[0].read_bytes()
    drain = asyncio.create_task(client.discard_replies())
    sent = 0
    while time.monotonic() < deadline:
        states = [frame_state(component_id, sent + 1, jpeg)] if kind == "frames" else []
        await client.send(states)
        sent += 1
        await asyncio.sleep(FLOOD_GAP_S)
    await client.close()
    drain.cancel()
    return sent


def _descendants(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in map(int, children):
            found += [child, *_descendants(child)]
    return found


def rss_kib(pid: int) -> int:
    """Resident memory (VmRSS, KiB) of a process and all its descendants; 0 once it is gone."""
    total = 0
    for process in (pid, *_descendants(pid)):
        try:
            status = Path(f"/proc/{process}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


async def sample_memory(pid: int, samples: list[tuple[float, int]], stop: asyncio.Event) -> None:
    """Record (seconds since start, RSS KiB) every `MEMORY_SAMPLE_S` until `stop` is set."""
    start = time.monotonic()
    while True:
        samples.append((time.monotonic() - start, rss_kib(pid)))
        try:
            await asyncio.wait_for(stop.wait(), MEMORY_SAMPLE_S)
        except TimeoutError:
            continue
        samples.append((time.monotonic() - start, rss_kib(pid)))
        return


async def benchmark(
    port: int,
    db_path: Path,
    games: Sequence[str],
    seconds: float,
    tally: Tally,
    pid: int,
    flooding: str | None = None,
) -> tuple[float, list[tuple[float, int]]]:
    """Open every session's page, then let them all play at once for `seconds`, beside a
    flooding tab when `flooding` names what it sends.

    Returns the wall time of the play and the memory samples, which start once every
    page is loaded, so the first sample is the server with all sessions open.
    """
    url = f"ws://127.0.0.1:{port}/_stcore/stream"
    clients = [PageClient(url, game) for game in games]
    await asyncio.gather(*(attempt(client, tally, load_page(client, tally)) for client in clients))
    samples: list[tuple[float, int]] = []
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(pid, samples, stop))
    start = time.monotonic()
    deadline = start + seconds
    sessions = [play(client, db_path, deadline, tally, seed) for seed, client in enumerate(clients)]
    if flooding:
        flood_game = await asyncio.to_thread(new_game, db_path)
        sessions.append(_flood_count(url, flood_game, flooding, deadline, tally))
    try:
        await asyncio.gather(*sessions)
    finally:
        stop.set()
        await sampler
    return time.monotonic() - start, samples


async def _flood_count(url: str, game_id: str, kind: str, deadline: float, tally: Tally) -> None:
    tally.flooded = (kind, await flood(url, game_id, kind, deadline))


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (`share` in 0..1) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _mib(kib: int) -> str:
    return f"{kib / 1024:.1f}"


def memory_rows(samples: Sequence[tuple[float, int]]) -> list[tuple[float, int]]:
    """The first sample of each `MEMORY_ROW_S` period, and the last sample."""
    rows: dict[int, tuple[float, int]] = {}
    for moment, kib in samples:
        rows.setdefault(int(moment // MEMORY_ROW_S), (moment, kib))
    chosen = list(rows.values())
    if samples and chosen[-1] != samples[-1]:
        chosen.append(samples[-1])
    return chosen


def report(sessions: int, wall_s: float, tally: Tally, samples: Sequence[tuple[float, int]]) -> str:
    """The results as markdown: the summary table, errors, and server memory over time."""
    median = f"{statistics.median(tally.latencies) * 1000:.0f}" if tally.latencies else "-"
    p95 = f"{percentile(tally.latencies, 0.95) * 1000:.0f}" if tally.latencies else "-"
    errors = sum(tally.errors.values())
    lines = [
        f"Load benchmark: {GAME_KIND}, {len(PLAYERS)} players per game, {tally.games} games "
        f"({sessions} created before the start, the others when a game was finished)",
        "",
        "| sessions | seconds | turns completed | errors | median ms | p95 ms |",
        "|---:|---:|---:|---:|---:|---:|",
        f"| {sessions} | {wall_s:.1f} | {tally.turns} | {errors} | {median} | {p95} |",
        "",
        "Errors by kind: "
        + (", ".join(f"{kind} {count}" for kind, count in tally.errors.items()) or "none"),
        *(f"- {example}" for example in tally.examples),
    ]
    if tally.flooded:
        kind, sent = tally.flooded
        lines += ["", f"Beside them one more tab sent {sent} {kind} in {wall_s:.0f} s."]
    if samples:
        values = [kib for _, kib in samples]
        lines += [
            "",
            f"Server memory (RSS, MiB): first {_mib(values[0])}, last {_mib(values[-1])}, "
            f"max {_mib(max(values))} ({len(samples)} samples every {MEMORY_SAMPLE_S:.0f} s)",
            "",
            "| time s | RSS MiB |",
            "|---:|---:|",
            *(f"| {moment:.0f} | {_mib(kib)} |" for moment, kib in memory_rows(samples)),
        ]
    return "\n".join(lines)


def _log_tail(log_path: Path) -> str:
    return "Server log (end):\n" + log_path.read_text(errors="replace")[-LOG_TAIL_CHARS:]


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Command-line options: sessions, seconds, port and the turn cap."""
    parser = argparse.ArgumentParser(prog="python -m tools.load_benchmark", description=__doc__)
    parser.add_argument("--sessions", type=int, default=10, help="simultaneous sessions")
    parser.add_argument("--seconds", type=float, default=180, help="how long the sessions play")
    parser.add_argument("--port", type=int, help="server port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--max-turns", type=int, default=10_000, help="turn cap, all sessions")
    parser.add_argument("--flood", choices=FLOODS, help="one more tab flooding the server")
    args = parser.parse_args(argv)
    if args.sessions < 1 or args.seconds <= 0 or args.max_turns < 1:
        parser.error("--sessions, --seconds and --max-turns must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Start the server, play, stop the server, print the results; 0 when there were no errors."""
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)
    port = args.port or free_port()
    tally = Tally(max_turns=args.max_turns)
    with tempfile.TemporaryDirectory(prefix="dice-table-load-") as folder:
        db_path = Path(folder) / "games.sqlite3"
        log_path = Path(folder) / "server.log"
        try:
            _, server = start_server(
                ROOT / "app.py", {"DICE_TABLE_DB": str(db_path)}, port=port, log=log_path
            )
            try:
                games = [new_game(db_path) for _ in range(args.sessions)]
                tally.games = len(games)
                wall_s, samples = asyncio.run(
                    benchmark(port, db_path, games, args.seconds, tally, server.pid, args.flood)
                )
            finally:
                stop_server(server)
        except RuntimeError:
            print(_log_tail(log_path), file=sys.stderr)
            raise
        if tally.errors:
            print(_log_tail(log_path), file=sys.stderr)
    print(report(args.sessions, wall_s, tally, samples))
    return 1 if tally.errors else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("Interrupted: the server is stopped and nothing is reported.", file=sys.stderr)
        sys.exit(130)
