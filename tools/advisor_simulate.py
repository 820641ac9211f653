"""``python -m tools.advisor_simulate GAME --games N``: the advisor plays, the engine scores.

Every turn rolls real random dice, follows the advisor's keeps and boxes (on a sheet of
several columns, its approximation), and records the box through ``scoring.Game``, so the
mean checks the computed expectation against the rules as the engine applies them.
"""

import argparse
import random
import statistics

from advisor import advise_box_columns, advise_keep_columns, expected_score
from scoring import FACES, GAMES, Game, GameOverError, GameRules

PLAYER = "advisor"


def play_turn(table: Game, rng: random.Random) -> None:
    """The current player's turn played by the advisor, recorded with its earlier rolls."""
    player = table.current_player
    if player is None:
        raise GameOverError("the game is over: every box is filled")
    game, columns = table.rules, table.columns(player)
    saved, last = table.saved_rolls(player), table.last_roll(player)
    dice = [rng.choice(FACES) for _ in range(game.dice)]
    roll, rolls = 1, []
    while roll < last:
        best = advise_keep_columns(game, dice, roll, columns, saved=saved)[0]
        if best.score_now:
            break
        rolls.append({"dice": dice, "kept": list(best.keep)})
        dice = [*best.keep, *(rng.choice(FACES) for _ in range(game.dice - len(best.keep)))]
        roll += 1
    choice = advise_box_columns(game, dice, roll, columns, saved=saved)[0]
    table.record(choice.box, dice, roll, rolls, choice.column)


def play_game(game: str | GameRules, rng: random.Random) -> int:
    """One solitaire game played by the advisor; its final total as the engine counts it
    (every column multiplied)."""
    table = Game(game, [PLAYER])
    while not table.finished:
        play_turn(table, rng)
    return table.totals()[PLAYER].total


def main(argv: list[str] | None = None) -> None:
    """Simulate, then print the mean with its 95 % interval beside the expectation."""
    parser = argparse.ArgumentParser(prog="python -m tools.advisor_simulate")
    parser.add_argument("game", choices=list(GAMES))
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    totals = [play_game(args.game, rng) for _ in range(args.games)]
    mean = statistics.fmean(totals)
    spread = statistics.stdev(totals) if len(totals) > 1 else 0.0
    margin = 1.96 * spread / len(totals) ** 0.5
    expected = expected_score(args.game)
    print(
        f"{args.game}: {args.games} games, mean {mean:.2f} ± {margin:.2f} (sd {spread:.2f}); "
        f"expected {expected:.4f}; difference {100 * (mean - expected) / expected:+.2f} %"
    )


if __name__ == "__main__":
    main()
