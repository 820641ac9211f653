"""Errors raised by the rules engine; all are `ValueError` subclasses."""

from translatable import TranslatableError


class ScoringError(TranslatableError):
    """Base class: the request breaks a rule and nothing was changed."""


class InvalidDiceError(ScoringError):
    """A hand that is not five dice showing 1 to 6."""


class InvalidRollError(ScoringError):
    """A roll number outside 1..3."""


class InvalidRollsError(ScoringError):
    """A turn's earlier rolls that do not fit its hand: too many or too few, or dice kept
    from one roll missing from the next."""


class UnknownGameError(ScoringError):
    """A game id that is not in `GAMES`."""


class RulesError(ScoringError):
    """A rules record that cannot be read, or settings that contradict each other."""


class UnknownBoxError(ScoringError):
    """A box id that the game does not have."""


class BoxFilledError(ScoringError):
    """The box already holds a value in this column."""


class BoxNotAllowedError(ScoringError):
    """The box is empty but the rules forbid it now (school first, forced joker)."""


class PlayerError(ScoringError):
    """Bad player list or a turn by the wrong player."""


class GameOverError(ScoringError):
    """Every column is full: no turn can be recorded."""


class NothingToUndoError(ScoringError):
    """Undo asked of a game with no recorded turn."""


class CorruptRecordError(ScoringError):
    """A game record that cannot be read or replayed; `turn` is the index of the bad turn."""

    def __init__(self, template: str, turn: int | None = None, **values: object) -> None:
        """A refusal of a record; `turn`, when given, also fills the template's `{turn}`."""
        if turn is not None:
            values["turn"] = turn
        super().__init__(template, **values)
        self.turn = turn
