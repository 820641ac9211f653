"""A table's statistics from its seats: one line per player, the table's records, and
head to head between two players."""

import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from player_stats.seats import Seat
from player_stats.skill import Skill, skill_of


@dataclass(frozen=True)
class PlayerLine:
    """One player's games of the seats given: ``wins`` and ``win_rate`` count games of two
    or more players only (None without one), ties shared as a win for each; ``bonus_rate``
    is the share of games with the upper bonus; ``fives`` the rolls of five of a kind;
    ``skill`` and ``luck`` (per game) come from the reviewed games, ``unrolled`` of which
    had no earlier rolls recorded, so that only their box choices count."""

    player: str
    shown: str
    games: int
    wins: int
    win_rate: float | None
    average: float
    median: float
    best: int
    bonus_rate: float
    fives: int
    reviewed: int
    unrolled: int
    skill: Skill | None
    luck: float | None


def player_lines(seats: Iterable[Seat]) -> list[PlayerLine]:
    """A line per player, most wins first, then the best average."""
    by_player: dict[str, list[Seat]] = defaultdict(list)
    for seat in seats:
        by_player[seat.player].append(seat)
    lines = [_line(player, own) for player, own in by_player.items()]
    return sorted(lines, key=lambda line: (-line.wins, -line.average, line.shown))


def _line(player: str, seats: Sequence[Seat]) -> PlayerLine:
    totals = [seat.total for seat in seats]
    against = [seat for seat in seats if seat.seats > 1]
    wins = sum(seat.won for seat in against)
    reviewed = [seat for seat in seats if seat.review is not None]
    reviews = [seat.review for seat in reviewed if seat.review is not None]
    return PlayerLine(
        player=player,
        shown=max(seats, key=lambda seat: seat.when).shown,
        games=len(seats),
        wins=wins,
        win_rate=wins / len(against) if against else None,
        average=statistics.fmean(totals),
        median=float(statistics.median(totals)),
        best=max(totals),
        bonus_rate=sum(seat.bonus for seat in seats) / len(seats),
        fives=sum(seat.fives for seat in seats),
        reviewed=len(reviewed),
        unrolled=sum(not seat.rolled for seat in reviewed),
        skill=skill_of(reviews),
        luck=statistics.fmean(r.luck for r in reviews) if reviews else None,
    )


@dataclass(frozen=True)
class TableRecord:
    """One of the table's records: which (``what``), who holds it, its value, in which game
    and when. The first game to reach a value holds it."""

    what: str
    shown: str
    value: float
    game_id: str
    when: datetime


# The records, each as what it measures of a seat (None where a seat does not count).
RECORDS = ("best_total", "most_fives", "widest_win", "least_given_up", "most_luck")


def table_records(seats: Sequence[Seat]) -> list[TableRecord]:
    """The table's records among `seats`, in the order of RECORDS (those no seat holds
    are left out)."""
    margins = _margins(seats)
    measures: dict[str, Callable[[Seat], float | None]] = {
        "best_total": lambda s: float(s.total),
        "most_fives": lambda s: float(s.fives) if s.fives else None,
        "widest_win": lambda s: margins.get((s.game_id, s.player)),
        "least_given_up": lambda s: -s.review.loss if s.review and s.review.choices else None,
        "most_luck": lambda s: s.review.luck if s.review else None,
    }
    found = []
    for what in RECORDS:
        measured = [(value, seat) for seat in seats if (value := measures[what](seat)) is not None]
        if measured:
            value, seat = max(measured, key=lambda pair: pair[0])
            shown = -value if what == "least_given_up" else value
            found.append(TableRecord(what, seat.shown, shown, seat.game_id, seat.when))
    return found


def _margins(seats: Sequence[Seat]) -> dict[tuple[str, str], float]:
    """Each sole winner's lead over the runner-up, by (game id, player)."""
    by_game: dict[str, list[Seat]] = defaultdict(list)
    for seat in seats:
        by_game[seat.game_id].append(seat)
    margins = {}
    for game_id, together in by_game.items():
        ranked = sorted(together, key=lambda seat: seat.total, reverse=True)
        if len(ranked) > 1 and ranked[0].total > ranked[1].total:
            margins[game_id, ranked[0].player] = float(ranked[0].total - ranked[1].total)
    return margins


@dataclass(frozen=True)
class HeadToHead:
    """Two players' games together: how many, who finished ahead how often (``level``:
    equal totals), and each one's average total in them."""

    games: int
    first_ahead: int
    second_ahead: int
    level: int
    first_average: float | None
    second_average: float | None


def head_to_head(seats: Iterable[Seat], first: str, second: str) -> HeadToHead:
    """How `first` and `second` (player identities) fared in the games both played."""
    by_game: dict[str, dict[str, int]] = defaultdict(dict)
    for seat in seats:
        if seat.player in (first, second):
            by_game[seat.game_id][seat.player] = seat.total
    together = [game for game in by_game.values() if len(game) == 2]
    ahead = sum(game[first] > game[second] for game in together)
    behind = sum(game[first] < game[second] for game in together)
    return HeadToHead(
        games=len(together),
        first_ahead=ahead,
        second_ahead=behind,
        level=len(together) - ahead - behind,
        first_average=statistics.fmean(g[first] for g in together) if together else None,
        second_average=statistics.fmean(g[second] for g in together) if together else None,
    )
