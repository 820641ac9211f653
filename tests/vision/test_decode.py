"""Image files turned into pixels: huge, cut short, foreign and broken files refused clearly."""

from __future__ import annotations

import io
import json
import struct
import subprocess
import sys
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image

import samples
from vision import InvalidImageError, decode_image

SAMPLE = samples.photos()[0]


def png_claiming(width: int, height: int) -> bytes:
    """A small, valid PNG whose header claims `width` x `height` pixels (a decompression
    bomb's header: the image data would inflate to gigabytes)."""
    data = cv2.imencode(".png", np.zeros((8, 8, 3), np.uint8))[1].tobytes()
    ihdr = bytearray(data[12:29])
    ihdr[4:12] = struct.pack(">II", width, height)
    crc = struct.pack(">I", zlib.crc32(bytes(ihdr)) & 0xFFFFFFFF)
    return data[:12] + bytes(ihdr) + crc + data[33:]


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4)).save(out, "GIF")
    return out.getvalue()


BAD_FILES = {
    "bomb.png": (png_claiming(32000, 32000), "megapixels"),
    "bigger-bomb.png": (png_claiming(40000, 40000), "megapixels"),
    "cut.jpg": (SAMPLE.read_bytes()[: SAMPLE.stat().st_size // 2], "cut short"),
    "notes.jpg": (b"these are not pixels", "not a photo"),
    "empty.png": (b"", "empty"),
    "dice.gif": (gif(), "GIF"),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_bad_files_are_refused_with_a_clear_message(name):
    data, words = BAD_FILES[name]
    with pytest.raises(InvalidImageError, match=words):
        decode_image(data)


def test_a_photo_decodes_to_its_pixels():
    image = decode_image(SAMPLE.read_bytes())
    assert image.shape == cv2.imread(str(SAMPLE)).shape
    assert image.dtype == np.uint8


def test_every_accepted_format_decodes():
    image = np.full((30, 40, 3), 90, np.uint8)
    for suffix in (".jpg", ".png", ".webp"):
        data = cv2.imencode(suffix, image)[1].tobytes()
        assert decode_image(data).shape == (30, 40, 3)


def test_the_command_line_reports_a_bad_file_and_reads_the_next(tmp_path):
    paths = [tmp_path / "a.jpg", tmp_path / "bomb.png", tmp_path / "b.jpg"]
    paths[0].write_bytes(SAMPLE.read_bytes())
    paths[1].write_bytes(BAD_FILES["bigger-bomb.png"][0])
    paths[2].write_bytes(SAMPLE.read_bytes())
    run = subprocess.run(
        [sys.executable, "-m", "vision", *map(str, paths)], capture_output=True, text=True
    )
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["path"] for line in lines] == list(map(str, paths))
    assert "megapixels" in lines[1]["error"]
    assert "dice" in lines[0] and "dice" in lines[2]
