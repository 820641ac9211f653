"""``python -m tools.approximation_benchmark``: what the advice is worth where it is an
approximation, measured by simulated solitaire games played through the engine.

No table of the whole game builds for a sheet of ×1 ×2 ×3 columns, nor for rolls saved
for later turns, so the advice there is an approximation (``advisor.sheet_columns``).
Each is set beside the exact value of a play that is known: for three columns, filling
them one after another, each by the exact one-column table (six times the one-column
expectation); for saved rolls, never using them (the game's exact table without saved
rolls). Both are plays a player may choose, so each is a floor under the unknown best
play. The tables print both values, the difference with its 95 % interval, and the time
per turn.
"""

import argparse
import random
import statistics
import time
from collections.abc import Callable

from advisor import advised_games, expected_score
from scoring import GAMES, GameRules, HouseRules, house_rules
from tools.advisor_simulate import play_game

TRIPLE = (1, 2, 3)
HEADER = "| rules | games | approximation | {floor} (exact) | gain | ms per turn |"


def _row(name: str, rules: GameRules, floor: float, games: int, seed: int) -> str:
    """Simulate ``games`` games of ``rules`` and write their table row beside ``floor``."""
    rng = random.Random(seed)
    start = time.perf_counter()
    totals = [play_game(rules, rng) for _ in range(games)]
    per_turn = 1000 * (time.perf_counter() - start) / (games * rules.boxes_per_player)
    mean = statistics.fmean(totals)
    margin = 1.96 * statistics.stdev(totals) / len(totals) ** 0.5
    gain = mean - floor
    return (
        f"| {name} | {games} | {mean:.1f} ± {margin:.1f} | {floor:.1f} | "
        f"{gain:+.1f} ({100 * gain / floor:+.1f} %) | {per_turn:.1f} |"
    )


def _table(title: str, floor: str, names: list[str], row: Callable[[str], str], games: int) -> None:
    print(f"\n{title}, {games} games each\n")
    print(HEADER.format(floor=floor))
    print("|---|---|---|---|---|---|")
    for name in names:
        print(row(name), flush=True)


def main(argv: list[str] | None = None) -> None:
    """Simulate and print one table per approximation."""
    parser = argparse.ArgumentParser(prog="python -m tools.approximation_benchmark")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--columns", nargs="*", default=advised_games(), metavar="GAME")
    parser.add_argument("--saved-rolls", nargs="*", default=["maxi", "yatzy"], metavar="GAME")
    args = parser.parse_args(argv)

    def columns(game: str) -> str:
        rules = house_rules(GAMES[game], HouseRules(columns=TRIPLE))
        floor = sum(TRIPLE) * expected_score(game)
        return _row(f"{game} ×1 ×2 ×3", rules, floor, args.games, args.seed)

    def saved(game: str) -> str:
        rules = house_rules(GAMES[game], HouseRules(saved_rolls=True))
        floor = expected_score(house_rules(GAMES[game], HouseRules(saved_rolls=False)))
        return _row(f"{game}, rolls saved", rules, floor, args.games, args.seed)

    _table("Three columns", "one column after another", args.columns, columns, args.games)
    _table("Saved rolls", "saved rolls never used", args.saved_rolls, saved, args.games)


if __name__ == "__main__":
    main()
