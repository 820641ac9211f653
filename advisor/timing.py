"""What the benchmarks measure: one query's milliseconds, and one fresh Python process."""

import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass


def timed(samples: list[float], query: Callable, *args: object) -> object:
    """``query(*args)``, adding its milliseconds to ``samples``."""
    start = time.perf_counter()
    answer = query(*args)
    samples.append(1000 * (time.perf_counter() - start))
    return answer


@dataclass(frozen=True)
class Run:
    """A finished child process: wall and CPU seconds, peak memory in MiB, and its output."""

    wall: float
    cpu: float
    peak_mib: float
    output: str


def run_child(args: list[str], env: dict[str, str] | None = None) -> Run:
    """Run ``python ARGS`` (this interpreter) in a fresh process to the end."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, *args], env=env, stdout=subprocess.PIPE, text=True)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.stdout.close()
    if status:
        raise RuntimeError(f"python {' '.join(args)} failed with status {status}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output)
