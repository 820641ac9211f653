"""Evaluate the reader on folders of labelled photos.

    python -m tools.vision_evaluate DIR [DIR...] [--split all|heldout|tune] [--failures OUT]

Each DIR holds labelled photos, split into held-out and tune photos by the fixed rule of
vision.labels; with several, the photos of all of them are also scored together
("pooled"). `--failures OUT` writes each photo with a mistake, annotated with labels
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
    return summarise(*scored(photos, failures))


def scored(
    photos: list[Path], failures: Path | None = None
) -> tuple[list[PhotoScore], list[float]]:
    """Every photo's score against its labels, and its milliseconds to read."""
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
    return scores, times


def format_tables(summaries: dict[str, dict[str, float]]) -> str:
    """A text table of summaries side by side, a column each."""
    keys = list(next(iter(summaries.values())))
    wide = max(len(key) for key in keys)
    lines = [
        f"| {'metric':<{wide}} | " + " | ".join(f"{n:>8}" for n in summaries) + " |",
        "|---|" + "---|" * len(summaries),
    ]
    for key in keys:
        cells = [_shown(key, summary[key]) for summary in summaries.values()]
        lines.append(f"| {key:<{wide}} | " + " | ".join(f"{c:>8}" for c in cells) + " |")
    return "\n".join(lines)


def _shown(key: str, value: float) -> str:
    if not isinstance(value, float):
        return str(value)
    return f"{value:.1f}" if key.endswith("ms") else f"{value:.1%}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", type=Path, nargs="+", metavar="DIR")
    parser.add_argument("--split", choices=SPLITS, default="all")
    parser.add_argument("--failures", type=Path, default=None)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    print(f"split={args.split}")
    found = {f.name: scored(photo_paths(f, args.split), args.failures) for f in args.folders}
    summaries = {name: summarise(*one) for name, one in found.items()}
    if len(found) > 1:
        pooled = [score for scores, _ in found.values() for score in scores]
        times = [each for _, ms in found.values() for each in ms]
        summaries["pooled"] = summarise(pooled, times)
    print(format_tables(summaries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
