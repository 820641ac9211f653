"""``python -m tools.play_to_win GAME --pairs N``: play to win against play for points.

Two players, one playing to win once it has at most ``advisor.to_win.ENDGAME`` boxes open
(``advisor.to_win.Endgame``), the other always for points. The games come in pairs with
two dice streams, one per seat: in the first the player to win sits first, in the second
second, so that each player meets the other's dice. Were both to play for points, the
two games would be the same game with the players swapped and the pair's mean share
of first place exactly one half; only the endgame choices move it. The win rate is the
mean share of the player to win, with a 95 % interval from the spread of the pairs.
"""

import argparse
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from advisor import advise_box, advise_keep, default_cache
from advisor.finals import final_total
from advisor.to_win import ENDGAME, WIN, Endgame, win_prize
from scoring import FACES, GAMES, Game

PLAYERS = ("first", "second")


def _to_win(table: Game, rng: random.Random) -> None:
    """The current player's turn played to win against the other's final total."""
    player = table.current_player
    assert player is not None, "a turn is played only while the game goes on"
    tables = default_cache().solved(table.rules)
    totals = table.totals()
    other = next(p for p in table.players if p != player)
    prize = win_prize([final_total(tables, table.column(other), totals[other].extra_bonus)])
    endgame = Endgame(tables, table.column(player), totals[player].extra_bonus, prize, (WIN,))
    dice = sorted(rng.choice(FACES) for _ in range(table.rules.dice))
    roll, rolls = 1, list[dict[str, list[int]]]()
    while True:
        line = endgame.line(WIN, tuple(dice), roll)
        if line.score_now:
            assert line.box is not None, "a line that scores names its box"
            table.record(line.box, dice, roll, rolls)
            return
        rolls.append({"dice": dice, "kept": list(line.keep)})
        rest = (rng.choice(FACES) for _ in range(table.rules.dice - len(line.keep)))
        dice = sorted([*line.keep, *rest])
        roll += 1


def _for_points(table: Game, rng: random.Random) -> None:
    """The current player's turn played by the advisor for points."""
    player = table.current_player
    assert player is not None, "a turn is played only while the game goes on"
    column = table.column(player)
    dice = sorted(rng.choice(FACES) for _ in range(table.rules.dice))
    roll, rolls = 1, list[dict[str, list[int]]]()
    while roll < table.rules.rolls:
        best = advise_keep(table.rules, dice, roll, column)[0]
        if best.score_now:
            break
        rolls.append({"dice": dice, "kept": list(best.keep)})
        rest = (rng.choice(FACES) for _ in range(table.rules.dice - len(best.keep)))
        dice = sorted([*best.keep, *rest])
        roll += 1
    table.record(advise_box(table.rules, dice, roll, column)[0].box, dice, roll, rolls)


def play(game: str, to_win_seat: int, seed: int) -> float:
    """One game; the share of first place of the player who plays to win from ``to_win_seat``."""
    table = Game(game, list(PLAYERS))
    dice = {p: random.Random(f"{seed} {seat}") for seat, p in enumerate(PLAYERS)}
    boxes = len(table.rules.boxes)
    while not table.finished:
        player = table.current_player
        assert player is not None, "an unfinished game has a player to move"
        seat = PLAYERS.index(player)
        endgame = boxes - len(table.column(player)) <= ENDGAME
        (_to_win if seat == to_win_seat and endgame else _for_points)(table, dice[player])
    totals = [table.totals()[p].total for p in PLAYERS]
    best = max(totals)
    return (totals[to_win_seat] == best) / totals.count(best)


def play_pair(game: str, seed: int) -> float:
    """The mean share of the player to win over a pair of games on the same dice streams."""
    return (play(game, 0, seed) + play(game, 1, seed)) / 2


def win_rate(game: str, pairs: int, seed: int) -> tuple[float, float, float]:
    """The win rate of playing to win and its 95 % interval, over ``pairs`` pairs."""
    with ProcessPoolExecutor() as pool:
        shares = list(pool.map(play_pair, [game] * pairs, range(seed, seed + pairs), chunksize=8))
    mean = statistics.fmean(shares)
    margin = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5
    return mean, mean - margin, mean + margin


def main(argv: list[str] | None = None) -> None:
    """Print the win rate with its interval for each game asked for."""
    parser = argparse.ArgumentParser(prog="python -m tools.play_to_win")
    parser.add_argument("games", nargs="*", default=["yahtzee"], choices=list(GAMES))
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("| game | games | win rate of play to win | 95 % interval |")
    print("|---|---|---|---|")
    for game in args.games:
        mean, low, high = win_rate(game, args.pairs, args.seed)
        interval = f"{100 * low:.2f} to {100 * high:.2f} %"
        print(f"| {game} | {2 * args.pairs} | {100 * mean:.2f} % | {interval} |")


if __name__ == "__main__":
    main()
