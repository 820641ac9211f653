"""What the benchmarks measure: one query's milliseconds, and one fresh Python process."""

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

# How often a child's memory is sampled, in seconds.
SAMPLE_EVERY = 0.02

T = TypeVar("T")


def timed(samples: list[float], query: Callable[..., T], *args: object, **options: object) -> T:
    """``query(*args, **options)``, adding its milliseconds to ``samples``."""
    start = time.perf_counter()
    answer = query(*args, **options)
    samples.append(1000 * (time.perf_counter() - start))
    return answer


@dataclass(frozen=True)
class Run:
    """A finished child process: wall and CPU seconds (its own processes' included), the
    peak memory of it and its processes in MiB, and its output."""

    wall: float
    cpu: float
    peak_mib: float
    output: str


def run_child(args: list[str], env: dict[str, str] | None = None) -> Run:
    """Run ``python ARGS`` (this interpreter) in a fresh process to the end."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None  # stdout=PIPE
    peak = _Sampler(child.pid)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    peak.stop()
    child.stdout.close()
    if status:
        raise RuntimeError(f"python {' '.join(args)} failed with status {status}")
    peak_kib = max(usage.ru_maxrss, peak.kib)
    return Run(wall, usage.ru_utime + usage.ru_stime, peak_kib / 1024, output)


class _Sampler(threading.Thread):
    """The peak over time of a process's resident memory plus its descendants' private
    memory (what they share with it is counted once), read from /proc where there is one."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.kib = pid, 0
        self._done = threading.Event()
        if Path("/proc/self/smaps_rollup").exists():
            self.start()

    def run(self) -> None:
        while not self._done.wait(SAMPLE_EVERY):
            try:
                total = _memory(self.pid)["Rss"]
                for pid in _descendants(self.pid):
                    fields = _memory(pid)
                    total += fields["Private_Clean"] + fields["Private_Dirty"]
            except (OSError, KeyError):
                continue
            self.kib = max(self.kib, total)

    def stop(self) -> None:
        self._done.set()
        if self.is_alive():
            self.join()


def _memory(pid: int) -> dict[str, int]:
    """The kB fields of a process's /proc smaps rollup."""
    found = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value, *_ = line.split()
        found[name.rstrip(":")] = int(value)
    return found


def _descendants(pid: int) -> list[int]:
    found = []
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in map(int, children.read_text().split()):
            found += [child, *_descendants(child)]
    return found
