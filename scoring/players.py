"""Player names and the number of players: what a game accepts and how it keeps them."""

import unicodedata
from collections.abc import Sequence

from scoring.errors import PlayerError

MAX_PLAYERS = 8
LONGEST_NAME = 24
# Control and format characters (bidi overrides, zero-width joiners and spaces) and
# separators: invisible, or able to reverse the text around them, so two names that
# look alike could be different players and a name could scramble the sheet.
_HIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def player_name(name: object) -> str:
    """The name as a game keeps it: trimmed and NFC-normalised.

    Raises PlayerError for a name that is not text, is empty, is longer than
    LONGEST_NAME characters, or holds invisible or reordering characters.
    """
    if not isinstance(name, str):
        raise PlayerError("a player's name must be text, not {kind}", kind=type(name).__name__)
    kept = unicodedata.normalize("NFC", name).strip()
    if not kept:
        raise PlayerError("a player's name cannot be empty")
    hidden = sorted({f"U+{ord(c):04X}" for c in kept if unicodedata.category(c) in _HIDDEN})
    if hidden:
        listed = ", ".join(hidden)
        raise PlayerError(
            "a player's name cannot hold invisible or text-reversing characters ({listed})",
            listed=listed,
        )
    if len(kept) > LONGEST_NAME:
        raise PlayerError(
            "a player's name can have at most {most} characters, not {count}",
            most=LONGEST_NAME,
            count=len(kept),
        )
    return kept


def player_names(names: object) -> tuple[str, ...]:
    """The names of a game's players, each as `player_name` keeps it: one to MAX_PLAYERS
    of them, no two alike once case is ignored."""
    if isinstance(names, str) or not isinstance(names, Sequence) or not names:
        raise PlayerError("a game needs a list of one or more player names")
    if len(names) > MAX_PLAYERS:
        raise PlayerError(
            "a game has at most {most} players, not {count}", most=MAX_PLAYERS, count=len(names)
        )
    kept = tuple(player_name(name) for name in names)
    seen: set[str] = set()
    for name in kept:
        if name.casefold() in seen:
            raise PlayerError(
                "{name!r} is named twice; give each player a different name", name=name
            )
        seen.add(name.casefold())
    return kept
