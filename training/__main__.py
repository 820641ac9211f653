"""Train one of the reader's networks on the tune photos and export it to ONNX.

python -m training finder|reader [--data DIR] [--steps N] [--out DIR] [--seed S] [--init FILE]
    [--rate R] [--threads T]

Besides the ONNX file, the PyTorch weights are written to OUT/NAME.pt. --init goes on
training from such weights, or from a network as shipped (vision/models/NAME.onnx).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from numpy.typing import NDArray
from torch import nn

from training.data import (
    Photo,
    degrade,
    empty_view,
    finder_targets,
    finder_view,
    load_tune_photos,
    part_view,
    pick_photo,
    reader_view,
    recolour,
)
from training.mistakes import mistaken_faces, mistaken_spots
from training.models import READER_CLASSES, FaceFinder, FaceReader, load_onnx_weights
from training.scenes import drawn_empty, drawn_face, drawn_scene
from vision import FINDER_FILE, MODEL_DIR, READER_FILE, READER_INPUT, face_crop

FINDER_VIEW = 320
# Dice in the finder's training views are this many pixels across (log-uniform): from
# dice 1/85 of a working image's side to ones a quarter of it (vision.finder).
FINDER_SIDES = (6.0, 120.0)
# Share of drawn scenes among the training views; the rest are views of real photos.
DRAWN = 0.3
NO_FACE = READER_CLASSES - 1
# Empty drawn tables whose finder spots are, with those on the tune photos away from
# their dice, the reader's hard examples.
MISTAKEN_TABLES = 400
# Of the real dice in a reader batch, PLAIN_SHARE are seen as photographed, neither
# recoloured nor degraded: heavy colour changes and blur hide the faint pips of dark
# translucent dice, which the reader must also learn as a camera sees them. HARD_SHARE
# are drawn by how unsure the starting network is of each (`difficulty`).
PLAIN_SHARE = 0.3
HARD_SHARE = 0.2
# A die the starting network reads as another value this surely is more likely
# mislabelled than hard, and is not drawn more often.
MISLABELLED = 0.95
# Share of a reader batch taken by the networks' own mistakes (training.mistakes).
MISTAKE_SHARE = 0.1
# The peak of the one-cycle learning rate for a network trained from scratch; going on
# from trained weights takes a smaller one (--rate).
LEARNING_RATE = 3e-3


def finder_batch(photos: list[Photo], n: int, rng: np.random.Generator) -> tuple[torch.Tensor, ...]:
    images, heats, sides, masks = [], [], [], []
    for _ in range(n):
        if rng.random() < DRAWN:
            image, centres, die_sides, _ = drawn_scene(FINDER_VIEW, rng, FINDER_SIDES)
            image = degrade(image, rng)
        else:
            image, centres, die_sides = finder_view(
                pick_photo(photos, rng), FINDER_VIEW, rng, FINDER_SIDES
            )
        heat, log_side, mask = finder_targets(centres, die_sides, FINDER_VIEW)
        images.append(image)
        heats.append(heat)
        sides.append(log_side)
        masks.append(mask)
    return (
        to_tensor(np.stack(images)),
        torch.from_numpy(np.stack(heats)),
        torch.from_numpy(np.stack(sides)),
        torch.from_numpy(np.stack(masks)),
    )


def to_tensor(images: np.ndarray) -> torch.Tensor:
    """NHWC uint8 BGR to NCHW float in 0..1, as vision.networks feeds OpenCV."""
    return torch.from_numpy(np.ascontiguousarray(images.transpose(0, 3, 1, 2))).float() / 255


def focal_loss(logits: torch.Tensor, heat: torch.Tensor) -> torch.Tensor:
    """The penalty-reduced focal loss on centre heat maps (peaks are exactly 1)."""
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    peak = heat.eq(1).float()
    pos = -((1 - p) ** 2) * torch.log(p) * peak
    neg = -((1 - heat) ** 4) * p**2 * torch.log(1 - p) * (1 - peak)
    return (pos.sum() + neg.sum()) / peak.sum().clamp(min=1)


def fit(
    model: nn.Module,
    steps: int,
    batch_loss: Callable[[], tuple[torch.Tensor, str]],
    rate: float = LEARNING_RATE,
) -> nn.Module:
    """Train `model` for `steps` batches with AdamW and a one-cycle learning rate peaking
    at `rate`; `batch_loss()` draws a batch and gives its loss and a note for the
    progress line."""
    optimiser = torch.optim.AdamW(model.parameters(), lr=rate, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, rate, total_steps=steps)
    start = time.time()
    for step in range(steps):
        loss, note = batch_loss()
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if step % 100 == 0:
            print(f"{step} {note} {time.time() - start:.0f}s", flush=True)
    return model


def train_finder(
    model: nn.Module, photos: list[Photo], steps: int, rng: np.random.Generator, rate: float
) -> nn.Module:
    """The finder, trained on views of real photos and drawn scenes."""

    def batch_loss() -> tuple[torch.Tensor, str]:
        images, heat, log_side, mask = finder_batch(photos, 16, rng)
        out = model(images)
        loss_heat = focal_loss(out[:, 0], heat)
        loss_side = (torch.abs(out[:, 1] - log_side) * mask).sum() / mask.sum().clamp(min=1)
        return loss_heat + loss_side, f"heat {loss_heat.item():.3f} side {loss_side.item():.3f}"

    return fit(model, steps, batch_loss, rate)


def all_dice(photos: list[Photo]) -> list[tuple[Photo, int]]:
    """Every labelled die of `photos`, as (photo, index)."""
    return [(photo, j) for photo in photos for j in range(len(photo.values))]


def difficulty(model: nn.Module, photos: list[Photo], rng: np.random.Generator) -> np.ndarray:
    """How often to draw each die of `all_dice(photos)` when drawing hard ones: the
    model's chance of misreading a plain view of it, or 0 where it reads another value
    at least MISLABELLED surely."""
    dice = all_dice(photos)
    crops = np.stack([reader_view(photo, j, READER_INPUT, rng, plain=True) for photo, j in dice])
    truth = torch.tensor([int(photo.values[j]) - 1 for photo, j in dice])
    model.eval()
    with torch.no_grad():
        chances = torch.cat(
            [model(to_tensor(part)).softmax(1) for part in np.array_split(crops, 16)]
        )
    model.train()
    right = chances[torch.arange(len(dice)), truth]
    other = chances[:, :NO_FACE].clone()
    other[torch.arange(len(dice)), truth] = 0
    weights = torch.where(other.max(1).values >= MISLABELLED, 0.0, 1 - right).numpy()
    shares: NDArray[np.float32] = weights / weights.sum()
    return shares


def reader_batch(
    photos: list[Photo],
    n: int,
    rng: np.random.Generator,
    mistakes: list[np.ndarray],
    hard: np.ndarray | None = None,
) -> tuple[np.ndarray, list[int]]:
    """Face crops with their classes: real dice mostly, some drawn dice, and crops with
    no die face: real table between the dice, parts of real dice (pips blown up to a
    face's size), drawn tables of every surface and clutter, and `mistakes`, spots the
    networks mark where there is no die (training.mistakes). `hard` weighs the dice
    of `all_dice(photos)` for the HARD_SHARE of real dice drawn by difficulty."""
    crops: list[np.ndarray] = []
    labels: list[int] = []
    with_dice = [p for p in photos if len(p.values)]
    dice = all_dice(photos)
    while len(crops) < n:
        draw = rng.random()
        if draw < 0.6:
            if hard is not None and rng.random() < HARD_SHARE:
                photo, j = dice[int(rng.choice(len(dice), p=hard))]
            else:
                photo = pick_photo(with_dice, rng)
                j = int(rng.integers(len(photo.values)))
            plain = bool(rng.random() < PLAIN_SHARE)
            crops.append(reader_view(photo, j, READER_INPUT, rng, plain))
            labels.append(int(photo.values[j]) - 1)
        elif draw < 0.72:
            crop, value = drawn_face(READER_INPUT, rng.uniform(1.15, 1.45), rng)
            crops.append(degrade(recolour(crop, rng), rng))
            labels.append(value - 1)
        elif draw < 0.82:
            empty = empty_view(pick_photo(photos, rng), READER_INPUT, rng)
            if empty is not None:
                crops.append(empty)
                labels.append(NO_FACE)
        elif draw < 0.88:
            photo = pick_photo(with_dice, rng)
            crops.append(part_view(photo, int(rng.integers(len(photo.values))), READER_INPUT, rng))
            labels.append(NO_FACE)
        elif draw < 1 - MISTAKE_SHARE or not mistakes:
            crops.append(degrade(recolour(drawn_empty(READER_INPUT, rng), rng), rng))
            labels.append(NO_FACE)
        else:
            crop = mistakes[int(rng.integers(len(mistakes)))]
            crops.append(degrade(recolour(crop[:, ::-1] if rng.random() < 0.5 else crop, rng), rng))
            labels.append(NO_FACE)
    return np.stack(crops), labels


def train_reader(
    model: nn.Module, photos: list[Photo], steps: int, rng: np.random.Generator, rate: float
) -> nn.Module:
    """The reader, trained on face crops (reader_batch)."""
    drawn = mistaken_faces(MISTAKEN_TABLES, rng)
    real = [face_crop(p.image, spot) for p in photos for spot in mistaken_spots(p)]
    print(
        f"{len(drawn)} spots the networks mark on {MISTAKEN_TABLES} empty drawn tables,"
        f" {len(real)} on the tune photos away from their dice"
    )
    mistakes = drawn + real
    hard = difficulty(model, photos, rng)

    def batch_loss() -> tuple[torch.Tensor, str]:
        crops, labels = reader_batch(photos, 128, rng, mistakes, hard)
        values = torch.tensor(labels)
        out = model(to_tensor(crops))
        right = (out.argmax(1) == values).float().mean().item()
        loss = nn.functional.cross_entropy(out, values, label_smoothing=0.05)
        return loss, f"loss {loss.item():.3f} right {right:.3f}"

    return fit(model, steps, batch_loss, rate)


def export(model: nn.Module, example: torch.Tensor, path: Path, dynamic: bool) -> None:
    """Write the model as ONNX for OpenCV's dnn module."""
    model.eval()
    axes = {"image": {0: "n", 2: "h", 3: "w"}} if dynamic else {"image": {0: "n"}}
    torch.onnx.export(
        model,
        example,
        str(path),
        input_names=["image"],
        output_names=["out"],
        dynamic_axes=axes,
        opset_version=13,
        dynamo=False,
    )
    print(f"wrote {path} ({path.stat().st_size} bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m training")
    parser.add_argument("network", choices=["finder", "reader"])
    parser.add_argument("--data", type=Path, default=Path("../shared/datasets"))
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--out", type=Path, default=MODEL_DIR)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--init", type=Path, help="PyTorch weights or ONNX network to start from")
    parser.add_argument("--rate", type=float, default=LEARNING_RATE, help="peak learning rate")
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0: all cores)")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    if args.threads:
        torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    photos = load_tune_photos(args.data)
    print(f"{len(photos)} photos, {sum(len(p.values) for p in photos)} dice")
    args.out.mkdir(parents=True, exist_ok=True)
    model = FaceFinder() if args.network == "finder" else FaceReader()
    if args.init and args.init.suffix == ".onnx":
        sample = (
            finder_batch(photos, 32, rng)[0]
            if args.network == "finder"
            else to_tensor(reader_batch(photos, 512, rng, [])[0])
        )
        load_onnx_weights(model, args.init, sample)
    elif args.init:
        model.load_state_dict(torch.load(args.init))
    if args.network == "finder":
        train_finder(model, photos, args.steps, rng, args.rate)
        export(model, torch.zeros(1, 3, FINDER_VIEW, FINDER_VIEW), args.out / FINDER_FILE, True)
    else:
        train_reader(model, photos, args.steps, rng, args.rate)
        export(model, torch.zeros(1, 3, READER_INPUT, READER_INPUT), args.out / READER_FILE, False)
    torch.save(model.state_dict(), args.out / f"{args.network}.pt")


if __name__ == "__main__":
    main()
