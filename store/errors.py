"""Exceptions raised by the game store."""


class StoreError(Exception):
    """The game file cannot be used: missing schema, corrupt data or an I/O failure."""


class GameNotFoundError(StoreError, LookupError):
    """No saved game has the requested id."""


class ConflictError(StoreError):
    """The game was saved by someone else after the caller loaded it."""
