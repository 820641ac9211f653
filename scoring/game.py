"""A game in progress: players, turns, columns, undo and the game record."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.errors import (
    CorruptRecordError,
    GameOverError,
    NothingToUndoError,
    PlayerError,
    ScoringError,
)
from scoring.games import rules_of
from scoring.players import player_name, player_names, saved_player_names
from scoring.rolls import EarlierRoll, earlier_rolls
from scoring.rules import GameRules
from scoring.rules_data import rules_from_record, rules_record
from scoring.scorer import box_points, extra_bonus, joker_applies, options, refusal
from scoring.totals import Totals, column_totals, multiplied


@dataclass(frozen=True)
class Turn:
    """One recorded turn: who, the final hand, its roll, the box (in the player's column
    `column`, from 0) and what it earned, and the rolls before the last when they were
    recorded (`None` when not)."""

    player: str
    dice: tuple[int, ...]
    roll: int
    box: str
    points: int
    extra_bonus: int = 0
    rolls: tuple[EarlierRoll, ...] | None = None
    column: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The turn as it appears in a game record (`rolls` only when recorded, `column`
        only past the first)."""
        turn: dict[str, Any] = {
            "player": self.player,
            "dice": list(self.dice),
            "roll": self.roll,
            "box": self.box,
        }
        if self.column:
            turn["column"] = self.column
        if self.rolls is not None:
            turn["rolls"] = [earlier.to_dict() for earlier in self.rolls]
        return turn


@dataclass(frozen=True)
class Standing:
    """One player's place in the table, their totals, and whether they won."""

    place: int
    player: str
    totals: Totals
    winner: bool


class Game:
    """One table's game: players take turns in order until every column is full.

    Every change is checked first; a refused change raises a `ScoringError`
    and leaves the game exactly as it was.
    """

    def __init__(self, game: str | GameRules, players: Sequence[str]) -> None:
        self.rules = rules_of(game)
        self.players: tuple[str, ...] = player_names(players)
        self._turns: list[Turn] = []

    def __repr__(self) -> str:
        return f"Game({self.rules.id!r}, {list(self.players)!r}, turns={len(self._turns)})"

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Recorded turns, oldest first."""
        return tuple(self._turns)

    @property
    def finished(self) -> bool:
        """True once every player's column is full."""
        return self.rules.finished_after(len(self._turns), len(self.players))

    @property
    def current_player(self) -> str | None:
        """Whose turn it is, or `None` when the game is over."""
        return None if self.finished else self.players[len(self._turns) % len(self.players)]

    @property
    def round(self) -> int:
        """The round being played, from 1 (equals each player's boxes at the end)."""
        return min(len(self._turns) // len(self.players) + 1, self.rules.boxes_per_player)

    def column(self, player: str, column: int = 0) -> dict[str, int]:
        """Filled boxes of `player`'s column `column` (box id → points), in the order they
        were filled."""
        self._check_player(player)
        column = self.rules.check_column(column)
        return {t.box: t.points for t in self._turns if t.player == player and t.column == column}

    def columns(self, player: str) -> list[dict[str, int]]:
        """Every column of `player` (see `column`), first column first."""
        return [self.column(player, column) for column in range(len(self.rules.columns))]

    def column_totals(self, player: str) -> list[Totals]:
        """The totals of each of `player`'s columns, before its multiplier."""
        return [
            column_totals(
                self.rules,
                self.column(player, column),
                sum(
                    t.extra_bonus for t in self._turns if t.player == player and t.column == column
                ),
            )
            for column in range(len(self.rules.columns))
        ]

    def totals(self) -> dict[str, Totals]:
        """Every player's totals, each column's counted its multiplier's times;
        `vs_average` set where the game settles against the table."""
        totals = {p: multiplied(self.column_totals(p), self.rules.columns) for p in self.players}
        if self.rules.settles_against_average:
            average = sum(t.total for t in totals.values()) / len(totals)
            totals = {p: replace(t, vs_average=t.total - average) for p, t in totals.items()}
        return totals

    def standings(self) -> list[Standing]:
        """Players best total first, each with their place; equal totals share a place,
        and every player on the best total is a winner (once the game is finished)."""
        totals = self.totals()
        ranked = sorted(self.players, key=lambda p: -totals[p].total)
        best = totals[ranked[0]].total
        return [
            Standing(
                place=1 + sum(totals[other].total > totals[p].total for other in ranked),
                player=p,
                totals=totals[p],
                winner=self.finished and totals[p].total == best,
            )
            for p in ranked
        ]

    def saved_rolls(self, player: str) -> int:
        """The rolls `player` has saved from earlier turns (0 unless the rules save them)."""
        self._check_player(player)
        if not self.rules.saved_rolls:
            return 0
        return sum(self.rules.rolls - t.roll for t in self._turns if t.player == player)

    def last_roll(self, player: str) -> int:
        """The last roll `player`'s turn may make: the rules' rolls and any they saved."""
        return self.rules.rolls + self.saved_rolls(player)

    def options(
        self, dice: Iterable[int], roll: int | None = None, column: int = 0
    ) -> list[tuple[str, int]]:
        """The boxes of column `column` the current player may use for `dice` now, with
        points, best first; `roll` is the turn's last roll when not given."""
        player = self.current_player
        if player is None:
            return []
        return options(self.rules, dice, roll, self.column(player, column))

    def record(
        self,
        box: str,
        dice: Iterable[int],
        roll: int | None = None,
        rolls: Sequence[EarlierRoll | Mapping[str, Any]] | None = None,
        column: int = 0,
    ) -> Turn:
        """Write `dice` (from roll `roll`, the turn's last when not given) into `box` of
        the current player's column `column`; `rolls`, when given, are the turn's earlier
        rolls, oldest first (see `earlier_rolls`). A roll past the turn's own uses the
        player's saved rolls."""
        player = self.current_player
        if player is None:
            raise GameOverError("the game is over: every box is filled")
        hand = self.rules.hand(dice)
        roll = self.rules.check_roll(
            self.rules.rolls if roll is None else roll, self.saved_rolls(player)
        )
        earlier = None if rolls is None else earlier_rolls(rolls, hand, roll)
        target = self.rules.box(box)
        number = self.rules.check_column(column)
        filled = self.column(player, number)
        problem = refusal(self.rules, target, hand, filled)
        if problem is not None:
            raise problem
        joker = joker_applies(self.rules, hand, filled)
        turn = Turn(
            player,
            hand.dice,
            roll,
            target.id,
            box_points(target, hand, roll, joker=joker),
            extra_bonus(self.rules, hand, filled),
            earlier,
            number,
        )
        self._turns.append(turn)
        return turn

    def undo(self) -> Turn:
        """Take back the last recorded turn and return it."""
        if not self._turns:
            raise NothingToUndoError("nothing to undo: no turn has been recorded")
        return self._turns.pop()

    def to_dict(self) -> dict[str, Any]:
        """The game record that `from_dict` and `python -m scoring replay` read, its whole
        rules record with it (so that house rules replay anywhere)."""
        return {
            "game": self.rules.id,
            "rules": rules_record(self.rules),
            "players": list(self.players),
            "turns": [t.to_dict() for t in self._turns],
        }

    @classmethod
    def from_dict(cls, record: Mapping[str, Any]) -> "Game":
        """Rebuild a game by replaying a record; raises `CorruptRecordError` naming the turn."""
        if not isinstance(record, Mapping):
            raise CorruptRecordError("a game record must be a JSON object")
        for key in ("game", "players", "turns"):
            if key not in record:
                raise CorruptRecordError("the game record has no {key!r}", key=key)
        try:
            game = cls._saved(_rules(record), record["players"])
        except ScoringError as error:
            raise CorruptRecordError("bad game record: {error}", error=error) from error
        turns = record["turns"]
        if not isinstance(turns, list):
            raise CorruptRecordError("the record's 'turns' must be a list")
        for index, turn in enumerate(turns):
            try:
                game._replay(turn)
            except ScoringError as error:
                raise CorruptRecordError("turn {turn}: {error}", turn=index, error=error) from error
        return game

    @classmethod
    def _saved(cls, game: str | GameRules, players: Sequence[str]) -> "Game":
        """A game before its record's turns are replayed: its names as saved, even two
        that look alike (games saved before look-alike names were refused still open)."""
        saved = cls.__new__(cls)
        saved.rules = rules_of(game)
        saved.players = saved_player_names(players)
        saved._turns = []
        return saved

    def _replay(self, turn: Any) -> None:
        if not isinstance(turn, Mapping) or not {"player", "dice", "box"} <= turn.keys():
            raise CorruptRecordError(
                "each turn needs 'player', 'dice', 'roll' and 'box', got {entry!r}", entry=turn
            )
        expected = self.current_player
        player = player_name(turn["player"])
        if expected is not None and player != expected:
            self._check_player(player)
            raise PlayerError(
                "the turn is written for {player}, but {expected} was to play",
                player=player,
                expected=expected,
            )
        self.record(
            turn["box"], turn["dice"], turn.get("roll"), turn.get("rolls"), turn.get("column", 0)
        )

    def _check_player(self, player: str) -> None:
        if player not in self.players:
            raise PlayerError(
                "{player!r} is not playing; players: {players}",
                player=player,
                players=", ".join(self.players),
            )


def _rules(record: Mapping[str, Any]) -> GameRules:
    """The rules a game record is played by: its rules record, or (in a record written
    before records carried one) the game's preset."""
    if "rules" not in record:
        return rules_of(record["game"])
    rules = rules_from_record(record["rules"])
    if record["game"] != rules.id:
        raise CorruptRecordError(
            "the record is a game of {game!r} but its rules are of {rules!r}",
            game=record["game"],
            rules=rules.id,
        )
    return rules
