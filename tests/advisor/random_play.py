"""Games played by random legal choices, every turn recorded with its earlier rolls."""

import random

from scoring import Game, GameRules


def random_game(rules: GameRules, players: list[str], seed: int, turns: int | None = None) -> Game:
    """A game of random legal play: random keeps, recorded as the turn's rolls, and random
    boxes; one turn in five starts with all dice alike and scores them at once."""
    rng = random.Random(seed)
    game = Game(rules, players)
    size = rules.dice
    for _ in range(rules.turns_for(len(players)) if turns is None else turns):
        dice = [rng.randint(1, 6) for _ in range(size)]
        roll, rolls = 1, []
        if rng.random() < 0.2:
            dice = [rng.randint(1, 6)] * size
        while roll < 3 and rng.random() < 0.6 and len(set(dice)) > 1:
            kept = [die for die in dice if rng.random() < 0.5]
            rolls.append({"dice": dice, "kept": kept})
            dice = kept + [rng.randint(1, 6) for _ in range(size - len(kept))]
            roll += 1
        game.record(rng.choice(game.options(dice, roll))[0], dice, roll, rolls)
    return game
