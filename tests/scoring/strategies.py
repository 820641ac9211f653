"""Hypothesis strategies: hands, and whole games played by random legal choices."""

from hypothesis import strategies as st

from scoring import GAMES, Game

dice = st.lists(st.integers(1, 6), min_size=5, max_size=5)
five_of_a_kind = st.integers(1, 6).map(lambda face: [face] * 5)
hands = st.one_of(dice, five_of_a_kind)
rolls = st.integers(1, 3)
games = st.sampled_from(sorted(GAMES))


@st.composite
def played_games(draw, finished: bool = False) -> Game:
    """A game of 1 to 3 players after some (or all) turns of random legal play."""
    names = draw(
        st.lists(st.sampled_from(["Ann", "Bob", "Cy"]), min_size=1, max_size=3, unique=True)
    )
    game = Game(draw(games), names)
    turns = len(names) * len(game.rules.boxes)
    for _ in range(turns if finished else draw(st.integers(0, turns))):
        hand, roll = draw(hands), draw(rolls)
        box = draw(st.sampled_from(game.options(hand, roll)))[0]
        game.record(box, hand, roll)
    return game
