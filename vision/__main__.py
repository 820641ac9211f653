"""Command line: read dice in image files and print one JSON line per image.

    python -m vision IMAGE... [--json]

Each line is {"path", "width", "height", "ms", "dice": [{"value", "box", "confidence"}]};
an unreadable file gives {"path", "error"} and makes the exit code 1 once every image
has been read. When the reader of the output stops (`| head`), so does the command,
quietly.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from vision.decode import LARGEST_FILE, decode_image
from vision.reader import read_dice
from vision.reading import InvalidImageError


def read_file(path: str) -> dict[str, object]:
    """The JSON-ready reading of one image file, or an error record."""
    try:
        with open(path, "rb") as file:
            image = decode_image(file.read(LARGEST_FILE + 1))
    except OSError as error:
        return {"path": path, "error": f"cannot open the file: {error.strerror or error}"}
    except InvalidImageError as error:
        return {"path": path, "error": str(error)}
    start = time.perf_counter()
    reading = read_dice(image)
    ms = (time.perf_counter() - start) * 1000
    return {
        "path": path,
        "width": int(image.shape[1]),
        "height": int(image.shape[0]),
        "ms": round(ms, 1),
        "dice": [
            {"value": d.value, "box": list(d.box), "confidence": d.confidence} for d in reading.dice
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision", description="Read dice in images.")
    parser.add_argument("images", nargs="+", metavar="IMAGE")
    parser.add_argument("--json", action="store_true", help="JSON lines (the only format)")
    args = parser.parse_args(argv)
    status = 0
    try:
        for path in args.images:
            record = read_file(path)
            status = 1 if "error" in record else status
            print(json.dumps(record), flush=True)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status


if __name__ == "__main__":
    sys.exit(main())
