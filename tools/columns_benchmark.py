"""``python -m tools.columns_benchmark``: what the advice on a sheet of ×1 ×2 ×3 columns
is worth, measured.

No table of the whole sheet builds, so the advice there is an approximation
(``advisor.sheet_columns``). Each preset's three-column sheet is played by it in
simulated solitaire games, beside the exact value of a play that is known: filling the
columns one after another, each by the exact one-column table, which scores six times
the one-column expectation. The table prints both, the difference with its 95 %
interval, and the time per turn.
"""

import argparse
import random
import statistics
import time

from advisor import advised_games, expected_score
from scoring import GAMES, HouseRules, house_rules
from tools.advisor_simulate import play_game

TRIPLE = (1, 2, 3)


def main(argv: list[str] | None = None) -> None:
    """Simulate each preset's three-column sheet and print the comparison table."""
    parser = argparse.ArgumentParser(prog="python -m tools.columns_benchmark")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("games_played", nargs="*", default=["yatzy", "yahtzee"])
    args = parser.parse_args(argv)
    print(
        "| preset | games | approximation | one column after another (exact) | gain | ms per turn |"
    )
    print("|---|---|---|---|---|---|")
    for game in args.games_played:
        if game not in advised_games():
            raise SystemExit(f"no advice for {game}")
        rules = house_rules(GAMES[game], HouseRules(columns=TRIPLE))
        rng = random.Random(args.seed)
        expected_score(game)
        start = time.perf_counter()
        totals = [play_game(rules, rng) for _ in range(args.games)]
        per_turn = 1000 * (time.perf_counter() - start) / (args.games * rules.boxes_per_player)
        mean = statistics.fmean(totals)
        margin = 1.96 * statistics.stdev(totals) / len(totals) ** 0.5
        exact = sum(TRIPLE) * expected_score(game)
        print(
            f"| {game} | {args.games} | {mean:.1f} ± {margin:.1f} | {exact:.1f} | "
            f"{mean - exact:+.1f} ({100 * (mean - exact) / exact:+.1f} %) | {per_turn:.1f} |"
        )


if __name__ == "__main__":
    main()
