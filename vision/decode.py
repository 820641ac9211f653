"""Turn the bytes of an image file into pixels, refusing what would hurt the reader.

A file names its width and height in its header. A small file can claim a huge image
(a "decompression bomb": 124 KB of PNG for 32000x32000 pixels, gigabytes once decoded),
so the size is checked from the header before anything is decoded. A JPEG's layout is
read first too (`vision.jpeg`): one written in more passes than a camera writes is
refused, and of a phone's file holding more than the photo (a second picture, a video)
only the photo is decoded. Files cut short, formats other than JPEG, PNG and WebP, and
decoder failures all become one `InvalidImageError` with a message a person
understands. The page and the command line call `decode_image`, so they decide the same
for the same bytes.
"""

from __future__ import annotations

import io
import warnings

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

from vision.jpeg import first_image
from vision.reading import InvalidImageError

# MPO is a JPEG followed by more pictures (phones write it for depth or HDR).
FORMATS = ("JPEG", "MPO", "PNG", "WEBP")
# The file names of photos in those formats, as photo folders and uploads name them.
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".webp")
JPEGS = ("JPEG", "MPO")
# About a 50-megapixel camera's photo; anything larger is refused before decoding.
MAX_PIXELS = 50_000_000
# The largest file read at all: a phone's photo is well under this (a 50-megapixel JPEG
# is about 15 MB), and the page's server takes no larger upload.
LARGEST_FILE = 20 * 1024 * 1024


def header_size(data: bytes) -> tuple[str, int, int]:
    """(format, width, height) as the file's header gives them, without decoding pixels."""
    if not data:
        raise InvalidImageError("the file is empty")
    if len(data) > LARGEST_FILE:
        raise InvalidImageError("the file is larger than {most} MB", most=LARGEST_FILE // 2**20)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                kind, (width, height) = image.format, image.size
    except Image.DecompressionBombError as error:
        raise InvalidImageError(
            "the photo has more than {most} megapixels, the most that is read",
            most=MAX_PIXELS // 1_000_000,
        ) from error
    except (UnidentifiedImageError, OSError, ValueError) as error:
        raise InvalidImageError("this is not a photo I can read: use JPEG, PNG or WebP") from error
    if kind not in FORMATS:
        raise InvalidImageError("{kind} images are not read: use JPEG, PNG or WebP", kind=kind)
    return kind, width, height


def is_complete(kind: str, data: bytes) -> bool:
    """Whether a PNG or WebP file reaches its end (a PNG's IEND chunk, the length a WebP's
    RIFF header announces); a JPEG's end is found by `vision.jpeg.first_image`."""
    if kind == "PNG":
        return data.rstrip(b"\0").endswith(b"IEND\xaeB`\x82")
    return len(data) >= 8 + int.from_bytes(data[4:8], "little")


def _readable_part(kind: str, data: bytes) -> bytes:
    """The bytes to decode: a JPEG's first image, or the whole of a complete PNG or WebP."""
    if kind in JPEGS:
        return data[: first_image(data).end]
    if not is_complete(kind, data):
        raise InvalidImageError("the file is cut short: send the whole photo again")
    return data


def decode_image(data: bytes) -> np.ndarray:
    """The BGR pixels of a JPEG, PNG or WebP file; raises InvalidImageError for anything
    else, for an image over MAX_PIXELS, and for a file cut short or damaged."""
    kind, width, height = header_size(data)
    if width * height > MAX_PIXELS:
        raise InvalidImageError(
            "the photo has more than {most} megapixels, the most that is read ({width}x{height})",
            most=MAX_PIXELS // 1_000_000,
            width=width,
            height=height,
        )
    part = _readable_part(kind, data)
    try:
        image = cv2.imdecode(np.frombuffer(part, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error as error:
        raise InvalidImageError("the photo is damaged and cannot be decoded") from error
    if image is None or image.size == 0:
        raise InvalidImageError("the photo is damaged and cannot be decoded")
    return image
