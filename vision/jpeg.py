"""The layout of a JPEG file, read without decoding it: where its first image ends, how
many scans that image has, and its size.

A JPEG is a series of marked segments; each scan (SOS) is followed by its compressed data,
in which a 0xFF byte is always followed by 0x00 or a restart mark, so the next segment is
the next other mark. A baseline photo has one scan and a progressive one about ten, but a
file can hold thousands of tiny scans that each cost the decoder a pass over the whole
image (a 1.6 MB file of 20,000 scans takes minutes), so the scans are counted first.
Phones also write more than the photo: a second picture after it (MPO, for depth or an
HDR gain map) or a video (motion photos). Only the first image is read.

The walk takes bounded time whatever the file holds: a file can pad each mark with any
number of fill bytes (0xFF) or be made of millions of tiny segments, and each step of a
walk in Python costs about a microsecond, so runs of fill and of compressed data are
skipped by compiled searches, and long runs of fill and files of many marks are refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vision.reading import InvalidImageError

MARK = 0xFF
START, END, SCAN = 0xD8, 0xD9, 0xDA
# Marks that stand alone, without a length: restarts and TEM.
STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})
# Frame headers (SOF0 to SOF15), which give the image's size; the other marks from 0xC0
# to 0xCF are Huffman tables (C4), arithmetic coding (CC) and a reserved one (C8).
FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
# More than any camera writes (progressive photos have about ten).
MAX_SCANS = 100
# More marks than any camera writes: a photo has a few dozen, and a 20 MB file made of
# the largest segments (64 KB) about 320.
MAX_MARKS = 1000
# The most fill bytes before one mark: cameras write none or a few.
MAX_FILL = 64
# A mark's own 0xFF and the fill before it, up to one fill byte more than MAX_FILL.
_FILL = re.compile(rb"\xff{1,%d}" % (MAX_FILL + 2))
# The end of compressed data: a mark other than a stuffed 0x00, a restart or fill.
_DATA_END = re.compile(rb"\xff[^\x00\xd0-\xd7\xff]")
# More fill than MAX_FILL, as it ends compressed data just before a mark.
_TOO_MUCH_FILL = bytes([MARK]) * (MAX_FILL + 1)


@dataclass(frozen=True)
class JpegLayout:
    """Where the file's first image ends (just past its end mark), its scans, and its
    size in pixels as its frame header gives it."""

    end: int
    scans: int
    width: int
    height: int


def _cut_short() -> InvalidImageError:
    return InvalidImageError("the file is cut short: send the whole photo again")


def _damaged() -> InvalidImageError:
    return InvalidImageError("the photo is damaged and cannot be decoded")


def _too_much_fill() -> InvalidImageError:
    return InvalidImageError(
        "the photo has more than {most} filler bytes in a row, more than any camera "
        "writes: it is not read",
        most=MAX_FILL,
    )


def _kind_at(data: bytes, at: int) -> int:
    """Where the kind of the mark expected at `at` is, past the fill bytes before it."""
    if at >= len(data):
        raise _cut_short()
    run = _FILL.match(data, at)
    if run is None:
        raise _damaged()
    if run.end() == len(data):
        raise _cut_short()
    if run.end() - at > MAX_FILL + 1:
        raise _too_much_fill()
    return run.end()


def _segment_end(data: bytes, kind_at: int) -> int:
    """Where the segment whose mark's kind is at `kind_at` ends, as its length says."""
    if kind_at + 3 > len(data):
        raise _cut_short()
    length = int.from_bytes(data[kind_at + 1 : kind_at + 3], "big")
    if length < 2:
        raise _damaged()
    return kind_at + 1 + length


def _frame_size(data: bytes, start: int, end: int) -> tuple[int, int]:
    """(width, height) from the frame header whose contents run from `start` to `end`:
    a precision byte, then the height and the width."""
    if end > len(data):
        raise _cut_short()
    if end - start < 6:
        raise _damaged()
    height = int.from_bytes(data[start + 1 : start + 3], "big")
    return int.from_bytes(data[start + 3 : start + 5], "big"), height


def _one_more_scan(scans: int) -> int:
    """The count of scans with one more; raises InvalidImageError past MAX_SCANS."""
    if scans >= MAX_SCANS:
        raise InvalidImageError(
            "the photo is written in more than {most} passes, more than any camera "
            "writes: it is not read",
            most=MAX_SCANS,
        )
    return scans + 1


def _after_scan_data(data: bytes, start: int) -> int:
    """Where the compressed data that begins at `start` ends: at the next mark that is
    neither a stuffed 0x00 nor a restart, found by one compiled search."""
    found = _DATA_END.search(data, start)
    if found is None:
        raise _cut_short()
    if data.endswith(_TOO_MUCH_FILL, start, found.start()):
        raise _too_much_fill()
    return found.start()


def first_image(data: bytes) -> JpegLayout:
    """The layout of the JPEG in `data` up to its first image's end mark; raises
    InvalidImageError when it is cut short, damaged, or has more scans, marks or fill
    than MAX_SCANS, MAX_MARKS or MAX_FILL allow."""
    if data[:2] != bytes((MARK, START)):
        raise _damaged()
    at, scans, size = 2, 0, None
    for _ in range(MAX_MARKS):
        kind_at = _kind_at(data, at)
        kind, at = data[kind_at], kind_at + 1
        if kind == END:
            if size is None:
                raise _damaged()
            return JpegLayout(at, scans, *size)
        if kind in STANDALONE:
            continue
        at = _segment_end(data, kind_at)
        if kind in FRAMES:
            # The decoder refuses a second frame header too.
            if size is not None:
                raise _damaged()
            size = _frame_size(data, kind_at + 3, at)
        elif kind == SCAN:
            scans = _one_more_scan(scans)
            at = _after_scan_data(data, at)
    raise InvalidImageError(
        "the photo is made of more than {most} parts, more than any camera writes: it is not read",
        most=MAX_MARKS,
    )
