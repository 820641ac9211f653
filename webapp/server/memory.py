"""The server's memory given back to the system. glibc's allocator, left to itself, keeps
up to eight arenas a core (one per busy thread, and a page server has many), serves ever
larger blocks from its heap once one as large was freed (the advisor's arrays run to
megabytes), and keeps what a burst of work freed (a review, a games file). So the server
keeps two arenas, maps every block of `MMAP_FROM` bytes or more on its own (handed back
as soon as it is freed), and hands back what is free after such a burst. A smaller
`MMAP_FROM` saves a little more memory at a cost in speed (1 MiB: 15 % fewer turns in
the load benchmark, 256 KiB: 26 %), as every such block is then mapped and zeroed anew.
"""

import ctypes
import logging
from functools import cache

log = logging.getLogger(__name__)
# mallopt's parameters (glibc's malloc.h): the most arenas, and the size from which a
# block is mapped on its own (setting it also stops glibc raising it as blocks are freed).
M_ARENA_MAX = -8
M_MMAP_THRESHOLD = -3
ARENAS = 2
MMAP_FROM = 4 * 2**20


@cache
def _libc() -> ctypes.CDLL | None:
    """glibc as the process has loaded it, or None where the C library is another (no
    allocator settings then)."""
    libc = ctypes.CDLL(None)
    return libc if hasattr(libc, "malloc_trim") and hasattr(libc, "mallopt") else None


def settle_allocator() -> None:
    """Keep the allocator to `ARENAS` arenas and map large blocks on their own; called
    before the server starts its threads."""
    libc = _libc()
    if libc is None:
        return
    if not (libc.mallopt(M_ARENA_MAX, ARENAS) and libc.mallopt(M_MMAP_THRESHOLD, MMAP_FROM)):
        log.warning("the allocator's settings could not be made")


def give_back_memory() -> None:
    """Hand the memory freed since to the system (after a burst of work is done)."""
    libc = _libc()
    if libc is not None:
        libc.malloc_trim(0)
