"""Image files turned into pixels: huge, cut short, foreign and broken files refused clearly."""

from __future__ import annotations

import io
import itertools
import json
import re
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
from vision.jpeg import MAX_SCANS, first_image

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


def _progressive(image: np.ndarray) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])[1].tobytes()


def _scans(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of each scan of a JPEG: its SOS segment and the data after it."""
    marks = [m.start() for m in re.finditer(b"\xff\xda", data)] + [data.rindex(b"\xff\xd9")]
    return list(itertools.pairwise(marks))


def test_a_progressive_photo_is_read():
    photo = cv2.imread(str(SAMPLE))
    data = _progressive(photo)
    assert 1 < first_image(data).scans <= MAX_SCANS
    assert decode_image(data).shape == photo.shape


def test_a_jpeg_in_more_passes_than_a_camera_writes_is_refused_before_decoding():
    data = _progressive(np.full((64, 64, 3), 90, np.uint8))
    start, end = _scans(data)[-1]
    many = data[:start] + data[start:end] * (20_000 - len(_scans(data)) + 1) + data[end:]
    assert len(_scans(many)) == 20_000
    with pytest.raises(InvalidImageError, match="passes"):
        decode_image(many)


def test_a_phone_s_two_picture_file_reads_its_first_picture():
    first = cv2.cvtColor(cv2.imread(str(SAMPLE)), cv2.COLOR_BGR2RGB)
    out = io.BytesIO()
    gain_map = Image.new("RGB", (160, 160), (20, 20, 20))
    Image.fromarray(first).save(out, "MPO", save_all=True, append_images=[gain_map])
    data = out.getvalue()
    assert Image.open(io.BytesIO(data)).format == "MPO"
    alone = data[: first_image(data).end]
    assert np.array_equal(decode_image(data), cv2.imdecode(np.frombuffer(alone, np.uint8), 1))


def test_a_motion_photo_reads_the_photo_before_its_video():
    photo = SAMPLE.read_bytes()
    video = b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 40
    assert np.array_equal(decode_image(photo + video), decode_image(photo))


def test_a_jpeg_cut_short_inside_a_later_scan_is_refused():
    data = _progressive(cv2.imread(str(SAMPLE)))
    start, _ = _scans(data)[2]
    with pytest.raises(InvalidImageError, match="cut short"):
        decode_image(data[: start + 40])
