"""Simulated players for the statistics tests: games where every choice is the advisor's,
but for one known mistake when asked."""

import random

from advisor import advise_box, advise_keep
from scoring import Game


def advised_game(
    kind: str, players: list[str], seed: int, mistaken: str | None = None
) -> tuple[Game, float]:
    """A game every player plays as the advisor would, its rolls recorded; `mistaken`'s
    first box choice is instead the advisor's second best. Returns the game and what that
    mistake cost in expected final score (0 without one)."""
    rng = random.Random(seed)
    game = Game(kind, players)
    cost, pending = 0.0, mistaken
    while not game.finished:
        player = game.current_player
        column = game.column(player)
        dice, roll, rolls = [rng.randint(1, 6) for _ in range(5)], 1, []
        while roll < game.rules.rolls:
            best = advise_keep(game.rules, dice, roll, column)[0]
            if best.score_now:
                break
            rolls.append({"dice": dice, "kept": list(best.keep)})
            dice = list(best.keep) + [rng.randint(1, 6) for _ in range(5 - len(best.keep))]
            roll += 1
        choices = advise_box(game.rules, dice, roll, column)
        choice = choices[0]
        if player == pending and len(choices) > 1 and choices[1].loss > 1e-6:
            choice, pending = choices[1], None
            cost = choices[0].expected - choice.expected
        game.record(choice.box, dice, roll, rolls)
    return game, cost
