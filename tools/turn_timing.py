"""How soon the turn in progress changed on one device shows on another: a player's tab
plays turns as the page's controls do (the dice read, a die held, Roll again, and on the
last roll the dice read and a box recorded), and a second tab on the same game, running
the page's timers as a browser does, notes when its dice, roll and held dice show each
change.

    python -m tools.turn_timing [--changes 50] [--store sqlite|postgres] [--replicas 1]

It prints a markdown table: the store, the replicas, the changes, and per kind of change
and over all of them the median and p95 milliseconds from the click sent to the other
device showing it.
"""

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from streamlit.proto.WidgetStates_pb2 import WidgetState

from tools.load_benchmark import (
    STORES,
    database_address,
    issued_table,
    new_game,
    percentile,
    running_servers,
)
from tools.page_client import PageClient, SheetWatcher, source_address
from webapp import HOLD_KEYS, ROLL_AGAIN_KEY

# The longest the other device may take to show a change before it counts as missed.
SHOWN_WITHIN_S = 15.0


# The changes of one turn, in order, each leaving it different from before: the dice read
# (but those held), a die held (another on each roll), Roll again, and the box recorded.
TURN: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("read", ()),
    ("hold", (0,)),
    ("roll again", ()),
    ("read", (0,)),
    ("hold", (1,)),
    ("roll again", ()),
    ("read", (0, 1)),
    ("record", ()),
)


def _change(client: PageClient, step: int, rng: random.Random) -> list[WidgetState]:
    """The widget states a browser sends for the turn's `step`th change on the player's
    tab."""
    kind, rows = TURN[step]
    if kind == "read":
        dice = client.shown.dice
        return [_pressed(client, key, rng) for row, key in enumerate(dice) if row not in rows]
    if kind == "hold":
        return [WidgetState(id=client.shown.widgets[HOLD_KEYS[rows[0]]][0], bool_value=True)]
    if kind == "roll again":
        return [client.click(ROLL_AGAIN_KEY)]
    return [client.click(client.shown.boxes[0])]


def _pressed(client: PageClient, key: str, rng: random.Random) -> WidgetState:
    """A click on one of the die's faces, sent as a browser sends a segmented control's."""
    widget_id, control = client.shown.widgets[key]
    state = WidgetState(id=widget_id)
    state.string_array_value.data.append(rng.choice(control.options).content)
    return state


async def measure(url: str, address: str, changes: int) -> tuple[dict[str, list[float]], int]:
    """The seconds each change took to show on the other device, by kind, and how many
    never did."""
    table = issued_table(address)
    game_id = new_game(address, table)
    player = PageClient(url, table, game_id, source_address(0))
    watcher = SheetWatcher(url, f"table={table}&game={game_id}", source_address(1))
    await player.open()
    await watcher.open()
    rng = random.Random(changes)
    delays: dict[str, list[float]] = defaultdict(list)
    missed = 0
    for number in range(changes):
        step = number % len(TURN)
        seen = watcher.turn_changes
        sent = time.perf_counter()
        await player.rerun(_change(player, step, rng))
        if await watcher.wait_turn(seen, SHOWN_WITHIN_S):
            delays[TURN[step][0]].append(watcher.turn_changed_at - sent)
        else:
            missed += 1
    await player.close()
    await watcher.close()
    return delays, missed


def _row(args: argparse.Namespace, kind: str, delays: list[float], missed: int | str) -> str:
    median = statistics.median(delays) * 1000 if delays else float("nan")
    p95 = percentile(delays, 0.95) * 1000 if delays else float("nan")
    return (
        f"| {args.store} | {args.replicas} | {kind} | {len(delays)} | {missed} "
        f"| {median:.0f} | {p95:.0f} |"
    )


def main() -> int:
    """Time the changes on the servers asked for and print the table."""
    parser = argparse.ArgumentParser(prog="python -m tools.turn_timing", description=__doc__)
    parser.add_argument("--changes", type=int, default=50)
    parser.add_argument("--store", choices=STORES, default="sqlite")
    parser.add_argument("--replicas", type=int, default=1)
    parser.add_argument("--postgres", default="")
    parser.add_argument("--port", type=int)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="dice-table-turn-") as folder,
        database_address(args, Path(folder)) as address,
        running_servers(args, address, Path(folder)) as (url, _pids, _logs),
    ):
        delays, missed = asyncio.run(measure(url, address, args.changes))
    print("| store | replicas | change | shown | missed | median ms | p95 ms |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for kind in dict.fromkeys(kind for kind, _rows in TURN):
        print(_row(args, kind, delays[kind], ""))
    every = [delay for kind in delays for delay in delays[kind]]
    print(_row(args, "every change", every, missed))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
