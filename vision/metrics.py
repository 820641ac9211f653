"""Score predicted dice against labelled dice: one-to-one matching and summary metrics."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

BoxLike = Sequence[float]


@dataclass(frozen=True)
class PhotoScore:
    """Counts for one photo: labelled, predicted, matched and correctly valued dice."""

    labelled: int
    predicted: int
    matched: int
    correct: int

    @property
    def exact(self) -> bool:
        """Every die found with the right value and nothing extra."""
        return self.correct == self.labelled == self.predicted


def match_dice(
    predicted: Sequence[tuple[int, BoxLike]], labelled: Sequence[tuple[int, BoxLike]]
) -> list[tuple[int, int]]:
    """Pair predictions with labels one-to-one: a pair needs the prediction's centre
    inside the label's box; nearest centres pair first. Returns (pred, label) indices."""
    pairs = []
    for i, (_, p) in enumerate(predicted):
        px, py = (p[0] + p[2]) / 2, (p[1] + p[3]) / 2
        for j, (_, b) in enumerate(labelled):
            if b[0] <= px <= b[2] and b[1] <= py <= b[3]:
                bx, by = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
                pairs.append((float(np.hypot(px - bx, py - by)), i, j))
    used_p: set[int] = set()
    used_l: set[int] = set()
    matches = []
    for _, i, j in sorted(pairs):
        if i not in used_p and j not in used_l:
            used_p.add(i)
            used_l.add(j)
            matches.append((i, j))
    return sorted(matches)


def score_photo(
    predicted: Sequence[tuple[int, BoxLike]], labelled: Sequence[tuple[int, BoxLike]]
) -> PhotoScore:
    """Counts for one photo; each die is (value, box)."""
    matches = match_dice(predicted, labelled)
    correct = sum(predicted[i][0] == labelled[j][0] for i, j in matches)
    return PhotoScore(len(labelled), len(predicted), len(matches), correct)


def summarise(scores: Sequence[PhotoScore], times_ms: Sequence[float]) -> dict[str, float]:
    """Recall, precision (over all photos, and over the photos that carry labels, for
    sets where some photos were never labelled), value accuracy of matched dice,
    end-to-end accuracy, share of exactly right photos, the counts of dice wrong (false
    dice matching no label, labelled dice missed, found dice misread, and all three
    together; false dice also over the labelled photos only), and median / 95th
    percentile time per photo."""
    labelled = sum(s.labelled for s in scores)
    predicted = sum(s.predicted for s in scores)
    matched = sum(s.matched for s in scores)
    predicted_on_labelled = sum(s.predicted for s in scores if s.labelled)
    correct = sum(s.correct for s in scores)
    times = np.asarray(times_ms, dtype=float) if len(times_ms) else np.zeros(1)
    return {
        "photos": len(scores),
        "labelled dice": labelled,
        "predicted dice": predicted,
        "recall": matched / labelled if labelled else 1.0,
        "precision": matched / predicted if predicted else 1.0,
        "precision, labelled photos": (
            matched / predicted_on_labelled if predicted_on_labelled else 1.0
        ),
        "value accuracy": correct / matched if matched else 1.0,
        "end-to-end accuracy": correct / labelled if labelled else 1.0,
        "photos exactly right": sum(s.exact for s in scores) / len(scores) if scores else 1.0,
        "exactly right photos": sum(s.exact for s in scores),
        "false dice": predicted - matched,
        "false dice, labelled photos": predicted_on_labelled - matched,
        "missed dice": labelled - matched,
        "misread dice": matched - correct,
        "dice wrong end to end": predicted - correct + labelled - matched,
        "median ms": float(np.median(times)),
        "p95 ms": float(np.percentile(times, 95)),
    }
