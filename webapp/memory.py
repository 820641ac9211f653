"""The server's memory given back to the system: glibc's allocator keeps what a burst of
work (a games file, a large photo) freed, and by default keeps up to eight arenas a core,
one per busy thread, each holding its own freed memory; a page server has many threads."""

import ctypes
import logging
from functools import cache

log = logging.getLogger(__name__)
# mallopt's parameter for the most arenas (glibc's malloc.h) and the number kept.
M_ARENA_MAX = -8
ARENAS = 2


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc as the process has loaded it, or None where the C library is another (no
    allocator settings then)."""
    libc = ctypes.CDLL(None)
    return libc if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


def limit_arenas() -> None:
    """Keep the allocator to `ARENAS` arenas; called before the server starts its threads."""
    libc = _libc()
    if libc is not None and not libc.mallopt(M_ARENA_MAX, ARENAS):
        log.warning("the allocator's arenas could not be limited")


def give_back_memory() -> None:
    """Hand the memory freed since to the system (after a burst of work is done)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
