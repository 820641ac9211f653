"""Turn the bytes of an image file into pixels, refusing what would hurt the reader.

A file names its width and height in its header. A small file can claim a huge image
(a "decompression bomb": 124 KB of PNG for 32000x32000 pixels, gigabytes once decoded),
so the size is checked from the header before anything is decoded. The header itself is
read in bounded time: Pillow reads headers in Python, a step per chunk, segment or fill
byte, so a crafted file of millions of them holds the reader for seconds. A JPEG's header
is therefore read by `vision.jpeg` alone, which also refuses one written in more passes
than a camera writes, and of a phone's file holding more than the photo (a second picture,
a video) decodes only the photo; a PNG's chunks before its pixels are counted before
Pillow reads them; and other formats are told by their first bytes, never opened. Files
cut short, formats other than JPEG, PNG and WebP, and decoder failures all become one
`InvalidImageError` with a message a person understands. The page and the command line
call `decode_image`, so they decide the same for the same bytes.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from vision.jpeg import first_image
from vision.reading import InvalidImageError

# The formats whose header Pillow reads (a JPEG's is read by `vision.jpeg`).
PILLOW_FORMATS = ("PNG", "WEBP")
# The file names of photos in the formats read, as photo folders and uploads name them.
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")
JPEG_START = b"\xff\xd8"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# The most chunks before a PNG's pixels: real PNGs have under 20, and Pillow reads each
# in Python.
MAX_PNG_CHUNKS = 64
# About a 50-megapixel camera's photo; anything larger is refused before decoding.
MAX_PIXELS = 50_000_000
# The largest file read at all: a phone's photo is well under this (a 50-megapixel JPEG
# is about 15 MB), and the page's server takes no larger upload.
LARGEST_FILE = 20 * 1024 * 1024


@dataclass(frozen=True)
class Header:
    """What a file's header says, and the bytes to decode: a JPEG's first image, or the
    whole of a PNG or WebP."""

    width: int
    height: int
    image: bytes


def _cut_short() -> InvalidImageError:
    return InvalidImageError("the file is cut short: send the whole photo again")


def read_header(data: bytes) -> Header:
    """The header of a whole JPEG, PNG or WebP file, read in bounded time without
    decoding pixels; raises InvalidImageError for any other file."""
    if not data:
        raise InvalidImageError("the file is empty")
    if len(data) > LARGEST_FILE:
        raise InvalidImageError("the file is larger than {most} MB", most=LARGEST_FILE // 2**20)
    if data.startswith(JPEG_START):
        layout = first_image(data)
        return Header(layout.width, layout.height, data[: layout.end])
    if data.startswith(PNG_SIGNATURE):
        _count_png_chunks(data)
    width, height = _pillow_size(data)
    if not is_complete(data):
        raise _cut_short()
    return Header(width, height, data)


def _count_png_chunks(data: bytes) -> None:
    """Refuses a PNG with more than MAX_PNG_CHUNKS chunks before its pixels (IDAT), or cut
    short before them."""
    at = len(PNG_SIGNATURE)
    for _ in range(MAX_PNG_CHUNKS + 1):
        if at + 8 > len(data):
            raise _cut_short()
        if data[at + 4 : at + 8] == b"IDAT":
            return
        at += 12 + int.from_bytes(data[at : at + 4], "big")
    raise InvalidImageError(
        "the image has more than {most} parts before its pixels, more than any program "
        "writes: it is not read",
        most=MAX_PNG_CHUNKS,
    )


def _other_format(data: bytes) -> str | None:
    """The format other than PNG and WebP that Pillow tells by the file's first bytes,
    without opening it: some of Pillow's readers walk a header in Python (a 12 MB GIF of
    tiny comment blocks holds one for a second or more)."""
    prefix = data[:16]
    # Pillow tells formats by up to 16 bytes; some of its tests fail on fewer.
    if len(prefix) < 16:
        return None
    Image.init()
    for kind, (_, accept) in Image.OPEN.items():
        if kind not in PILLOW_FORMATS and accept is not None and accept(prefix) is True:
            return kind
    return None


def _pillow_size(data: bytes) -> tuple[int, int]:
    """(width, height) as the header of a PNG or WebP file gives them."""
    kind = _other_format(data)
    if kind is not None:
        raise InvalidImageError("{kind} images are not read: use JPEG, PNG or WebP", kind=kind)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=PILLOW_FORMATS) as image:
                return image.size
    except Image.DecompressionBombError as error:
        raise InvalidImageError(
            "the photo has more than {most} megapixels, the most that is read",
            most=MAX_PIXELS // 1_000_000,
        ) from error
    except (UnidentifiedImageError, OSError, ValueError) as error:
        raise InvalidImageError("this is not a photo I can read: use JPEG, PNG or WebP") from error


def is_complete(data: bytes) -> bool:
    """Whether a PNG or WebP file reaches its end (a PNG's IEND chunk, the length a WebP's
    RIFF header announces); a JPEG's end is found by `vision.jpeg.first_image`."""
    if data.startswith(PNG_SIGNATURE):
        return data.rstrip(b"\0").endswith(b"IEND\xaeB`\x82")
    return len(data) >= 8 + int.from_bytes(data[4:8], "little")


def decode_image(data: bytes) -> np.ndarray:
    """The BGR pixels of a JPEG, PNG or WebP file; raises InvalidImageError for anything
    else, for an image over MAX_PIXELS, and for a file cut short or damaged."""
    header = read_header(data)
    if header.width * header.height > MAX_PIXELS:
        raise InvalidImageError(
            "the photo has more than {most} megapixels, the most that is read ({width}x{height})",
            most=MAX_PIXELS // 1_000_000,
            width=header.width,
            height=header.height,
        )
    try:
        image = cv2.imdecode(np.frombuffer(header.image, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error as error:
        raise InvalidImageError("the photo is damaged and cannot be decoded") from error
    if image is None or image.size == 0:
        raise InvalidImageError("the photo is damaged and cannot be decoded")
    return image
