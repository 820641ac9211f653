"""How much memory the server's photo reads take when many arrive at once.

    python -m tools.read_memory [--at-once 1 4 16]

For each number, a fresh Python process reads that many copies of the largest photo the
reader takes (a plain 7,070 by 7,070 PNG, just under 50 megapixels and 0.2 MB as a file)
from as many threads at once through the page's reader, and the table gives the process's
peak memory above what it held before, the wall time until the last read ended, and how
many reads were refused because they waited longer than a photo may for its turn.
"""

import argparse
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np

SIDE = 7070


def _peak_mib() -> float:
    """The process's peak resident memory so far, in MiB (Linux)."""
    status = Path("/proc/self/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def _child(at_once: int) -> None:
    from scoring import GAMES
    from webapp import BusyError, read_photo

    def read(data: bytes) -> bool:
        try:
            read_photo("large.png", data, GAMES["yatzy"].dice)
        except BusyError:
            return False
        return True

    image = np.full((SIDE, SIDE, 3), (60, 120, 90), np.uint8)
    data = cv2.imencode(".png", image)[1].tobytes()
    del image
    before = _peak_mib()
    start = time.perf_counter()
    with ThreadPoolExecutor(at_once) as pool:
        refused = list(pool.map(read, [data] * at_once)).count(False)
    took = time.perf_counter() - start
    print(f"| {at_once} | {_peak_mib() - before:.0f} | {took:.1f} | {refused} |", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.read_memory", description=__doc__)
    parser.add_argument("--at-once", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child)
        return 0
    print("| reads at once | peak memory added, MiB | wall s | refused as busy |")
    print("|---:|---:|---:|---:|")
    for at_once in args.at_once:
        command = [sys.executable, "-m", "tools.read_memory", "--child", str(at_once)]
        subprocess.run(command, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
