"""Tables as this server issues them: a new one for a visitor (a client is issued at most
`webapp.server.pacing.CLIENT_TABLES` of them), and whether a token names one. Only an issued
table opens or holds games, so a token nobody was given finds nothing.

A table is never taken back, so the tokens found issued are kept, per store, for every
page thread (at most `KNOWN` of them) and each is asked of the store once.
"""

import threading
from collections import OrderedDict

from webapp.server.database import game_store
from webapp.server.pacing import new_table_allowed

KNOWN = 10_000

_known: OrderedDict[tuple[str, str], None] = OrderedDict()
_lock = threading.Lock()


class TooManyTablesError(Exception):
    """This client was issued as many tables as it may for now."""


def issue_table() -> str:
    """A new table for this browser's client; raises TooManyTablesError past its allowance
    and StoreError when the store cannot issue one."""
    if not new_table_allowed():
        raise TooManyTablesError
    store = game_store()
    table = store.issue_table()
    _keep((store.where, table))
    return table


def is_issued(table: str) -> bool:
    """Whether this server issued `table`; raises StoreError when the store cannot say."""
    store = game_store()
    known = (store.where, table)
    with _lock:
        if known in _known:
            _known.move_to_end(known)
            return True
    if not store.has_table(table):
        return False
    _keep(known)
    return True


def _keep(known: tuple[str, str]) -> None:
    with _lock:
        _known[known] = None
        _known.move_to_end(known)
        if len(_known) > KNOWN:
            _known.popitem(last=False)
