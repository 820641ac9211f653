"""The review of a played game: what each recorded choice cost in expected final score.

A choice's expected final score is that of the player's whole column (boxes, upper or
school bonus, and extra five-of-a-kind bonuses, those of earlier turns included) when
the advisor plays the rest of the game: the scale of ``expected_score`` from an empty
sheet. A choice's loss is the advisor's best minus the choice (0 for a best choice).

Luck is what the dice gave beyond the start's expectation once the losses are taken
out: a column's expected final score now equals ``start - total_loss + luck``. For a
finished column the expected final score now is its final total; for a column still
being played it is what the column is expected to end with from here (points so far,
extra bonuses earned, and the advisor's expected rest), so luck so far is measured
against that.
"""

from dataclasses import dataclass
from typing import Any

from advisor.queries import advise_box, expected_score
from scoring.game import Game, Turn

# Expected scores this close are a tie: float noise is no loss.
TIE = 1e-9


@dataclass(frozen=True)
class TurnReview:
    """One recorded box choice against the advisor's best box for the same dice and roll."""

    index: int
    box: str
    points: int
    best_box: str
    best_expected: float
    chosen_expected: float
    loss: float

    def to_dict(self) -> dict[str, Any]:
        """The turn as ``python -m advisor review`` prints it."""
        return {
            "index": self.index,
            "box": self.box,
            "points": self.points,
            "best_box": self.best_box,
            "best_expected": self.best_expected,
            "chosen_expected": self.chosen_expected,
            "loss": self.loss,
        }


@dataclass(frozen=True)
class PlayerReview:
    """One player's graded turns, what they cost together, and the luck of the dice."""

    turns: tuple[TurnReview, ...]
    total_loss: float
    luck: float

    def to_dict(self) -> dict[str, Any]:
        """The player's part of the review JSON."""
        turns = [turn.to_dict() for turn in self.turns]
        return {"turns": turns, "total_loss": self.total_loss, "luck": self.luck}


@dataclass(frozen=True)
class Review:
    """Every player's review; ``start`` is the expected final score of an empty column."""

    game: str
    start: float
    players: dict[str, PlayerReview]

    def to_dict(self) -> dict[str, Any]:
        """The review JSON: ``{"game", "players": {name: {"turns", "total_loss", "luck"}}}``."""
        players = {name: player.to_dict() for name, player in self.players.items()}
        return {"game": self.game, "players": players}


def loss(best: float, chosen: float) -> float:
    """How much ``chosen`` falls short of ``best``; 0 within ``TIE``."""
    return 0.0 if abs(best - chosen) <= TIE else best - chosen


class _Column:
    """A player's column as the review replays it: filled boxes and extra bonuses earned."""

    def __init__(self) -> None:
        self.filled: dict[str, int] = {}
        self.earned = 0

    def take(self, turn: Turn) -> None:
        """Write a recorded turn into the column."""
        self.filled[turn.box] = turn.points
        self.earned += turn.extra_bonus


def _grade_box(game: Game, index: int, turn: Turn, column: _Column) -> TurnReview:
    """The recorded turn's box against the best box for its dice and roll."""
    choices = advise_box(game.rules, turn.dice, turn.roll, column.filled)
    best = choices[0]
    chosen = next(choice for choice in choices if choice.box == turn.box)
    best_expected = column.earned + best.expected
    chosen_expected = column.earned + chosen.expected
    return TurnReview(
        index,
        turn.box,
        turn.points,
        best.box,
        best_expected,
        chosen_expected,
        loss(best_expected, chosen_expected),
    )


def review(game: Game) -> Review:
    """Grade every recorded turn of ``game`` against the advisor, player by player."""
    start = expected_score(game.rules)
    columns = {player: _Column() for player in game.players}
    graded: dict[str, list[TurnReview]] = {player: [] for player in game.players}
    for index, turn in enumerate(game.turns):
        column = columns[turn.player]
        graded[turn.player].append(_grade_box(game, index, turn, column))
        column.take(turn)
    players = {}
    for player, turns in graded.items():
        column = columns[player]
        now = column.earned + expected_score(game.rules, column.filled)
        total_loss = sum(turn.loss for turn in turns)
        players[player] = PlayerReview(tuple(turns), total_loss, now - start + total_loss)
    return Review(game.rules.id, start, players)
