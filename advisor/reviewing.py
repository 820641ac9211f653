"""The review of a played game: what each recorded choice cost in expected final score.

A choice's expected final score is that of the player's whole column (boxes, upper or
school bonus, and extra five-of-a-kind bonuses, those of earlier turns included) when
the advisor plays the rest of the game: the scale of ``expected_score`` from an empty
sheet. A choice's loss is the advisor's best minus the choice (0 for a best choice, and
for one within ``TIE`` of it, which may then differ from the advisor's first choice).
Every turn's box is graded; where the record holds a turn's earlier rolls, so is the
choice after each roll (the dice kept, or stopping to score), and those losses count in
the player's total loss too.

Luck is what the dice gave beyond the start's expectation once the losses are taken
out: a column's expected final score now equals ``start - total_loss + luck``. For a
finished column the expected final score now is its final total; for a column still
being played it is what the column is expected to end with from here (points so far,
extra bonuses earned, and the advisor's expected rest), so luck so far is measured
against that.
"""

from dataclasses import dataclass, replace
from typing import Any

from advisor.chances import win_chances
from advisor.layout import refuse_chances
from advisor.queries import advise_box, advise_keep, expected_score
from scoring import Game, Turn

# Expected scores this close are a tie: float noise is no loss.
TIE = 1e-9


@dataclass(frozen=True)
class KeepReview:
    """The choice after an earlier roll of turn ``index``: the dice kept to roll the rest, or
    scoring them now (``score_now``, ``kept`` then all five), against the advisor's best."""

    index: int
    roll: int
    dice: tuple[int, ...]
    kept: tuple[int, ...]
    score_now: bool
    best_keep: tuple[int, ...]
    best_score_now: bool
    best_expected: float
    chosen_expected: float
    loss: float

    def to_dict(self) -> dict[str, Any]:
        """The keep as ``python -m advisor review`` prints it."""
        return {
            "index": self.index,
            "roll": self.roll,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "score_now": self.score_now,
            "best_keep": list(self.best_keep),
            "best_score_now": self.best_score_now,
            "best_expected": self.best_expected,
            "chosen_expected": self.chosen_expected,
            "loss": self.loss,
        }


@dataclass(frozen=True)
class TurnReview:
    """One recorded box choice against the advisor's best box for the same dice and roll,
    and the turn's keeps when the record holds its earlier rolls (else ``None``)."""

    index: int
    box: str
    points: int
    best_box: str
    best_expected: float
    chosen_expected: float
    loss: float
    keeps: tuple[KeepReview, ...] | None = None
    win_before: dict[str, float] | None = None
    win_after: dict[str, float] | None = None

    @property
    def total_loss(self) -> float:
        """What the turn's box and keeps lost together."""
        return self.loss + sum(keep.loss for keep in self.keeps or ())

    def to_dict(self) -> dict[str, Any]:
        """The turn as ``python -m advisor review`` prints it (``keeps`` only when graded;
        ``win_before`` and ``win_after``: each player's chance to win before and after)."""
        turn: dict[str, Any] = {
            "index": self.index,
            "box": self.box,
            "points": self.points,
            "best_box": self.best_box,
            "best_expected": self.best_expected,
            "chosen_expected": self.chosen_expected,
            "loss": self.loss,
        }
        if self.keeps is not None:
            turn["keeps"] = [keep.to_dict() for keep in self.keeps]
        if self.win_before is not None:
            turn["win_before"] = self.win_before
        if self.win_after is not None:
            turn["win_after"] = self.win_after
        return turn


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
    """Every player's review; ``start`` is the expected final score of an empty column,
    ``chances`` each player's chance to win at the start and after each turn."""

    game: str
    start: float
    players: dict[str, PlayerReview]
    chances: tuple[dict[str, float], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The review JSON: ``{"game", "players": {name: {"turns", "total_loss", "luck"}}}``."""
        players = {name: player.to_dict() for name, player in self.players.items()}
        return {"game": self.game, "players": players}

    def expected_finals(self, player: str) -> list[float]:
        """The player's expected final score at the start and after each of their turns."""
        return [self.start, *(turn.chosen_expected for turn in self.players[player].turns)]


def costliest(player: PlayerReview, count: int) -> list[TurnReview | KeepReview]:
    """The player's ``count`` choices (boxes and keeps) that lost the most, costliest first
    (in game order among equal losses); choices that lost nothing are left out."""
    choices: list[TurnReview | KeepReview] = []
    for turn in player.turns:
        choices.extend(turn.keeps or ())
        choices.append(turn)
    lost = [choice for choice in choices if choice.loss > 0]
    return sorted(lost, key=lambda choice: choice.loss, reverse=True)[:count]


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


def _graded(column: _Column, best: float, chosen: float) -> tuple[float, float, float]:
    """The best and the chosen expected final score with the column's extra bonuses so far
    added (the advisor's answers leave them out), and the loss between them."""
    best, chosen = column.earned + best, column.earned + chosen
    return best, chosen, loss(best, chosen)


def _grade_keep(
    game: Game,
    column: _Column,
    index: int,
    roll: int,
    dice: tuple[int, ...],
    kept: tuple[int, ...],
    score_now: bool,
) -> KeepReview:
    """Keeping ``kept`` of ``dice`` after roll ``roll`` (or scoring now) against the best keep."""
    choices = advise_keep(game.rules, dice, roll, column.filled)
    best = choices[0]
    chosen = next(c for c in choices if c.keep == kept and c.score_now == score_now)
    graded = _graded(column, best.expected, chosen.expected)
    return KeepReview(index, roll, dice, kept, score_now, best.keep, best.score_now, *graded)


def _grade_keeps(
    game: Game, column: _Column, index: int, turn: Turn
) -> tuple[KeepReview, ...] | None:
    """The turn's keeps when the record holds its earlier rolls: one after each earlier
    roll, and scoring after the last roll when that came before roll 3."""
    if turn.rolls is None:
        return None
    graded = [
        _grade_keep(game, column, index, roll, earlier.dice, earlier.kept, False)
        for roll, earlier in enumerate(turn.rolls, 1)
    ]
    if turn.roll < game.rules.rolls:
        graded.append(_grade_keep(game, column, index, turn.roll, turn.dice, turn.dice, True))
    return tuple(graded)


def _grade_turn(game: Game, column: _Column, index: int, turn: Turn) -> TurnReview:
    """The recorded turn's box against the best box for its dice and roll, and its keeps."""
    choices = advise_box(game.rules, turn.dice, turn.roll, column.filled)
    best = choices[0]
    chosen = next(choice for choice in choices if choice.box == turn.box)
    graded = _graded(column, best.expected, chosen.expected)
    keeps = _grade_keeps(game, column, index, turn)
    return TurnReview(index, turn.box, turn.points, best.box, *graded, keeps)


def _chances(game: Game, columns: dict[str, _Column]) -> dict[str, float]:
    """Each player's chance to win from these columns, every player following the advisor."""
    found = win_chances(
        game.rules,
        [column.filled for column in columns.values()],
        earned=[column.earned for column in columns.values()],
    )
    return dict(zip(columns, found, strict=True))


def review(game: Game, *, chances: bool = True) -> Review:
    """Grade every recorded turn of ``game`` against the advisor, player by player, with
    each player's chance to win before and after every turn unless ``chances`` is false
    (the losses and luck alone take a fraction of the time)."""
    refuse_chances(game.rules)
    start = expected_score(game.rules)
    columns = {player: _Column() for player in game.players}
    graded: dict[str, list[TurnReview]] = {player: [] for player in game.players}
    found = [_chances(game, columns)] if chances else []
    for index, turn in enumerate(game.turns):
        column = columns[turn.player]
        done = _grade_turn(game, column, index, turn)
        column.take(turn)
        if chances:
            found.append(_chances(game, columns))
            done = replace(done, win_before=found[-2], win_after=found[-1])
        graded[turn.player].append(done)
    players = {}
    for player, turns in graded.items():
        column = columns[player]
        now = column.earned + expected_score(game.rules, column.filled)
        total_loss = sum(turn.total_loss for turn in turns)
        players[player] = PlayerReview(tuple(turns), total_loss, now - start + total_loss)
    return Review(game.rules.id, start, players, tuple(found))


def turning_points(found: Review, count: int) -> list[tuple[int, str, float]]:
    """The ``count`` turns that moved a player's chance to win the most: (turn index, the
    player who moved, the change of their chance), the largest moves first."""
    moves = [
        (turn.index, player, turn.win_after[player] - turn.win_before[player])
        for player, graded in found.players.items()
        for turn in graded.turns
        if turn.win_before is not None and turn.win_after is not None
    ]
    return sorted(moves, key=lambda move: abs(move[2]), reverse=True)[:count]
