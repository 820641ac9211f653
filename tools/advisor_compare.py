"""The advisor against ``yatzy-solver`` (PyPI, optional): the same measures, taken in turns.

Both solve American Yahtzee with the forced joker and Scandinavian Yatzy exactly. Each
build and each first query runs in a fresh process, ours and theirs alternately, round
after round; the queries run in this process, alternately on the same situations, met
in games the advisor plays. The table gives medians, their ratio (ours / theirs), and
the spread of that ratio: the lowest and highest over the rounds (for the queries, over
as many groups of games).
"""

import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Protocol

import numpy as np

from advisor import (
    CACHE_ENV,
    BoxChoice,
    KeepChoice,
    TableCache,
    advise_box,
    advise_keep,
    forget_turns,
)
from advisor.lockstep import rest_totals
from advisor.tables import Solved
from scoring import FACES, Game, rules_of
from tools.advisor_timing import run_child, timed

# Our game: its name here, yatzy-solver's variant, and their ids of boxes named otherwise.
GAMES = {
    "yahtzee": ("Yahtzee (forced joker)", "american+forced-joker", {}),
    "yatzy": ("Yatzy", "yatzy-scandinavian", {"pair": "one_pair", "five_of_a_kind": "yatzy"}),
}
UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
FIRST_DICE = [1, 3, 3, 5, 6]
QUERY_GAMES = 20
LOCKSTEP = 10_000

OUR_FIRST_QUERY = "import sys; from advisor import advise_keep; advise_keep(sys.argv[1], {}, 1)"
THEIR_BUILD = (
    "import sys, yatzy_solver as y; y.Solver.build_table(y.Variant(sys.argv[1]), sys.argv[2])"
)
THEIR_FIRST_QUERY = (
    "import sys, yatzy_solver as y; "
    "y.Solver.load(sys.argv[2], y.Variant(sys.argv[1])).option_values(sys.argv[3])"
)

# A measure: its name, our median, theirs, the unit, and the lowest and highest ratio.
Row = tuple[str, float, float, str, tuple[float, float]]
# One child process's wall seconds and peak MiB.
Measured = tuple[float, float]


class TheirSolver(Protocol):
    """What is used of a ``yatzy_solver.Solver``."""

    def option_values(self, situation: str) -> list[tuple[str, float]]:
        """Every option of ``situation`` as (action, points still to come)."""


def in_turns(
    rounds: int, ours: list[str], theirs: list[str], env: dict[str, str]
) -> list[list[Measured]]:
    """Each side's ``run_child`` results, taking turns at going first, ``rounds`` times."""
    found: list[list[Measured]] = [[], []]
    for turn in range(rounds):
        for side in (0, 1) if turn % 2 == 0 else (1, 0):
            run = run_child((ours, theirs)[side], env)
            found[side].append((run.wall, run.peak_mib))
    return found


def situation(game: str, column: dict[str, int], dice: list[int], rolls_left: int) -> str:
    """A situation in yatzy-solver's notation (boxes in the sheet's order, which is theirs)."""
    names = GAMES[game][2]
    in_order = [box.id for box in rules_of(game).boxes if box.id in column]
    filled = ",".join(names.get(box, box) for box in in_order) or "-"
    upper = sum(column.get(box, 0) for box in UPPER)
    text = f"dice {' '.join(map(str, sorted(dice)))} | rolls {rolls_left} | upper {upper}"
    text += f" | filled {filled}"
    if game == "yahtzee" and "five_of_a_kind" in column:
        text += f" | five_of_a_kind {column['five_of_a_kind']}"
    return text


def _as_theirs(
    game: str, choices: list[KeepChoice] | list[BoxChoice], so_far: int
) -> dict[str, float]:
    """Our choices by yatzy-solver's action names, valued as points still to come."""
    names = GAMES[game][2]
    found: dict[str, float] = {}
    for choice in choices:
        if isinstance(choice, BoxChoice):
            found[f"score {names.get(choice.box, choice.box)}"] = choice.expected - so_far
        elif not choice.score_now and len(choice.keep) < rules_of(game).dice:
            found[f"keep {' '.join(map(str, choice.keep)) or '-'}"] = choice.expected - so_far
    return found


def time_queries(
    game: str, theirs: TheirSolver, cache: TableCache
) -> tuple[dict[str, list[list[float]]], float, int]:
    """Milliseconds of each query (ours with the tables of `cache`) per game played, ours
    and theirs in turns on the same situations, the largest difference between our values
    and theirs, and how many were compared."""
    cache.solved(game)
    rng = random.Random(game)
    samples: dict[str, list[list[float]]] = {
        "keep": [],
        "keep theirs": [],
        "box": [],
        "box theirs": [],
    }
    worst, compared, turn = 0.0, 0, 0
    for _ in range(QUERY_GAMES):
        for times in samples.values():
            times.append([])
        table = Game(game, ["p"])
        while not table.finished:
            column = table.column("p")
            dice = [rng.choice(FACES) for _ in range(table.rules.dice)]
            forget_turns()
            their: dict[str, list[tuple[str, float]]] = {}
            for ours in (True, False) if turn % 2 == 0 else (False, True):
                if ours:
                    keep = timed(
                        samples["keep"][-1], advise_keep, game, dice, 1, column, cache=cache
                    )
                    box = timed(samples["box"][-1], advise_box, game, dice, 3, column, cache=cache)
                else:
                    for query, rolls_left in (("keep", 2), ("box", 0)):
                        text = situation(game, column, dice, rolls_left)
                        found = timed(samples[f"{query} theirs"][-1], theirs.option_values, text)
                        their[query] = found
            so_far = sum(column.values())
            mine = {"keep": _as_theirs(game, keep, so_far), "box": _as_theirs(game, box, so_far)}
            for query, options in their.items():
                for action, value in options:
                    if action in mine[query]:
                        worst = max(worst, abs(mine[query][action] - value))
                        compared += 1
            table.record(box[0].box, dice, 3)
            turn += 1
    return samples, worst, compared


def lockstep_turn(tables: Solved) -> float:
    """Milliseconds per turn when ``LOCKSTEP`` games are played at once by the advisor."""
    state = tables.columns.state({})
    rest_totals(tables, state, 100, np.random.default_rng(0))
    start = time.perf_counter()
    rest_totals(tables, state, LOCKSTEP, np.random.default_rng(1))
    return 1000 * (time.perf_counter() - start) / (LOCKSTEP * len(tables.layout.rules.boxes))


def _row(name: str, found: list[list[Measured]], field: int, unit: str, scale: float = 1) -> Row:
    """The medians of one field of each side's runs, and the ratios of the runs of each
    round."""
    ours, theirs = (scale * statistics.median(run[field] for run in side) for side in found)
    ratios = [mine[field] / their[field] for mine, their in zip(*found, strict=True)]
    return name, ours, theirs, unit, (min(ratios), max(ratios))


def _query_row(name: str, ours: list[list[float]], theirs: list[list[float]], rounds: int) -> Row:
    """The medians of all of each side's query times, and the ratio of the medians within
    each of ``rounds`` groups of games."""
    ratios = []
    for group in range(rounds):
        mine = [t for times in ours[group::rounds] for t in times]
        their = [t for times in theirs[group::rounds] for t in times]
        ratios.append(statistics.median(mine) / statistics.median(their))
    flat = [[t for times in side for t in times] for side in (ours, theirs)]
    medians = [statistics.median(side) for side in flat]
    return name, medians[0], medians[1], "ms", (min(ratios), max(ratios))


def compare(rounds: int) -> list[Row]:
    """Every measure for both games as (name, ours, theirs, unit), with tables built in a
    folder of their own."""
    with tempfile.TemporaryDirectory(prefix="advisor-compare-") as folder:
        return _compare(rounds, Path(folder))


def _compare(rounds: int, folder: Path) -> list[Row]:
    import yatzy_solver

    rows: list[Row] = []
    # Our commands find the folder through the advisor's setting.
    env = {**os.environ, CACHE_ENV: str(folder)}
    for game, (label, variant, _) in GAMES.items():
        table = str(folder / f"{variant}.table")
        their_build = ["-c", THEIR_BUILD, variant, table]
        builds = in_turns(rounds, ["-m", "advisor", "build", game, "--force"], their_build, env)
        rows.append(
            _row(f"{label}: every table the page uses, build, whole process", builds, 0, "s")
        )
        rows.append(_row(f"{label}: peak memory of that build", builds, 1, "MiB"))
        ours = ["-m", "advisor", "build", game, "--force", "--without-moments"]
        advice = in_turns(rounds, ours, their_build, env)
        rows.append(
            _row(f"{label}: the advice's table alone, build, whole process", advice, 0, "s")
        )
        first = situation(game, {}, FIRST_DICE, 2)
        starts = in_turns(
            rounds,
            ["-c", OUR_FIRST_QUERY.format(FIRST_DICE), game],
            ["-c", THEIR_FIRST_QUERY, variant, table, first],
            env,
        )
        rows.append(_row(f"{label}: first query in a fresh process", starts, 0, "ms", 1000))
        theirs = yatzy_solver.Solver.build(yatzy_solver.Variant(variant))
        samples, worst, compared = time_queries(game, theirs, TableCache(folder))
        for query, name in (("keep", "advise_keep, new state"), ("box", "advise_box")):
            row = _query_row(
                f"{label}: {name}, median", samples[query], samples[f"{query} theirs"], rounds
            )
            rows.append(row)
        # A turn of play asks for two keeps and a box at most; ours play many at once.
        medians = {
            name: statistics.median(t for times in found for t in times)
            for name, found in samples.items()
        }
        their_turn = 2 * medians["keep theirs"] + medians["box theirs"]
        ours_turn = lockstep_turn(TableCache(folder).solved(game))
        ratio = ours_turn / their_turn
        name = f"{label}: a turn of play, {LOCKSTEP:,} games in lockstep"
        rows.append((name, ours_turn, their_turn, "ms", (ratio, ratio)))
        print(f"{game}: values agree to {worst:.1e} on {compared:,} options", flush=True)
    return rows


def print_table(rows: list[Row], rounds: int) -> None:
    """The measures as a Markdown table with the ratio ours / theirs."""
    from yatzy_solver import __version__

    print(f"\nagainst yatzy-solver {__version__}: medians of {rounds} rounds taken in turns\n")
    print("| measure | ours | yatzy-solver | ratio | ratio, lowest to highest round |")
    print("|---|---|---|---|---|")
    for name, ours, theirs, unit, (low, high) in rows:
        digits = {"s": 2, "MiB": 0}.get(unit, 3 if max(ours, theirs) < 1 else 1)
        cells = f"{ours:.{digits}f} {unit} | {theirs:.{digits}f} {unit}"
        print(f"| {name} | {cells} | {ours / theirs:.2f} | {low:.2f} to {high:.2f} |", flush=True)
