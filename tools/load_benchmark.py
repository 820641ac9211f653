"""Load benchmark: sessions on many tables playing at once against one server, or against
several replicas behind HAProxy, on an SQLite file or a PostgreSQL database.

Each table has one game, made through the store, and its sessions: the first plays, each
other one is another device at the same table that only watches (`tools.page_client`).
A session opens one websocket on `/_stcore/stream`, speaking the protobuf messages a
browser tab speaks. A player's turn is two reruns, as a player clicks them: five dice and
roll 3, then the first offered Record button. It measures the time from sending the
Record rerun until its run has finished with the updated scoresheet ("own sheet"), then,
when the table has watchers, until each of them shows the changed sheet ("another
device": through the page's revision check on SQLite, through the pushed change on
PostgreSQL), and only then plays the next turn, as a table does. It samples each
server's memory (RSS) every few seconds. When a game is finished, its table starts a
new one.

Errors: errors or exceptions shown on the page, websocket failures, script runs that do
not finish within 15 s, turns without a Record button, Records whose run did not change
the sheet, and entries another device did not show within 15 s. Everything stays on
loopback and is bounded by `--seconds` and `--max-turns`; the servers (and a PostgreSQL
server started for the run) are stopped at the end, on errors and on Ctrl-C.

Each session connects from an address of its own on this machine (127.0.x.y), so the
server counts it as a client of its own, as it would a device at a real table.

With `--flood frames` (or `reruns`, or `crafted`), one more tab on a game of its own
floods the server while the sessions play, as a hostile visitor might: it sends a
live-camera frame (a sample photo, as the camera component sends one; or, `crafted`, a
JPEG start mark and fill bytes, as large as the page takes a frame) or a bare rerun every
millisecond without waiting for any run to finish, and reads and drops what the server
sends back. `--flooders N`
opens N such tabs, each a browser session of its own, all from one address (one visitor).
Their messages are counted apart; the table is the other sessions' figures.

Run from the repository root:

    python -m tools.load_benchmark [--sessions 10] [--tables N] [--seconds 180]
        [--store sqlite|postgres] [--replicas 1] [--postgres URL]
        [--flood frames|reruns|crafted] [--flooders 1]

`--store postgres` uses `--postgres` (default $DICE_TABLE_TEST_POSTGRES), or starts a
throwaway server (`tools.postgres_server`); `--replicas 2` or more needs it, and puts
HAProxy (`deploy/haproxy.cfg`) in front (`tools.cluster`).

It prints a markdown table (sessions, tables, replicas, store, seconds, turns, errors,
median and p95 milliseconds from Record to own sheet and to another device) and each
server's memory over time, and exits with 0 when there were no errors, 1 otherwise.
"""

import argparse
import asyncio
import base64
import json
import math
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

import websockets
from streamlit.proto.WidgetStates_pb2 import WidgetState

import samples
from scoring import Game
from store import ENV_VAR, open_store
from tools.cluster import running_cluster
from tools.local_server import free_port, start_server, stop_server
from tools.page_client import RUN_TIMEOUT_S, PageClient, SheetWatcher, source_address
from tools.postgres_server import fresh_database, running_postgres
from webapp import LIVE_CAMERA_KEY
from webapp.live_camera import LARGEST_FRAME_CHARS

GAME_KIND = "yatzy"
PLAYERS = ("Ann", "Bob")
RECONNECT_PAUSE_S = 1.0
MEMORY_SAMPLE_S = 2.0
MEMORY_ROW_S = 30.0
SHOWN_ERRORS = 5
LOG_TAIL_CHARS = 4000
# Where Streamlit keeps a component's trigger values: "<prefix>_<component id>__events".
TRIGGERS = "$$STREAMLIT_INTERNAL_KEY_{id}__events"
FLOOD_GAP_S = 0.001
# The server as the README's set-up and deploy/ start it.
SERVER = (sys.executable, "-m", "webapp")
FLOODS = ("frames", "reruns", "crafted")
# A crafted frame: a JPEG's start mark and fill bytes, as large as the page takes a frame.
CRAFTED = b"\xff\xd8" + b"\xff" * (LARGEST_FRAME_CHARS * 3 // 4 - 16)
# The address every flooding tab connects from: one visitor.
FLOODER = "127.0.255.1"
STORES = ("sqlite", "postgres")


@dataclass
class Tally:
    """Turns completed, latencies in seconds (own sheet, another device), errors by kind."""

    max_turns: int
    turns: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    seen: list[float] = field(default_factory=list)
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


@dataclass
class Table:
    """One table of the run: its player's tab, its watching devices, and its game."""

    player: PageClient
    watchers: list[SheetWatcher]

    def query(self) -> str:
        """The address's query of the table's game, as every device opens it."""
        return f"table={self.player.table}&game={self.player.game_id}"


def issued_table(address: str) -> str:
    """A table newly issued by the store at `address`."""
    store = open_store(address)
    try:
        return store.issue_table()
    finally:
        store.close()


def new_game(address: str, table: str) -> str:
    """Create a fresh two-player game at `table` directly in the store; return its id."""
    store = open_store(address)
    try:
        return store.create(Game(GAME_KIND, list(PLAYERS)).to_dict(), table=table).id
    finally:
        store.close()


async def _watch_anew(table: Table) -> None:
    """Point every watcher of the table at its (new) game."""
    for watcher in table.watchers:
        await watcher.close()
        watcher.query = table.query()
        await watcher.open()


async def play_turn(table: Table, address: str, tally: Tally, rng: random.Random) -> None:
    """One turn: set five dice and roll 3, Record the first offered box and time it, then
    time until every watcher shows the entry."""
    client = table.player
    if not client.shown.playing:
        client.game_id = await asyncio.to_thread(new_game, address, client.table)
        tally.games += 1
        await client.rerun([])
        await _watch_anew(table)
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
    seen = [watcher.changes for watcher in table.watchers]
    started = time.perf_counter()
    recorded = await client.rerun([*hand, client.click(offered.boxes[0])])
    elapsed = time.perf_counter() - started
    if recorded.problems:
        tally.error("page", "; ".join(recorded.problems))
        return
    if recorded.sheet is None or recorded.sheet == offered.sheet:
        tally.error("sheet unchanged", f"{offered.boxes[0]} in game {client.game_id}")
        return
    tally.turns += 1
    tally.latencies.append(elapsed)
    for watcher, before in zip(table.watchers, seen, strict=True):
        if await watcher.wait_change(before, RUN_TIMEOUT_S):
            tally.seen.append(watcher.changed_at - started)
        else:
            tally.error("not seen", f"another device did not show game {client.game_id}")
        if watcher.problems:
            tally.error("page", "; ".join(watcher.problems))
            watcher.problems.clear()


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


async def load_page(table: Table, tally: Tally) -> None:
    """Open the table's tabs on its game's page, counting any error the page shows."""
    opened = await table.player.open()
    if opened.problems:
        tally.error("page", "; ".join(opened.problems))
    await _watch_anew(table)


async def play(table: Table, address: str, deadline: float, tally: Tally, seed: int) -> None:
    """One table playing turns until the deadline or the turn cap, reopening its tabs
    after a failure."""
    rng = random.Random(seed)
    client = table.player
    while time.monotonic() < deadline and not tally.full:
        if client.connected:
            await attempt(client, tally, play_turn(table, address, tally, rng))
        else:
            await attempt(client, tally, load_page(table, tally))
    await client.close()
    for watcher in table.watchers:
        await watcher.close()


def frame_state(component_id: str, frame_id: int, jpeg: bytes) -> WidgetState:
    """The trigger the live camera component sends with a frame of the scene at rest."""
    value = {"jpeg": base64.b64encode(jpeg).decode("ascii"), "id": frame_id, "rest_ms": 0.0}
    events = [{"event": "frame", "value": value}]
    return WidgetState(id=TRIGGERS.format(id=component_id), json_trigger_value=json.dumps(events))


async def flood(url: str, table: str, game_id: str, kind: str, deadline: float) -> int:
    """A tab sending frames (or bare reruns) every `FLOOD_GAP_S` until the deadline, never
    waiting for a run; returns how many it sent."""
    client = PageClient(url, table, game_id, source=FLOODER)
    shown = await client.open()
    component_id = shown.widgets[LIVE_CAMERA_KEY][0]
    jpeg = CRAFTED if kind == "crafted" else samples.photos()[0].read_bytes()
    drain = asyncio.create_task(client.discard_replies())
    sent = 0
    while time.monotonic() < deadline:
        states = [frame_state(component_id, sent + 1, jpeg)] if kind != "reruns" else []
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


async def sample_memory(
    pids: Sequence[int], samples: list[tuple[float, list[int]]], stop: asyncio.Event
) -> None:
    """Record (seconds since start, each server's RSS KiB) every `MEMORY_SAMPLE_S` until
    `stop` is set."""
    start = time.monotonic()
    while True:
        samples.append((time.monotonic() - start, [rss_kib(pid) for pid in pids]))
        try:
            await asyncio.wait_for(stop.wait(), MEMORY_SAMPLE_S)
        except TimeoutError:
            continue
        samples.append((time.monotonic() - start, [rss_kib(pid) for pid in pids]))
        return


async def benchmark(
    url: str,
    address: str,
    tables: Sequence[Table],
    seconds: float,
    tally: Tally,
    pids: Sequence[int],
    flooding: str | None = None,
    flooders: int = 1,
) -> tuple[float, list[tuple[float, list[int]]]]:
    """Open every table's tabs, then let them all play at once for `seconds`, beside
    `flooders` flooding tabs when `flooding` names what they send.

    Returns the wall time of the play and the memory samples, which start once every
    page is loaded, so the first sample is the servers with all sessions open.
    """
    await asyncio.gather(*(attempt(t.player, tally, load_page(t, tally)) for t in tables))
    samples: list[tuple[float, list[int]]] = []
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(pids, samples, stop))
    start = time.monotonic()
    deadline = start + seconds
    sessions = [play(table, address, deadline, tally, seed) for seed, table in enumerate(tables)]
    if flooding:
        flood_table = await asyncio.to_thread(issued_table, address)
        flood_game = await asyncio.to_thread(new_game, address, flood_table)
        sessions += [
            _flood_count(url, flood_table, flood_game, flooding, deadline, tally)
            for _ in range(flooders)
        ]
    try:
        await asyncio.gather(*sessions)
    finally:
        stop.set()
        await sampler
    return time.monotonic() - start, samples


async def _flood_count(
    url: str, table: str, game_id: str, kind: str, deadline: float, tally: Tally
) -> None:
    sent = await flood(url, table, game_id, kind, deadline)
    tally.flooded = (kind, sent + (tally.flooded[1] if tally.flooded else 0))


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (`share` in 0..1) of a non-empty sequence."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _mib(kib: int) -> str:
    return f"{kib / 1024:.1f}"


def _ms(values: Sequence[float]) -> tuple[str, str]:
    if not values:
        return "-", "-"
    return f"{statistics.median(values) * 1000:.0f}", f"{percentile(values, 0.95) * 1000:.0f}"


def memory_rows(samples: Sequence[tuple[float, list[int]]]) -> list[tuple[float, list[int]]]:
    """The first sample of each `MEMORY_ROW_S` period, and the last sample."""
    rows: dict[int, tuple[float, list[int]]] = {}
    for moment, kib in samples:
        rows.setdefault(int(moment // MEMORY_ROW_S), (moment, kib))
    chosen = list(rows.values())
    if samples and chosen[-1] != samples[-1]:
        chosen.append(samples[-1])
    return chosen


@dataclass(frozen=True)
class Setup:
    """What the run was: sessions, tables, servers and the store behind them."""

    sessions: int
    tables: int
    replicas: int
    store: str


def report(
    setup: Setup, wall_s: float, tally: Tally, samples: Sequence[tuple[float, list[int]]]
) -> str:
    """The results as markdown: the summary table, errors, and memory over time."""
    own, own_p95 = _ms(tally.latencies)
    other, other_p95 = _ms(tally.seen)
    errors = sum(tally.errors.values())
    lines = [
        f"Load benchmark: {GAME_KIND}, {len(PLAYERS)} players per game, {tally.games} games "
        f"({setup.tables} made before the start, the others when a game was finished)",
        "",
        "| sessions | tables | replicas | store | seconds | turns completed | errors "
        "| own sheet median ms | own sheet p95 ms | another device median ms "
        "| another device p95 ms |",
        "|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|",
        f"| {setup.sessions} | {setup.tables} | {setup.replicas} | {setup.store} "
        f"| {wall_s:.1f} | {tally.turns} | {errors} | {own} | {own_p95} | {other} "
        f"| {other_p95} |",
        "",
        "Errors by kind: "
        + (", ".join(f"{kind} {count}" for kind, count in tally.errors.items()) or "none"),
        *(f"- {example}" for example in tally.examples),
    ]
    if tally.flooded:
        kind, sent = tally.flooded
        lines += ["", f"Beside them flooding tabs sent {sent} {kind} in {wall_s:.0f} s."]
    if samples:
        servers = len(samples[0][1])
        peaks = [max(kib[i] for _, kib in samples) for i in range(servers)]
        lines += [
            "",
            "Memory per server (RSS, MiB): "
            + "; ".join(
                f"server {i + 1}: first {_mib(samples[0][1][i])}, last {_mib(samples[-1][1][i])}, "
                f"max {_mib(peaks[i])}"
                for i in range(servers)
            )
            + f" ({len(samples)} samples every {MEMORY_SAMPLE_S:.0f} s)",
            "",
            "| time s | " + " | ".join(f"server {i + 1} MiB" for i in range(servers)) + " |",
            "|---:|" + "---:|" * servers,
            *(
                f"| {moment:.0f} | " + " | ".join(_mib(k) for k in kib) + " |"
                for moment, kib in memory_rows(samples)
            ),
        ]
    return "\n".join(lines)


def _log_tail(log_path: Path) -> str:
    return "Server log (end):\n" + log_path.read_text(errors="replace")[-LOG_TAIL_CHARS:]


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """Command-line options: sessions and tables, seconds, servers, store and the turn cap."""
    parser = argparse.ArgumentParser(prog="python -m tools.load_benchmark", description=__doc__)
    parser.add_argument("--sessions", type=int, default=10, help="simultaneous sessions")
    parser.add_argument("--tables", type=int, help="tables they sit at (default: one each)")
    parser.add_argument("--seconds", type=float, default=180, help="how long the sessions play")
    parser.add_argument("--port", type=int, help="server port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--max-turns", type=int, default=10_000, help="turn cap, all sessions")
    parser.add_argument("--store", choices=STORES, default="sqlite", help="the game store")
    parser.add_argument("--replicas", type=int, default=1, help="servers behind HAProxy")
    parser.add_argument(
        "--postgres",
        default=os.environ.get("DICE_TABLE_TEST_POSTGRES", ""),
        help="a PostgreSQL server's URL (default: $DICE_TABLE_TEST_POSTGRES, else one started)",
    )
    parser.add_argument("--flood", choices=FLOODS, help="tabs flooding the server beside them")
    parser.add_argument("--flooders", type=int, default=1, help="how many flooding tabs")
    args = parser.parse_args(argv)
    args.tables = args.tables or args.sessions
    if min(args.sessions, args.tables, args.max_turns, args.replicas) < 1 or args.seconds <= 0:
        parser.error("--sessions, --tables, --seconds, --max-turns and --replicas must be positive")
    if args.tables > args.sessions:
        parser.error("--tables cannot be more than --sessions")
    if args.replicas > 1 and args.store != "postgres":
        parser.error("replicas share their games through PostgreSQL: add --store postgres")
    return args


@contextmanager
def database_address(args: argparse.Namespace, folder: Path) -> Iterator[str]:
    """The store's address for the run: a fresh SQLite file, or a fresh database on the
    PostgreSQL server given or started."""
    if args.store == "sqlite":
        yield str(folder / "games.sqlite3")
        return
    with ExitStack() as stack:
        server = args.postgres or stack.enter_context(running_postgres())
        yield fresh_database(server)


@contextmanager
def running_servers(
    args: argparse.Namespace, address: str, folder: Path
) -> Iterator[tuple[str, list[int], list[Path]]]:
    """The websocket URL the tabs open, the servers' process ids and their logs."""
    if args.replicas == 1:
        port = args.port or free_port()
        log = folder / "server.log"
        _, server = start_server(SERVER, {ENV_VAR: address}, port=port, log=log)
        try:
            yield f"ws://127.0.0.1:{port}/_stcore/stream", [server.pid], [log]
        finally:
            stop_server(server)
        return
    with running_cluster(address, replicas=args.replicas) as cluster:
        front = cluster.url.replace("http://", "ws://").rstrip("/")
        yield f"{front}/_stcore/stream", [s.pid for s in cluster.servers], cluster.logs


def main(argv: Sequence[str] | None = None) -> int:
    """Start the servers, play, stop them, print the results; 0 when there were no errors."""
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)
    tally = Tally(max_turns=args.max_turns)
    setup = Setup(args.sessions, args.tables, args.replicas, args.store)
    with (
        tempfile.TemporaryDirectory(prefix="dice-table-load-") as folder,
        database_address(args, Path(folder)) as address,
        running_servers(args, address, Path(folder)) as (url, pids, logs),
    ):
        try:
            tables = _seat(url, address, args.sessions, args.tables)
            tally.games = len(tables)
            wall_s, samples = asyncio.run(
                benchmark(
                    url, address, tables, args.seconds, tally, pids, args.flood, args.flooders
                )
            )
        except RuntimeError:
            _print_logs(logs)
            raise
        if tally.errors:
            _print_logs(logs)
    print(report(setup, wall_s, tally, samples))
    return 1 if tally.errors else 0


def _seat(url: str, address: str, sessions: int, tables: int) -> list[Table]:
    """Make one game per table and share the sessions out: a player at each table, the
    rest watching, as evenly as they go."""
    seated = []
    for index in range(tables):
        token = issued_table(address)
        player = PageClient(url, token, new_game(address, token), source_address(index))
        watching = range(index + tables, sessions, tables)
        seated.append(Table(player, []))
        seated[-1].watchers = [
            SheetWatcher(url, seated[-1].query(), source_address(number)) for number in watching
        ]
    return seated


def _print_logs(logs: Sequence[Path]) -> None:
    for log in logs:
        print(_log_tail(log), file=sys.stderr)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("Interrupted: the servers are stopped and nothing is reported.", file=sys.stderr)
        sys.exit(130)
