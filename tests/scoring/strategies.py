"""Hypothesis strategies: hands, and whole games played by random legal choices."""

from hypothesis import strategies as st

from scoring import GAMES, Game

games = st.sampled_from(sorted(GAMES))


def hands(count: int = 5) -> st.SearchStrategy[list[int]]:
    """Hands of `count` dice, every die alike more often than by chance."""
    alike = st.integers(1, 6).map(lambda face: [face] * count)
    return st.one_of(st.lists(st.integers(1, 6), min_size=count, max_size=count), alike)


def rolls(game: Game | str) -> st.SearchStrategy[int]:
    """A roll the hand may come from: any of the turn's own (saved rolls aside)."""
    rules = game.rules if isinstance(game, Game) else GAMES[game]
    return st.integers(1, rules.rolls)


@st.composite
def game_hands(draw) -> tuple[str, list[int], int]:
    """A game id, a hand of its dice and a roll."""
    game = draw(games)
    return game, draw(hands(GAMES[game].dice)), draw(rolls(game))


@st.composite
def played_games(draw, finished: bool = False) -> Game:
    """A game of 1 to 3 players after some (or all) turns of random legal play."""
    names = draw(
        st.lists(st.sampled_from(["Ann", "Bob", "Cy"]), min_size=1, max_size=3, unique=True)
    )
    game = Game(draw(games), names)
    turns = len(names) * len(game.rules.boxes)
    for _ in range(turns if finished else draw(st.integers(0, turns))):
        player = game.current_player
        hand = draw(hands(game.rules.dice))
        roll = draw(st.integers(1, game.last_roll(player)))
        box = draw(st.sampled_from(game.options(hand, roll)))[0]
        game.record(box, hand, roll)
    return game
