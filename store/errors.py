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


class ForeignSchemaError(StoreError):
    """The game database holds another program's tables, or another version of ours: it
    is left untouched, so nothing was read or written."""


class UnknownTableError(StoreError, LookupError):
    """The token names no table this server issued: nothing is read or saved there."""


class QuotaError(StoreError):
    """The table holds the most it may (`what`: "games" or "bytes", at most `most`):
    nothing was added."""

    def __init__(self, what: str, most: int) -> None:
        super().__init__(f"The table holds the most {what} a table may ({most}).")
        self.what = what
        self.most = most
