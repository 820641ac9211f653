"""A seat is one player in one finished game: the facts every statistic is counted from,
taken from the store's summary of the game and the review kept of it."""

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from advisor import Review
from player_stats.names import Names

# The periods the page filters by: a name, and how far back it reaches (None: all time,
# 0: since the first of January).
PERIODS: dict[str, int | None] = {"all": None, "year": 0, "365": 365, "30": 30, "7": 7}
# Between a preset's id and its house rules' mark in a game kind (ids have no hyphen).
HOUSE_SEPARATOR = "-"


class Played(Protocol):
    """A saved game as the store's list gives it (`store.GameSummary`)."""

    @property
    def id(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def winners(self) -> tuple[str, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def bonus(self) -> tuple[bool, ...]: ...
    @property
    def fives(self) -> tuple[int, ...]: ...
    @property
    def rolled(self) -> tuple[bool, ...]: ...
    @property
    def updated(self) -> datetime: ...
    @property
    def house(self) -> str: ...
    @property
    def house_name(self) -> str: ...


@dataclass(frozen=True)
class SeatReview:
    """What the review found of one player's game: the choices graded (``boxes`` of them
    box choices, the rest the dice kept after earlier rolls), the sum and the sum of
    squares of the expected points each gave up, and the luck of the dice."""

    choices: int
    boxes: int
    loss: float
    squares: float
    luck: float

    @classmethod
    def from_dict(cls, data: object) -> "SeatReview | None":
        """A kept review of one player read back; None for one that cannot be read."""
        if not isinstance(data, Mapping):
            return None
        try:
            found = cls(
                int(data["choices"]),
                int(data["boxes"]),
                float(data["loss"]),
                float(data["squares"]),
                float(data["luck"]),
            )
        except (KeyError, TypeError, ValueError):
            return None
        numbers = (found.loss, found.squares, found.luck)
        if not all(math.isfinite(x) for x in numbers) or not 0 <= found.boxes <= found.choices:
            return None
        return found


def review_facts(found: Review) -> dict[str, Any]:
    """What the statistics keep of a game's review: per player, a `SeatReview` as a dict."""
    players = {}
    for name, reviewed in found.players.items():
        losses = [turn.loss for turn in reviewed.turns]
        losses += [keep.loss for turn in reviewed.turns for keep in turn.keeps or ()]
        players[name] = {
            "choices": len(losses),
            "boxes": len(reviewed.turns),
            "loss": sum(losses),
            "squares": sum(loss * loss for loss in losses),
            "luck": reviewed.luck,
        }
    return {"players": players}


@dataclass(frozen=True)
class Seat:
    """One player in one finished game: who (``player``, their identity; ``shown``, the
    name the statistics show), which game (``kind``, the rules its statistics count under:
    `kind_of` the preset ``game`` and the house rules named ``house_name``), when, against
    how many, and how it went."""

    game_id: str
    kind: str
    game: str
    house_name: str
    when: datetime
    seats: int
    player: str
    shown: str
    total: int
    won: bool
    bonus: bool
    fives: int
    rolled: bool
    review: SeatReview | None


def kind_of(game: str, house: str) -> str:
    """What the statistics count a game under: its preset `game` for the preset's own
    rules, else the preset with the mark of its house rules (`scoring.house_mark`)."""
    return f"{game}{HOUSE_SEPARATOR}{house}" if house else game


def seats_of(
    games: Iterable[Played], reviews: Mapping[str, Mapping[str, Any]], names: Names
) -> list[Seat]:
    """Every seat of the finished games among `games`, oldest game first; a game's review
    counts where one is kept for it (`reviews`, by game id)."""
    seats = []
    for game in sorted(games, key=lambda g: g.updated):
        if not game.finished or not _complete(game):
            continue
        kept = reviews.get(game.id, {}).get("players", {})
        for index, name in enumerate(game.players):
            seats.append(
                Seat(
                    game_id=game.id,
                    kind=kind_of(game.game, game.house),
                    game=game.game,
                    house_name=game.house_name,
                    when=game.updated,
                    seats=len(game.players),
                    player=names.identity(name),
                    shown=names.shown(name),
                    total=game.totals[index],
                    won=name in game.winners,
                    bonus=game.bonus[index],
                    fives=game.fives[index],
                    rolled=game.rolled[index],
                    review=SeatReview.from_dict(kept.get(name)),
                )
            )
    return seats


def _complete(game: Played) -> bool:
    """Whether the summary has every per-seat fact (one of another program's does not)."""
    seats = len(game.players)
    facts: Sequence[Sequence[object]] = (game.totals, game.bonus, game.fives, game.rolled)
    return seats > 0 and all(len(fact) == seats for fact in facts)


def chosen(
    seats: Iterable[Seat],
    *,
    kind: str | None = None,
    since: datetime | None = None,
    players: int | None = None,
) -> list[Seat]:
    """The seats of one game kind, of games saved from `since` on, of games of `players`
    players; each filter left out when None."""
    return [
        seat
        for seat in seats
        if (kind is None or seat.kind == kind)
        and (since is None or seat.when >= since)
        and (players is None or seat.seats == players)
    ]


def period_start(period: str, now: datetime) -> datetime | None:
    """When the period named `period` (a key of PERIODS) began, as seen at `now`."""
    days = PERIODS[period]
    if days is None:
        return None
    if days == 0:
        return now.replace(month=1, day=1, hour=0, minute=0, second=0, microsecond=0)
    return now - timedelta(days=days)
