"""Worker processes forked for one solve, each taking its share of every level's batches.

Forked workers share the parent's memory as it was (tables, caches) and write their
results into memory mapped as shared; they read commands from a pipe and end when it
closes, and on Linux also when the thread that forked them ends.
"""

import ctypes
import os
import signal
import sys
from collections.abc import Callable

# prctl(PR_SET_PDEATHSIG, SIGKILL): die with the forking thread. Looked up before any
# fork, so that a worker never has to load a library.
_prctl = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None
PR_SET_PDEATHSIG = 1
# A worker's reply to a level: DONE, or what went wrong in at most REPLY bytes (one
# write that size reaches the pipe whole).
DONE = b"\0"
REPLY = 512


class WorkerError(RuntimeError):
    """A worker process failed or ended before finishing its share."""


Task = Callable[[int, int, int], None]


class Workers:
    """``count`` forked processes; worker ``share`` (1 to ``count``) runs ``task(level,
    share, shares)`` for each level it is given, while this process takes share 0 of
    ``shares`` (``count`` + 1)."""

    def __init__(self, count: int, task: Task) -> None:
        self.shares = 1 + (max(count, 0) if hasattr(os, "fork") else 0)
        self._task = task
        self._workers: list[tuple[int, int, int]] = []

    def __enter__(self) -> "Workers":
        try:
            for share in range(1, self.shares):
                self._fork(share)
        except BaseException:
            self._end(kill=True)
            raise
        return self

    def __exit__(self, kind: type | None, *_: object) -> None:
        self._end(kill=kind is not None)

    def start(self, level: int) -> None:
        """Have every worker begin its share of ``level``."""
        for _, commands, _ in self._workers:
            os.write(commands, level.to_bytes(2, "little"))

    def join(self) -> None:
        """Wait until every worker has finished its share; raises ``WorkerError``."""
        for pid, _, replies in self._workers:
            reply = os.read(replies, REPLY)
            if reply != DONE:
                raise WorkerError(f"solve worker {pid} failed: {reply.decode() or 'it ended'}")

    def _fork(self, share: int) -> None:
        commands_in, commands = os.pipe()
        replies, replies_out = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(commands)
                os.close(replies)
                for _, other_commands, other_replies in self._workers:
                    os.close(other_commands)
                    os.close(other_replies)
                _serve(
                    lambda level: self._task(level, share, self.shares),
                    parent,
                    commands_in,
                    replies_out,
                )
            finally:
                os._exit(1)
        os.close(commands_in)
        os.close(replies_out)
        self._workers.append((pid, commands, replies))

    def _end(self, kill: bool) -> None:
        for pid, commands, replies in self._workers:
            if kill:
                os.kill(pid, signal.SIGKILL)
            os.close(commands)
            os.close(replies)
            os.waitpid(pid, 0)
        self._workers.clear()


def _serve(task: Callable[[int], None], parent: int, commands: int, replies: int) -> None:
    """A worker's life: run each level it is sent, reply ``DONE`` or what went wrong, and
    end when the command pipe closes. Ctrl-C is left to the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if _prctl is not None:
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(1)
    while command := os.read(commands, 2):
        try:
            task(int.from_bytes(command, "little"))
            reply = DONE
        except Exception as error:
            reply = repr(error).encode()[:REPLY] or b"?"
        os.write(replies, reply)
    os._exit(0)
