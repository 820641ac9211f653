"""The sheet view alone: the scoresheet, Undo, the standings and the downloads."""

from streamlit.testing.v1 import AppTest

from scoring import Game


def _sheet(table: str, game_id: str) -> None:
    from webapp import turn_state
    from webapp.language import sheet_names
    from webapp.saved_games import open_game
    from webapp.views.sheet import downloads, scoresheet, standings, undo_button

    saved = open_game(table, game_id)
    turn_state.play(saved.game.rules)
    names = sheet_names(saved.game.rules, False)
    if saved.game.finished:
        standings(saved)
    scoresheet(saved, names)
    undo_button(saved, names)
    downloads(saved, names)


def _saved(store, table: str, turns: list[tuple[list[int], str]]) -> str:
    game = Game("yatzy", ["Ann", "Bob"])
    for dice, box in turns:
        game.record(box, dice, 3)
    return store.create(game.to_dict(), table=table).id


def test_the_sheet_shows_each_players_boxes_and_undo_takes_the_last_one_back(store, table):
    game_id = _saved(store, table, [([6, 6, 6, 2, 1], "sixes"), ([1, 1, 2, 3, 4], "ones")])
    page = AppTest.from_function(
        _sheet, kwargs={"table": table, "game_id": game_id}, default_timeout=30
    ).run()
    assert not page.exception
    sheet = page.table[0].value
    assert str(sheet.loc["Sixes", "Ann"]) == "18"
    assert str(sheet.loc["Ones", "Bob"]) == "2"
    page.button(key="undo").click().run()
    assert not page.exception
    assert len(store.load(game_id, table=table).record["turns"]) == 1


def test_a_game_on_offers_its_record_and_sheet_but_no_review_unasked(store, table):
    game_id = _saved(store, table, [([5, 5, 5, 5, 5], "five_of_a_kind")])
    page = AppTest.from_function(
        _sheet, kwargs={"table": table, "game_id": game_id}, default_timeout=30
    ).run()
    assert not page.exception
    assert {d.key for d in page.download_button} == {"download_record", "download_csv"}
    assert not page.success, "no standings before the game is over"
