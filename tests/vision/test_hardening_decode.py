"""Crafted files are refused or read at once, before any decoder sees them.

A reader that walks a file's header in Python, a step per fill byte, segment or chunk,
spends seconds on a file of millions of them. Each test bounds the work by the CPU time
of the calling thread, which busy machines and other processes do not inflate.
"""

from __future__ import annotations

import contextlib
import io
import struct
import time
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

import samples
from vision import InvalidImageError, decode_image

# Far more CPU time than a file within the size limit needs to be read or refused.
AT_ONCE = 0.5
PHOTOS = sorted((Path(__file__).parent / "photos").glob("*/*.jpg"))
MEGABYTE = 2**20


def _cpu_seconds(data: bytes) -> float:
    """The CPU time this thread spends to decode or refuse `data`."""
    start = time.thread_time()
    with contextlib.suppress(InvalidImageError):
        decode_image(data)
    return time.thread_time() - start


def _refused_at_once(data: bytes, words: str) -> None:
    with pytest.raises(InvalidImageError, match=words):
        decode_image(data)
    # Timed the second time, once the readers' modules are loaded.
    assert _cpu_seconds(data) < AT_ONCE


def _tiny_jpeg() -> bytes:
    return cv2.imencode(".jpg", np.full((8, 8, 3), 90, np.uint8))[1].tobytes()


def _header_of_first_scan(jpeg: bytes) -> bytes:
    """The JPEG's segments up to and with its first scan's header, before its data."""
    scan = jpeg.index(b"\xff\xda")
    return jpeg[: scan + 2 + int.from_bytes(jpeg[scan + 2 : scan + 4], "big")]


def _png_chunk(kind: bytes, body: bytes = b"") -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def _with_fill(jpeg: bytes, before: bytes, fill: int) -> bytes:
    """The JPEG with `fill` fill bytes inserted before its last mark `before` (earlier ones
    may be a thumbnail's, inside a segment)."""
    at = jpeg.rindex(before)
    return jpeg[:at] + b"\xff" * fill + jpeg[at:]


FILLED = {
    "after the start mark": b"\xff\xd8" + b"\xff" * (3 * MEGABYTE),
    "after the compressed data": _with_fill(_tiny_jpeg(), b"\xff\xd9", 3 * MEGABYTE),
}


@pytest.mark.parametrize("where", FILLED)
def test_hardening_a_jpeg_of_fill_bytes_is_refused_at_once(where):
    _refused_at_once(FILLED[where], "more than 64 filler bytes")


def test_hardening_a_few_fill_bytes_before_marks_are_read():
    photo = samples.photos()[0].read_bytes()
    padded = _with_fill(_with_fill(photo, b"\xff\xda", 64), b"\xff\xd9", 64)
    assert np.array_equal(decode_image(padded), decode_image(photo))


def test_hardening_a_scan_of_millions_of_stuffed_bytes_is_read_at_once():
    data = _header_of_first_scan(_tiny_jpeg()) + b"\xff\x00" * (19 * MEGABYTE // 2) + b"\xff\xd9"
    # Refused or decoded alike, as long as it is at once.
    assert _cpu_seconds(data) < AT_ONCE


def test_hardening_a_jpeg_of_millions_of_tiny_segments_is_refused_at_once():
    jpeg = _tiny_jpeg()
    comment = b"\xff\xfe\x00\x02"
    data = jpeg[:2] + comment * (19 * MEGABYTE // len(comment)) + jpeg[2:]
    _refused_at_once(data, "more than 1000 parts")


def test_hardening_a_png_of_many_chunks_is_refused_at_once():
    png = cv2.imencode(".png", np.zeros((8, 8, 3), np.uint8))[1].tobytes()
    signature_and_header = 8 + 25
    many = _png_chunk(b"abCd") * 1_000_000
    data = png[:signature_and_header] + many + png[signature_and_header:]
    _refused_at_once(data, "more than 64 parts before its pixels")


def test_hardening_a_gif_of_many_comment_blocks_is_refused_at_once():
    out = io.BytesIO()
    Image.new("RGB", (4, 4)).save(out, "GIF")
    gif = out.getvalue()
    flags = gif[10]
    # The signature, the screen's size and flags, and the colour table the flags tell of.
    header = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    comment = b"\x21\xfe" + b"\x01a" * 6_000_000 + b"\x00"
    data = gif[:header] + comment + gif[header:]
    _refused_at_once(data, "GIF images are not read")


def test_hardening_a_jpeg_s_header_is_read_without_pillow(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("Pillow opened a JPEG")

    monkeypatch.setattr(Image, "open", refuse)
    photo = samples.photos()[0]
    assert decode_image(photo.read_bytes()).shape == cv2.imread(str(photo)).shape


@pytest.mark.parametrize(
    "photo", [*samples.photos(), *PHOTOS], ids=lambda path: f"{path.parent.name}/{path.name}"
)
def test_hardening_real_photos_decode_as_before(photo):
    data = photo.read_bytes()
    assert np.array_equal(decode_image(data), cv2.imdecode(np.frombuffer(data, np.uint8), 1))
    assert _cpu_seconds(data) < AT_ONCE
