"""What the Players page counts from: a table's finished games as the store summarises
them, the reviews kept of them and the table's names (never whole records); the games
still unreviewed are handed to the server's keeper of reviews as the page reads them."""

from dataclasses import dataclass

from player_stats import Names, Seat, seats_of
from scoring import GAMES
from webapp.server import game_store, keeper


@dataclass(frozen=True)
class TableStats:
    """A table's seats, its names as counted, and how many games wait for their review."""

    seats: list[Seat]
    names: dict[str, str]
    waiting: int


def table_stats(table: str) -> TableStats:
    """Read the table's statistics from the store; raises StoreError."""
    store = game_store()
    games = [g for g in store.list_games(table=table, finished=True) if g.game in GAMES]
    reviews = store.reviews(table=table)
    names = store.names(table=table)
    unreviewed = [game.id for game in games if game.id not in reviews]
    if unreviewed:
        keeper().ask(store, table, unreviewed)
    seats = seats_of(games, reviews, Names(names))
    return TableStats(seats, names, keeper().waiting(table))
