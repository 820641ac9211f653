"""The Players page and its CSV against a plain calculation from the game records; names
renamed and merged without touching a record; a table's games taken to another server
and back without duplicates."""

import csv
import io
import statistics
from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from advisor import default_cache, review
from player_stats import Names, lines_csv, player_lines, seats_of
from scoring import Game
from store import GameStore, SqliteStore, games_file
from tests.player_stats.play import advised_game
from tests.webapp.driver import at_table
from webapp.server.games_import import importer
from webapp.server.kept_reviews import keeper
from webapp.state import IMPORTING_KEY

KIND = "catalan"
# (players, who makes one mistake, whether the earlier rolls are kept in the record)
GAMES = [
    (["Ann", "Bob"], "Bob", True),
    (["Bob", "Ann", "Cy"], "Ann", True),
    (["Cy", "Ann"], None, False),
    (["Ann", "Bob"], "Ann", True),
    (["ann", "Cy", "Bob"], "Cy", False),
    (["Cy"], None, True),
]
START = datetime(2026, 6, 1, 18, 0, tzinfo=UTC)


def _without_rolls(record: dict) -> dict:
    return {
        **record,
        "turns": [{k: v for k, v in t.items() if k != "rolls"} for t in record["turns"]],
    }


@pytest.fixture(scope="module")
def played() -> list[dict]:
    """The test games' records, each saved a day after the one before."""
    default_cache().solved(KIND)
    records = []
    for seed, (players, mistaken, rolled) in enumerate(GAMES):
        game, _cost = advised_game(KIND, players, seed, mistaken)
        record = game.to_dict()
        records.append(record if rolled else _without_rolls(record))
    return records


def _fill(store: GameStore, table: str, records: list[dict]) -> None:
    for day, record in enumerate(records):
        store.create(record, table=table, when=START + timedelta(days=day))
    keeper().ask(store, table, [g.id for g in store.list_games(table=table)])
    assert keeper().settle(120), "the reviews were worked out"


def _plain_figures(records: list[dict], seats: int | None = None) -> dict[str, dict]:
    """Each player's figures worked out from the records alone, as a player would."""
    figures: dict[str, dict] = {}
    for record in records:
        game = Game.from_dict(record)
        if seats is not None and len(game.players) != seats:
            continue
        totals = game.totals()
        best = max(t.total for t in totals.values())
        graded = review(game, chances=False)
        for name in game.players:
            mine = figures.setdefault(
                name.casefold(),
                {"totals": [], "wins": 0, "against": 0, "bonus": 0, "fives": 0, "losses": []},
            )
            mine["totals"].append(totals[name].total)
            mine["bonus"] += totals[name].upper_bonus > 0
            mine["fives"] += sum(len(set(t.dice)) == 1 for t in game.turns if t.player == name)
            if len(game.players) > 1:
                mine["against"] += 1
                mine["wins"] += totals[name].total == best
            for turn in graded.players[name].turns:
                mine["losses"] += [turn.loss, *(keep.loss for keep in turn.keeps or ())]
    return {
        name: {
            "games": len(f["totals"]),
            "wins": f["wins"],
            "win_rate": f["wins"] / f["against"] if f["against"] else None,
            "average": sum(f["totals"]) / len(f["totals"]),
            "median": statistics.median(f["totals"]),
            "best": max(f["totals"]),
            "bonus_rate": f["bonus"] / len(f["totals"]),
            "fives": f["fives"],
            "choices": len(f["losses"]),
            "per_choice": sum(f["losses"]) / len(f["losses"]),
        }
        for name, f in figures.items()
    }


def _players_page(table: str) -> AppTest:
    page = at_table(table)
    page.query_params["view"] = "players"
    return page.run()


def _page_rows(page: AppTest) -> dict[str, dict]:
    frame = page.dataframe[0].value
    rows = {}
    for row in frame.to_dict("records"):
        rate = row["Win rate"]
        rows[row["Player"].casefold()] = {
            "games": row["Games"],
            "wins": row["Wins"],
            "win_rate": None if rate != rate or rate is None else rate / 100,
            "average": row["Average"],
            "median": row["Median"],
            "best": row["Best"],
            "bonus_rate": row["Upper bonus"] / 100,
            "fives": row["Five of a kind"],
            "choices": row["Choices"],
            "per_choice": row["Given up per choice"],
        }
    return rows


def _csv_rows(store: GameStore, table: str, seats: int | None = None) -> dict[str, dict]:
    found = seats_of(store.list_games(table=table), store.reviews(table=table), Names({}))
    found = [seat for seat in found if seats is None or seat.seats == seats]
    rows = {}
    for row in csv.DictReader(io.StringIO(lines_csv(KIND, player_lines(found)))):
        rows[row["player"].casefold()] = {
            "games": int(row["games"]),
            "wins": int(row["wins"]),
            "win_rate": float(row["win_rate"]) if row["win_rate"] else None,
            "average": float(row["average"]),
            "median": float(row["median"]),
            "best": int(row["best"]),
            "bonus_rate": float(row["bonus_rate"]),
            "fives": int(row["five_of_a_kinds"]),
            "choices": int(row["choices"]),
            "per_choice": float(row["given_up_per_choice"]),
        }
    return rows


def _same(found: dict[str, dict], expected: dict[str, dict]) -> None:
    assert found.keys() == expected.keys()
    for name, figures in expected.items():
        assert found[name] == pytest.approx(figures, abs=1e-9), name


def test_statistics_the_page_and_the_csv_equal_a_plain_calculation(
    store: GameStore, table: str, played: list[dict]
) -> None:
    _fill(store, table, played)
    page = _players_page(table)
    assert not page.exception
    expected = _plain_figures(played)
    _same(_page_rows(page), expected)
    _same(_csv_rows(store, table), expected)
    page.selectbox(key="stats_players").set_value(2).run()
    expected = _plain_figures(played, seats=2)
    _same(_page_rows(page), expected)
    _same(_csv_rows(store, table, seats=2), expected)
    assert any("without their earlier rolls" in c.value for c in page.caption)


def test_statistics_rename_and_merge_change_no_record(
    store: GameStore, table: str, played: list[dict]
) -> None:
    _fill(store, table, played)
    before = [g.record for g in store.games(table=table)]
    page = _players_page(table)
    page.selectbox(key="rename_old").set_value("Cy")
    page.text_input(key="rename_new").set_value("Bob").run()
    page.button(key="rename").click().run()
    assert not page.exception and not page.error
    merged = _page_rows(page)
    assert "cy" not in merged
    assert merged["bob"]["games"] == sum("Bob" in p or "Cy" in p for p, _, _ in GAMES) + sum(
        "Bob" in p and "Cy" in p for p, _, _ in GAMES
    )
    assert [g.record for g in store.games(table=table)] == before
    page.selectbox(key="rename_old").set_value("Bob")
    page.text_input(key="rename_new").set_value("Robert").run()
    page.button(key="rename").click().run()
    assert set(_page_rows(page)) == {"ann", "robert"}
    assert [g.record for g in store.games(table=table)] == before


def test_statistics_a_finished_game_leads_on_to_the_players_page(
    store: GameStore, table: str, played: list[dict]
) -> None:
    _fill(store, table, played)
    finished = store.list_games(table=table)[0]
    page = at_table(table, finished.id).run()
    page.button(key="players").click().run()
    assert not page.exception
    assert "game" not in page.query_params
    assert page.query_params["view"] == "players"
    assert set(_page_rows(page)) == {"cy"}, "it opens on that game's kind and its one player"
    page.selectbox(key="stats_players").set_value(0).run()
    assert set(_page_rows(page)) == {"ann", "bob", "cy"}


def _take_in(page: AppTest, data: bytes) -> AppTest:
    """Send a games file through the page, and the page once the server took it in."""
    page.file_uploader(key="games_upload").set_value(("games.json", data, "application/json"))
    page.run().button(key="games_import").click().run()
    assert importer().settle(120), "the file was taken in"
    return page.run() if IMPORTING_KEY in page.session_state else page


def test_statistics_export_then_import_on_an_empty_server_gives_the_same_statistics(
    store: GameStore, table: str, played: list[dict], tmp_path, monkeypatch
) -> None:
    _fill(store, table, played)
    exported = games_file(store.games(table=table))
    monkeypatch.setenv("DICE_TABLE_DB", str(tmp_path / "other.sqlite3"))
    other = SqliteStore(tmp_path / "other.sqlite3")
    elsewhere = other.issue_table()
    page = _take_in(_players_page(elsewhere), exported)
    assert [m.value for m in page.success] == [
        f"{len(played)} games added. 0 games were already here."
    ]
    assert keeper().settle(120)
    page.run()
    _same(_page_rows(page), _plain_figures(played))
    _same(_csv_rows(other, elsewhere), _csv_rows(store, table))
    assert [s.updated for s in other.list_games(table=elsewhere)] == [
        s.updated for s in store.list_games(table=table)
    ]
    page = _take_in(page, exported)
    assert [m.value for m in page.success] == [
        f"0 games added. {len(played)} games were already here."
    ]
    assert other.count(table=elsewhere) == len(played)


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"\x89PNG not json", "This is not a games file of this app"),
        (b'{"game": "catalan"}', "This is not a games file of this app"),
        (
            b'[{"game": "catalan", "players": ["Ann"], "turns": [{"player": "Ann", "dice": '
            b'[1, 2, 3, 4, 7], "box": "ones"}]}]',
            "Turn 1 of game 1 of the file cannot be replayed",
        ),
    ],
)
def test_statistics_a_file_that_is_no_games_file_adds_nothing(
    store: GameStore, table: str, data: bytes, said: str
) -> None:
    page = _take_in(_players_page(table), data)
    assert not page.exception
    assert [m.value.startswith(said) for m in page.error] == [True]
    assert store.count(table=table) == 0
