"""The page's choice of a hand's dice from a photo that shows more or fewer than five."""

import threading
from concurrent.futures import ThreadPoolExecutor

import cv2
import pytest

import vision
from tests.vision.scenes import draw_die, table
from tests.vision.test_decode import BAD_FILES
from tests.webapp.driver import start, upload
from vision import InvalidImageError, decode_image
from webapp import photos
from webapp.photos import read_photo


def photo_bytes(sides: list[int]) -> bytes:
    image = table(1280, 720, colour=(90, 120, 60))
    for k, side in enumerate(sides):
        draw_die(image, 1 + k % 6, (120 + 170 * k, 360), side, 10 * k)
    return cv2.imencode(".png", image)[1].tobytes()


def test_six_dice_keep_five_and_set_one_aside():
    photo = read_photo("six.png", photo_bytes([70] * 6), 5)
    assert len(photo.reading.dice) == 6
    assert len(photo.kept) == 5 and len(photo.set_aside) == 1
    assert set(photo.kept) | set(photo.set_aside) == set(photo.reading.dice)


def test_the_rows_to_check_are_among_the_kept_dice_only():
    photo = read_photo("six.png", photo_bytes([70] * 6), 5)
    assert all(0 <= i < len(photo.kept) for i in photo.uncertain)
    assert [photo.kept[i] for i in photo.uncertain] == [d for d in photo.kept if d.unsure]


def test_fewer_than_five_dice_are_all_kept():
    photo = read_photo("three.png", photo_bytes([70] * 3), 5)
    assert len(photo.kept) == 3 and photo.set_aside == []


@pytest.mark.parametrize("name", BAD_FILES)
def test_the_page_refuses_a_bad_file_as_the_command_line_does(page, name):
    data, _ = BAD_FILES[name]
    with pytest.raises(InvalidImageError) as refused:
        decode_image(data)
    page = start(page, "yatzy", ["Ann"])
    disguised = name.rsplit(".", 1)[0] + ".png"
    page = upload(page, disguised, data, "image/png")
    assert not page.exception
    assert page.error[0].value.replace("\\", "").endswith(str(refused.value))


@pytest.mark.parametrize(("sides", "told"), [([], "I see no dice"), ([70], "I see 1 die")])
def test_the_count_of_dice_seen_is_worded_for_none_and_one(page, sides, told):
    page = upload(start(page, "yatzy", ["Ann"]), "few.png", photo_bytes(sides), "image/png")
    warnings = " ".join(w.value for w in page.warning)
    assert f"{told}, not 5" in warnings
    assert " 1 dice" not in warnings and " 0 dice" not in warnings


def test_reads_from_many_threads_share_the_server_s_few_slots(monkeypatch):
    inside, most, lock = [0], [0], threading.Lock()

    def counted(image):
        with lock:
            inside[0] += 1
            most[0] = max(most[0], inside[0])
        try:
            return vision.read_dice(image)
        finally:
            with lock:
                inside[0] -= 1

    monkeypatch.setattr(photos, "read_dice", counted)
    data = photo_bytes([70] * 5)
    serial = read_photo("five.png", data, 5).reading
    with ThreadPoolExecutor(8) as pool:
        readings = list(pool.map(lambda _: read_photo("five.png", data, 5).reading, range(16)))
    assert most[0] == photos.READS_AT_ONCE
    assert all(reading == serial for reading in readings)


def test_a_read_that_waits_too_long_is_refused_as_busy():
    slots = photos.ReadSlots(1, 0.05)
    with slots.hold(), pytest.raises(photos.BusyError), slots.hold():
        pass
    with slots.hold():
        pass


def test_the_page_says_the_server_is_busy_and_keeps_its_dice(page, monkeypatch):
    monkeypatch.setattr(photos, "SLOTS", photos.ReadSlots(1, 0.05))
    page = start(page, "yatzy", ["Ann"])
    with photos.SLOTS.hold():
        page = upload(page, "five.png", photo_bytes([70] * 5), "image/png")
    assert not page.exception
    (error,) = page.error
    assert "reading other tables' photos" in error.value.replace("\\", "")
    assert [page.segmented_control(key=f"die_{i}").value for i in range(5)] == [None] * 5
