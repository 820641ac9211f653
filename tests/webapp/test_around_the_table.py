"""Around the table: a rematch of a finished game, a game abandoned (kept apart from the
games to resume and from the statistics), a link to an empty table questioned, the Players
page opening on the game it was reached from, and times in the browser's time zone."""

from datetime import UTC, datetime

from streamlit.testing.v1 import AppTest

from scoring import GAMES, Game, rules_record
from store import GameStore
from tests.webapp.conftest import APP
from tests.webapp.driver import at_table, problems
from webapp.server.kept_reviews import keeper
from webapp.state import TABLES_KEY

DOUBT = "No games at this table yet: is the link right?"
# A quarter to midnight in UTC is the next morning in Tokyo and the afternoon in New York.
SAVED = datetime(2026, 1, 15, 23, 30, tzinfo=UTC)


def _played(kind: str, players: list[str]) -> Game:
    """A finished game of `kind`: every turn writes the same dice into the first box offered."""
    game = Game(kind, players)
    while not game.finished:
        dice = [5, 5, 5, 2, 2]
        game.record(game.options(dice)[0][0], dice)
    return game


def _players_page(table: str, context: dict[str, object] | None = None) -> AppTest:
    page = at_table(table)
    page.query_params["view"] = "players"
    page.context = context or {}
    return page.run()


def _warnings(page: AppTest) -> list[str]:
    return [warning.value for warning in page.warning]


def _keys(page: AppTest) -> set[str]:
    return {button.key for button in page.button}


def test_around_the_table_rematch_starts_the_same_game_in_the_same_seats(
    store: GameStore, table: str
) -> None:
    record = {**_played("greek", ["Cy", "Ann", "Bob"]).to_dict(), "language": "ca"}
    done = store.create(record, table=table).id
    page = at_table(table, done).run()
    page.button(key="rematch").click().run()
    assert not problems(page)
    rematch = page.query_params["game"]
    assert rematch != done and page.query_params["table"] == table
    saved = store.load(rematch, table=table).record
    assert Game.from_dict(saved).to_dict() == {
        "game": "greek",
        "rules": rules_record(GAMES["greek"]),
        "players": ["Cy", "Ann", "Bob"],
        "turns": [],
    }
    assert saved["language"] == "ca", "the language the table played in"
    assert "rematch" not in _keys(page), "the page shows the new game, not the standings"
    assert page.button(key="undo").disabled, "nothing recorded in it yet"


def test_around_the_table_abandon_keeps_the_game_out_of_resume_and_statistics(
    store: GameStore, table: str
) -> None:
    done = store.create(_played("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    keeper().ask(store, table, [done])
    assert keeper().settle(120), "the finished game's review was worked out"
    going = Game("yatzy", ["Ann", "Bob"])
    going.record("chance", [6, 6, 5, 5, 4])
    going_id = store.create(going.to_dict(), table=table).id
    before = _players_page(table).dataframe[0].value

    page = at_table(table, going_id).run()
    page.button(key="abandon").click().run()
    assert not problems(page)
    assert "game" not in page.query_params and page.query_params["table"] == table
    assert f"resume_{going_id}" not in _keys(page)
    (shelf,) = [box for box in page.expander if box.label == "Abandoned games (1)"]
    (line,) = [m.value for m in shelf.markdown]
    assert "abandoned at 1/30 boxes" in line
    assert f"open_{going_id}" in {button.key for button in shelf.button}
    (listed,) = store.list_games(table=table, abandoned=True)
    assert listed.id == going_id and listed.abandoned and listed.turns == 1

    after = _players_page(table).dataframe[0].value
    assert after.equals(before), "the statistics count finished games only"
    opened = at_table(table, going_id).run()
    assert not problems(opened)
    assert [i.value for i in opened.info if "abandoned" in i.value]
    assert "abandon" not in _keys(opened) and opened.button(key="undo").disabled
    assert not [key for key in _keys(opened) if key.startswith("record_")]


def test_around_the_table_a_redraw_asked_before_the_page_moved_on_does_not_move_it_back(
    store: GameStore, table: str
) -> None:
    going_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    page = at_table(table, going_id).run()
    page.button(key="abandon").click().run()
    assert "game" not in page.query_params
    # The browser's timed redraw, sent with the address it showed before the click.
    page.query_params["game"] = going_id
    page.run()
    assert not problems(page)
    assert "game" not in page.query_params and page.query_params["table"] == table
    assert [c.value for c in page.caption if c.value == "No game in progress."]
    assert "abandon" not in _keys(page)

    other_id = store.create(Game("yatzy", ["Cy"]).to_dict(), table=table).id
    page.query_params["game"] = other_id
    page.run()
    assert page.query_params["game"] == other_id, "an address the page never left is kept"
    assert "abandon" in _keys(page)


def test_around_the_table_a_link_to_an_empty_table_asks_whether_it_is_right(
    page: AppTest, store: GameStore, table: str
) -> None:
    linked = at_table(table).run()
    assert not problems(linked)
    assert DOUBT in _warnings(linked), "a table with no games this browser never saw"
    assert DOUBT not in _warnings(page), "the new table this browser was just issued"
    remembering = at_table(table)
    remembering.session_state[TABLES_KEY] = [table]
    assert DOUBT not in _warnings(remembering.run()), "a table this browser remembers"
    with_games = store.issue_table()
    store.create(Game("yatzy", ["Ann"]).to_dict(), table=with_games)
    assert DOUBT not in _warnings(at_table(with_games).run()), "a table with games"


def test_around_the_table_the_players_page_opens_on_the_game_it_was_reached_from(
    store: GameStore, table: str
) -> None:
    store.create(_played("greek", ["Ann", "Bob"]).to_dict(), table=table)
    done = store.create(_played("yatzy", ["Ann", "Bob", "Cy"]).to_dict(), table=table).id
    store.create(_played("yatzy", ["Ann", "Bob"]).to_dict(), table=table)
    page = at_table(table, done).run()
    page.button(key="players").click().run()
    assert not problems(page)
    assert page.selectbox(key="stats_game").value == "yatzy"
    assert page.selectbox(key="stats_players").value == 3
    frame = page.dataframe[0].value
    assert sorted(frame["Player"]) == ["Ann", "Bob", "Cy"]
    assert list(frame["Games"]) == [1, 1, 1]
    start = at_table(table).run()
    start.button(key="players").click().run()
    assert start.selectbox(key="stats_game").value == "greek", "from the start page: the first"
    assert start.selectbox(key="stats_players").value == 0


def test_around_the_table_times_are_shown_in_the_browser_s_time_zone(
    store: GameStore, table: str
) -> None:
    store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table, when=SAVED)
    store.create(_played("yatzy", ["Ann", "Bob"]).to_dict(), table=table, when=SAVED)

    def start_lines(context: dict[str, object]) -> list[str]:
        page = AppTest.from_file(APP, default_timeout=60)
        page.query_params["table"] = table
        page.context = context
        page.run()
        assert not problems(page)
        return [m.value.split("\n")[-1] for m in page.markdown if "Ann, Bob" in m.value]

    tokyo = {"timezone": "Asia/Tokyo", "timezone_offset": -540}
    assert [line[:16] for line in start_lines(tokyo)] == ["2026-01-16 08:30"] * 2
    assert all(" UTC " not in line for line in start_lines(tokyo))
    offset_only = {"timezone_offset": 300}
    assert [line[:16] for line in start_lines(offset_only)] == ["2026-01-15 18:30"] * 2
    unknown = {"timezone": "Nowhere/Land", "timezone_offset": 300}
    assert [line[:16] for line in start_lines(unknown)] == ["2026-01-15 18:30"] * 2
    assert [line[:20] for line in start_lines({})] == ["2026-01-15 23:30 UTC"] * 2

    def record_days(context: dict[str, object]) -> set[str]:
        page = _players_page(table, context)
        lines = [m.value for m in page.markdown if m.value.startswith("- ")]
        return {line.rsplit(" · ", 1)[-1] for line in "\n".join(lines).split("\n")}

    assert record_days(tokyo) == {"2026-01-16"}
    assert record_days({}) == {"2026-01-15"}
