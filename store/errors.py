"""Exceptions raised by the game store."""


class StoreError(Exception):
    """The game file cannot be used: missing schema, corrupt data or an I/O failure."""


class GameNotFoundError(StoreError, LookupError):
    """No saved game has the requested id."""


class ConflictError(StoreError):
    """The game was saved by someone else after the caller loaded it."""


class DiskFullError(StoreError):
    """The disk holding the game file is full: nothing could be written."""


class ReadOnlyError(StoreError):
    """The game file or its folder cannot be written to: nothing could be written."""


class BusyError(StoreError):
    """Another program holds the game file's lock for longer than the store waits."""


class UnreachableError(StoreError):
    """The game database's server cannot be reached: nothing was read or written."""
