"""Player names and the number of players: what a game accepts and how it keeps them."""

import unicodedata
from collections.abc import Callable, Sequence
from itertools import combinations

from confusable_homoglyphs import confusables

from scoring.errors import PlayerError

MAX_PLAYERS = 8
LONGEST_NAME = 24
# A name's `name_key` may be far longer than the name (one Arabic ligature is 18 letters
# written out): past this, it is refused, as no sheet could show it.
LONGEST_KEY = 200
# The Unicode categories of hidden characters: control and format characters (bidi
# overrides, zero-width joiners and spaces), surrogates, private-use and unassigned code
# points, and line and paragraph separators. They are invisible, shown differently by
# each device, or able to reverse the text around them, so two names that look alike
# could be different players and a name could scramble the sheet; the page drops them
# from any visitor's text it shows.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


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
    hidden = sorted(
        {f"U+{ord(c):04X}" for c in kept if unicodedata.category(c) in HIDDEN_CATEGORIES}
    )
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
    if len(name_key(kept)) > LONGEST_KEY:
        raise PlayerError(
            "a player's name can have at most {most} characters once its ligatures are written out",
            most=LONGEST_KEY,
        )
    return kept


def name_key(name: str) -> str:
    """What a name looks like on a sheet, to tell players apart by: compatibility forms
    folded (a full-width letter is a letter), every run of spaces of any kind one space,
    and case ignored."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()


def saved_player_names(names: object) -> tuple[str, ...]:
    """The names of a game's players as a saved record holds them, each as `player_name`
    keeps it: one to MAX_PLAYERS of them, no two the same once case is ignored."""
    if isinstance(names, str) or not isinstance(names, Sequence) or not names:
        raise PlayerError("a game needs a list of one or more player names")
    if len(names) > MAX_PLAYERS:
        raise PlayerError(
            "a game has at most {most} players, not {count}", most=MAX_PLAYERS, count=len(names)
        )
    kept = tuple(player_name(name) for name in names)
    _refuse_twins(kept, str.casefold)
    return kept


def player_names(names: object) -> tuple[str, ...]:
    """The names of a new game's players: as `saved_player_names` takes them, and no two
    that look alike on a sheet (`name_key`: "Ann Lee" and "ann  lee" are one name)."""
    kept = saved_player_names(names)
    _refuse_twins(kept, name_key)
    return kept


def _refuse_twins(names: tuple[str, ...], key: Callable[[str], str]) -> None:
    seen: set[str] = set()
    for name in names:
        if key(name) in seen:
            raise PlayerError(
                "{name!r} is named twice; give each player a different name", name=name
            )
        seen.add(key(name))


def disguised(name: str) -> bool:
    """Whether a name mixes alphabets with letters that pass for each other ("Ann" written
    with a Cyrillic A): such a name can be taken for another player's."""
    return bool(confusables.is_dangerous(name))


def look_alike_key(name: str) -> str:
    """`name_key` with each letter that passes for a Latin one written as that letter, so
    that two names a reader cannot tell apart ("Ann", and "Ann" with a Cyrillic A) have
    one key."""
    key = name_key(name)
    found = confusables.is_confusable(key, greedy=True, preferred_aliases=["latin"]) or []
    twins = {
        entry["character"]: entry["homoglyphs"][0]["c"]
        for entry in found
        if entry["alias"] != "LATIN" and entry["homoglyphs"]
    }
    return "".join(twins.get(letter, letter) for letter in key).casefold()


def look_alikes(names: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs of `names` that are different names (`name_key`) but look alike."""
    return [
        (first, second)
        for first, second in combinations(dict.fromkeys(names), 2)
        if name_key(first) != name_key(second) and look_alike_key(first) == look_alike_key(second)
    ]
