"""``python -m tools.win_chance_accuracy``: ``advisor.win_chances`` against simulation.

For random mid-game positions of 2 to 4 players (reached by the advisor's own play with
random dice), every column's rest is simulated many times by the advisor's play
(``advisor.lockstep``), and each player's share of first place over those simulated
finals is compared with the computed chance. The simulation's own standard error is
taken from the spread between ``BATCHES`` equal batches of the simulated finals.
"""

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from advisor import advised_games, default_cache, win_chances
from advisor.chances import win_shares
from advisor.finals import Final
from advisor.lockstep import rest_totals
from scoring import Game
from tools.advisor_simulate import play_turn

BATCHES = 10


@dataclass(frozen=True)
class Position:
    """A game part played: each player's filled boxes and extra bonuses, in seat order."""

    columns: list[dict[str, int]]
    earned: list[int]


@dataclass(frozen=True)
class Compared:
    """A position's computed chances, the simulated shares and their standard errors."""

    computed: list[float]
    simulated: list[float]
    errors: list[float]
    open_boxes: int


def mid_game(game: str, rng: random.Random) -> Position:
    """A position 2 to 4 players reach after a random number of turns (each player with
    at least two boxes filled and at least two open), the advisor playing."""
    players = [f"p{i}" for i in range(rng.randint(2, 4))]
    table = Game(game, players)
    boxes = len(table.rules.boxes)
    for _ in range(rng.randint(2 * len(players), (boxes - 2) * len(players) - 1)):
        play_turn(table, rng)
    totals = table.totals()
    return Position([table.column(p) for p in players], [totals[p].extra_bonus for p in players])


def _empirical(totals: np.ndarray) -> Final:
    low = int(totals.min())
    return Final(low, np.bincount(totals - low) / len(totals), False)


def compare(game: str, position: Position, sims: int, seed: int) -> Compared:
    """The position's computed chances against ``sims`` simulated finals per column."""
    tables = default_cache().solved(game)
    rng = np.random.default_rng(seed)
    finals = []
    for column, earned in zip(position.columns, position.earned, strict=True):
        rest = rest_totals(tables, tables.columns.state(column), sims, rng)
        finals.append(rest + sum(column.values()) + earned)
    simulated = win_shares([_empirical(f) for f in finals])
    batches = [win_shares([_empirical(f[b::BATCHES]) for f in finals]) for b in range(BATCHES)]
    errors = [statistics.stdev(shares) / BATCHES**0.5 for shares in zip(*batches, strict=True)]
    computed = win_chances(game, position.columns, earned=position.earned)
    open_boxes = len(tables.layout.rules.boxes) - len(position.columns[0])
    return Compared(computed, simulated, errors, open_boxes)


def check_game(game: str, positions: int, sims: int, seed: int) -> list[Compared]:
    """``positions`` random mid-game positions of ``game``, each compared."""
    rng = random.Random(f"{game} {seed}")
    return [compare(game, mid_game(game, rng), sims, seed * 1000 + i) for i in range(positions)]


def check_games(
    games: list[str], positions: int, sims: int, seed: int
) -> dict[str, list[Compared]]:
    """Every game checked, games shared out between processes."""
    with ProcessPoolExecutor() as pool:
        runs = [pool.submit(check_game, g, positions, sims, seed) for g in games]
        return {game: run.result() for game, run in zip(games, runs, strict=True)}


def differences(found: list[Compared]) -> list[float]:
    """Every player's computed chance minus the simulated share, in percentage points."""
    return [
        100 * (c - s) for one in found for c, s in zip(one.computed, one.simulated, strict=True)
    ]


def main(argv: list[str] | None = None) -> None:
    """Print, per game, the mean and largest absolute difference and the simulation error."""
    parser = argparse.ArgumentParser(prog="python -m tools.win_chance_accuracy")
    parser.add_argument("games", nargs="*", default=advised_games())
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--sims", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"{args.positions} mid-game positions of 2-4 players per game, "
        f"{args.sims} simulated continuations per column"
    )
    print("| game | chances | mean abs diff pp | max abs diff pp | mean SE pp | max SE pp |")
    print("|---|---|---|---|---|---|")
    for game, found in check_games(args.games, args.positions, args.sims, args.seed).items():
        gaps = [abs(d) for d in differences(found)]
        errors = [100 * e for one in found for e in one.errors]
        print(
            f"| {game} | {len(gaps)} | {statistics.fmean(gaps):.2f} | {max(gaps):.2f} "
            f"| {statistics.fmean(errors):.2f} | {max(errors):.2f} |"
        )


if __name__ == "__main__":
    main()
