"""Evaluate the reader on a folder of labelled photos.

    python -m tools.vision_evaluate DIR [--split all|heldout|tune] [--failures OUT]

DIR holds labelled photos, split into held-out and tune photos by the fixed rule of
vision.labels. `--failures OUT` writes each photo with a mistake, annotated with labels
(blue) and predictions.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import cv2
import numpy as np

from vision import (
    SPLITS,
    Label,
    PhotoScore,
    Reading,
    annotate,
    load_labels,
    photo_paths,
    read_dice,
    read_photo,
    score_photo,
    summarise,
)

LABEL_COLOUR = (255, 80, 0)


def draw_failure(image: np.ndarray, reading: Reading, labels: list[Label]) -> np.ndarray:
    """The annotated reading with labelled boxes and values added in blue."""
    out = annotate(image, reading)
    for value, box in labels:
        x0, y0, x1, y1 = (round(v) for v in box)
        cv2.rectangle(out, (x0, y0), (x1, y1), LABEL_COLOUR, 1)
        cv2.putText(
            out,
            str(value),
            (x0, y1 + 12),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.45,
            LABEL_COLOUR,
            1,
            cv2.LINE_AA,
        )
    return out


def evaluate(photos: list[Path], failures: Path | None = None) -> dict[str, float]:
    """Read every photo, score it against its labels and summarise."""
    scores: list[PhotoScore] = []
    times: list[float] = []
    for photo in photos:
        image = read_photo(photo)
        start = time.perf_counter()
        reading = read_dice(image)
        times.append((time.perf_counter() - start) * 1000)
        labels = load_labels(photo)
        score = score_photo([(d.value, d.box) for d in reading.dice], labels)
        scores.append(score)
        if failures is not None and not score.exact:
            failures.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(failures / f"{photo.stem}.png"), draw_failure(image, reading, labels))
    return summarise(scores, times)


def format_table(summary: dict[str, float]) -> str:
    """A two-column text table of the summary."""
    lines = []
    for key, value in summary.items():
        if not isinstance(value, float):
            shown = str(value)
        elif key.endswith("ms"):
            shown = f"{value:.1f}"
        else:
            shown = f"{value:.1%}"
        lines.append(f"| {key:<26} | {shown:>8} |")
    return "\n".join(["| metric                     | value    |", "|---|---|", *lines])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--split", choices=SPLITS, default="all")
    parser.add_argument("--failures", type=Path, default=None)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    photos = photo_paths(args.folder, args.split)
    print(f"{args.folder} split={args.split}")
    print(format_table(evaluate(photos, args.failures)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
