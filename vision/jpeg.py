"""The layout of a JPEG file, read without decoding it: where its first image ends and how
many scans that image has.

A JPEG is a series of marked segments; each scan (SOS) is followed by its compressed data,
in which a 0xFF byte is always followed by 0x00 or a restart mark, so the next segment is
the next other mark. A baseline photo has one scan and a progressive one about ten, but a
file can hold thousands of tiny scans that each cost the decoder a pass over the whole
image (a 1.6 MB file of 20,000 scans takes minutes), so the scans are counted first.
Phones also write more than the photo: a second picture after it (MPO, for depth or an
HDR gain map) or a video (motion photos). Only the first image is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from vision.reading import InvalidImageError

MARK = 0xFF
START, END, SCAN = 0xD8, 0xD9, 0xDA
# Marks that stand alone, without a length: restarts and TEM.
STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})
# More than any camera writes (progressive photos have about ten).
MAX_SCANS = 100


@dataclass(frozen=True)
class JpegLayout:
    """Where the file's first image ends (just past its end mark), and its scans."""

    end: int
    scans: int


def _cut_short() -> InvalidImageError:
    return InvalidImageError("the file is cut short: send the whole photo again")


def _after_scan_data(data: bytes, start: int) -> int:
    """Where the compressed data that begins at `start` ends: at the next mark that is
    neither a stuffed 0x00 nor a restart."""
    at = start
    while True:
        found = data.find(MARK, at)
        if found < 0 or found + 1 >= len(data):
            raise _cut_short()
        following = data[found + 1]
        if following == 0x00 or following == MARK or 0xD0 <= following <= 0xD7:
            at = found + 1
            continue
        return found


def first_image(data: bytes) -> JpegLayout:
    """The layout of the JPEG in `data` up to its first image's end mark; raises
    InvalidImageError when it is cut short, damaged, or has more than MAX_SCANS scans."""
    if data[:2] != bytes((MARK, START)):
        raise InvalidImageError("the photo is damaged and cannot be decoded")
    at, scans = 2, 0
    while True:
        if at + 1 >= len(data):
            raise _cut_short()
        if data[at] != MARK:
            raise InvalidImageError("the photo is damaged and cannot be decoded")
        kind = data[at + 1]
        if kind == MARK:
            at += 1
            continue
        if kind == END:
            return JpegLayout(at + 2, scans)
        if kind in STANDALONE:
            at += 2
            continue
        if at + 4 > len(data):
            raise _cut_short()
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        if length < 2:
            raise InvalidImageError("the photo is damaged and cannot be decoded")
        at += 2 + length
        if kind == SCAN:
            scans += 1
            if scans > MAX_SCANS:
                raise InvalidImageError(
                    "the photo is written in more than {most} passes, more than any camera "
                    "writes: it is not read",
                    most=MAX_SCANS,
                )
            at = _after_scan_data(data, at)
