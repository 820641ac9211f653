"""The command line's JSON lines and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import cv2

from tests.vision.scenes import draw_die, table


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "vision", *args], capture_output=True, text=True, check=False
    )


def test_json_line_per_image_and_error_line(tmp_path):
    image = table()
    draw_die(image, 3, (200, 200), 60, 20)
    draw_die(image, 6, (400, 260), 60, 0)
    good = tmp_path / "dice.png"
    cv2.imwrite(str(good), image)
    bad = tmp_path / "notes.jpg"
    bad.write_text("not an image")
    result = run(str(bad), str(good), "--json")
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert lines[0]["path"] == str(bad) and "error" in lines[0]
    record = lines[1]
    assert set(record) == {"path", "width", "height", "ms", "dice"}
    assert record["path"] == str(good)
    assert (record["width"], record["height"]) == (640, 480)
    assert record["ms"] >= 0
    assert [d["value"] for d in record["dice"]] == [3, 6]
    for die in record["dice"]:
        assert set(die) == {"value", "box", "confidence"}
        assert len(die["box"]) == 4 and 0 <= die["confidence"] <= 1


def test_exit_zero_when_all_images_read(tmp_path):
    path = tmp_path / "empty.png"
    cv2.imwrite(str(path), table())
    result = run(str(path))
    assert result.returncode == 0
    assert json.loads(result.stdout)["dice"] == []


def test_a_closed_output_stops_the_command_quietly(tmp_path):
    path = tmp_path / "empty.png"
    cv2.imwrite(str(path), table())
    command = [sys.executable, "-m", "vision", *[str(path)] * 50]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert json.loads(process.stdout.readline())["dice"] == []
        process.stdout.close()
        errors = process.stderr.read().decode()
    assert "Traceback" not in errors
