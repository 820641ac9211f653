"""Game records as the store keeps them: JSON text, fresh ids and table tokens, and the
summary kept beside each record so that lists and statistics never read records whole."""

import hashlib
import json
import re
import secrets
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from scoring import Game, ScoringError, house_mark

# A game id is short, for the address; a table token is long, since it is the table's key.
ID_BYTES = 6
TABLE_BYTES = 18
_TABLE_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
# The record's key that marks a game given up before its end: kept with the table's
# games, listed apart, never counted in its statistics.
ABANDONED_FIELD = "abandoned"
# What the games table's `finished` column holds: a game in progress, finished or
# abandoned (an abandoned game is never listed as finished, however full its sheet).
PLAYING, FINISHED, ABANDONED = 0, 1, 2


@dataclass(frozen=True)
class Summary:
    """What a list line shows of a game and what the table's statistics count of it,
    worked out once when the record is saved. Per seat: ``totals``, whether the upper
    bonus came (``bonus``), how many rolls were five of a kind (``fives``) and whether
    every turn's earlier rolls were recorded (``rolled``); ``fingerprint`` tells the
    same game apart from any other, wherever it is stored; ``abandoned``, whether the
    game was given up before its end; ``house`` marks the game's house rules (empty for a
    preset's own, `scoring.house_mark`) and ``house_name`` is the name the table gave
    them; ``length`` is the game's turns in all (0 where a summary kept before did not
    say)."""

    game: str
    players: tuple[str, ...]
    turns: int
    finished: bool
    winners: tuple[str, ...]
    totals: tuple[int, ...]
    bonus: tuple[bool, ...]
    fives: tuple[int, ...]
    rolled: tuple[bool, ...]
    fingerprint: str
    abandoned: bool
    house: str
    house_name: str
    length: int = 0

    @property
    def standing(self) -> int:
        """What the `finished` column holds for this game: PLAYING, FINISHED or ABANDONED."""
        if self.abandoned:
            return ABANDONED
        return FINISHED if self.finished else PLAYING

    def to_json(self) -> str:
        """The summary as the JSON text stored beside the record."""
        return json.dumps(
            {
                "game": self.game,
                "players": list(self.players),
                "turns": self.turns,
                "finished": self.finished,
                "winners": list(self.winners),
                "totals": list(self.totals),
                "bonus": list(self.bonus),
                "fives": list(self.fives),
                "rolled": list(self.rolled),
                "fingerprint": self.fingerprint,
                "abandoned": self.abandoned,
                "house": self.house,
                "house_name": self.house_name,
                "length": self.length,
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_json(cls, text: object) -> "Summary | None":
        """Read a stored summary back; None when there is none or it cannot be read."""
        if not isinstance(text, str):
            return None
        try:
            data = json.loads(text)
            return cls(
                game=str(data["game"]),
                players=tuple(str(p) for p in data["players"]),
                turns=int(data["turns"]),
                finished=bool(data["finished"]),
                winners=tuple(str(p) for p in data["winners"]),
                totals=tuple(int(t) for t in data["totals"]),
                bonus=tuple(bool(b) for b in data["bonus"]),
                fives=tuple(int(f) for f in data["fives"]),
                rolled=tuple(bool(r) for r in data["rolled"]),
                fingerprint=str(data["fingerprint"]),
                abandoned=bool(data.get("abandoned", False)),
                house=str(data.get("house", "")),
                house_name=str(data.get("house_name", "")),
                length=int(data.get("length", 0)),
            )
        except (TypeError, ValueError, KeyError):
            return None


def summarise(record: dict[str, Any]) -> Summary:
    """The summary of a record: from its replay when it replays, else from the fields it
    has (a record of another program's making is listed, never finished)."""
    abandoned = record.get(ABANDONED_FIELD) is True
    try:
        game = Game.from_dict(record)
    except (ScoringError, TypeError, ValueError, KeyError):
        return _fields_of(record, abandoned)
    return summary_of(game, abandoned)


def summary_of(game: Game, abandoned: bool = False) -> Summary:
    """The summary of a game as replayed; one `abandoned` (given up before its end) is
    never finished, however full its sheet."""
    standings = game.standings()
    totals = game.totals()
    turns = {p: [t for t in game.turns if t.player == p] for p in game.players}
    return Summary(
        game=game.rules.id,
        players=game.players,
        turns=len(game.turns),
        finished=game.finished and not abandoned,
        winners=tuple(s.player for s in standings if s.winner),
        totals=tuple(totals[p].total for p in game.players),
        bonus=tuple(totals[p].upper_bonus > 0 for p in game.players),
        fives=tuple(sum(len(set(t.dice)) == 1 for t in turns[p]) for p in game.players),
        rolled=tuple(all(t.rolls is not None for t in turns[p]) for p in game.players),
        fingerprint=fingerprint(game.to_dict()),
        abandoned=abandoned,
        house=house_mark(game.rules),
        house_name=game.rules.name,
        length=game.rules.turns_for(len(game.players)),
    )


def fingerprint(record: dict[str, Any]) -> str:
    """What tells a game apart from every other: a hash of its rules, players and turns
    (not of where or when it was saved, nor of the page language it was played in)."""
    played = {key: record.get(key) for key in ("game", "players", "turns")}
    text = json.dumps(played, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def summary_of_text(text: object) -> Summary | None:
    """The summary of a stored record's text; None for one that is not a JSON object."""
    try:
        record = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return summarise(record) if isinstance(record, dict) else None


def summaries_again(rows: Iterable[tuple[Any, Any]]) -> Iterator[tuple[int, str, Any]]:
    """For each stored (id, record text) whose record is a JSON object, what an upgrade
    writes back: (its standing, summary JSON, id)."""
    for game_id, text in rows:
        summary = summary_of_text(text)
        if summary is not None:
            yield summary.standing, summary.to_json(), game_id


def fingerprints_again(rows: Iterable[tuple[Any, Any]]) -> Iterator[tuple[str, Any]]:
    """For each stored (id, summary text) whose summary can be read, what an upgrade
    writes into the fingerprint's column: (fingerprint, id)."""
    for game_id, text in rows:
        summary = Summary.from_json(text)
        if summary is not None:
            yield summary.fingerprint, game_id


def count_tables_again(rows: Iterable[tuple[Any, Any, Any]]) -> list[tuple[str, str, int, int]]:
    """From every stored (table, created, record text), each table as an upgrade issues
    it: (table, its first game's time, its games, their records' UTF-8 bytes)."""
    tables: dict[str, tuple[str, int, int]] = {}
    for table, created, text in rows:
        first, games, size = tables.get(table, (str(created), 0, 0))
        tables[table] = (min(first, str(created)), games + 1, size + len(str(text).encode()))
    return [(table, *held) for table, held in tables.items()]


def _fields_of(record: dict[str, Any], abandoned: bool) -> Summary:
    players = record.get("players")
    turns = record.get("turns")
    kind = record.get("game")
    return Summary(
        game=kind if isinstance(kind, str) else "",
        players=tuple(p for p in players if isinstance(p, str))
        if isinstance(players, list)
        else (),
        turns=len(turns) if isinstance(turns, list) else 0,
        finished=False,
        winners=(),
        totals=(),
        bonus=(),
        fives=(),
        rolled=(),
        fingerprint=fingerprint(record),
        abandoned=abandoned,
        house="",
        house_name="",
    )


def encode(record: dict[str, Any]) -> str:
    """Serialise a game record to JSON text, or raise TypeError/ValueError for bad input."""
    if not isinstance(record, dict):
        raise TypeError(f"A game record must be a dict, not {type(record).__name__}.")
    try:
        return json.dumps(record, allow_nan=False, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"The game record cannot be stored as JSON: {exc}.") from exc


def new_game_id() -> str:
    """A short, URL-safe, random game id."""
    return secrets.token_urlsafe(ID_BYTES)


def new_table() -> str:
    """A new table's token: 144 random bits, URL-safe, the one key to its games."""
    return secrets.token_urlsafe(TABLE_BYTES)


def is_table_token(text: object) -> bool:
    """Whether `text` has the shape of a table token (as an address may carry any text)."""
    return isinstance(text, str) and _TABLE_TOKEN.fullmatch(text) is not None


def check_id(game_id: object) -> None:
    """Reject ids that are not strings before they reach SQL."""
    if not isinstance(game_id, str):
        raise TypeError(f"A game id must be a str, not {type(game_id).__name__}.")


def check_table(table: object) -> None:
    """Reject a table that is not a token before it reaches SQL."""
    if not isinstance(table, str):
        raise TypeError(f"A table must be a str token, not {type(table).__name__}.")
    if not is_table_token(table):
        raise ValueError("A table token is 16 to 64 letters, digits, '-' or '_'.")
