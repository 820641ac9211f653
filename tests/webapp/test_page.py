"""The page as a player uses it: set-up, entry, suggestions, undo, resume, end, bad input."""

import json
import re
from pathlib import Path

from streamlit import config
from streamlit.testing.v1 import AppTest

import samples
from scoring import GAMES, Game, rules_record
from tests.conftest import fill
from tests.webapp.conftest import APP
from tests.webapp.driver import (
    at_table,
    die_labels,
    offered,
    photo_captions,
    problems,
    record,
    second_browser,
    set_dice,
    sheet,
    start,
    table_of,
    turn_line,
    upload,
    use_source,
)
from webapp.views.start import LISTED

TWELVE_DICE = (
    Path(__file__).resolve().parents[1]
    / "vision"
    / "photos"
    / "byler-d6"
    / "IMG_20191208_111650.jpg"
)


def test_start_page_lists_every_game(page):
    assert not problems(page)
    titles = page.radio(key="new_game").options
    assert len(titles) == len(GAMES)
    assert "Yahtzee" in titles


def test_starting_a_game_puts_its_id_in_the_url_and_saves_it(page, store):
    page = start(page, "yatzy", ["Ann", "Bob"])
    assert not problems(page)
    game_id = page.query_params["game"]
    saved = store.load(game_id, table=table_of(page))
    assert saved.record == {
        "game": "yatzy",
        "rules": rules_record(GAMES["yatzy"]),
        "players": ["Ann", "Bob"],
        "turns": [],
        "language": "en",
    }
    assert list(sheet(page).columns) == ["Ann", "Bob"]
    assert "Ann to play" in turn_line(page)


def test_a_player_named_twice_is_refused(page, store):
    page = start(page, "yatzy", ["Ann", "Ann"])
    assert "named twice" in page.error[0].value
    assert "game" not in page.query_params
    assert store.list_games(table=table_of(page)) == []


def test_typed_dice_show_every_legal_box_best_first(page):
    page = set_dice(start(page, "yatzy", ["Ann", "Bob"]), [6, 6, 6, 2, 2])
    boxes = offered(page)
    assert len(boxes) == 15
    assert boxes[:2] == ["full_house", "chance"]


def test_recording_writes_the_sheet_and_passes_the_turn(page, store):
    page = record(set_dice(start(page, "yatzy", ["Ann", "Bob"]), [6, 6, 6, 2, 2]), "full_house")
    assert not problems(page)
    assert sheet(page).loc["Full house", "Ann"] == "22"
    assert sheet(page).loc["Total", "Ann"] == "22"
    assert "Bob to play" in turn_line(page)
    assert all(page.segmented_control(key=f"die_{i}").value is None for i in range(5))
    saved = store.load(page.query_params["game"], table=table_of(page)).record
    assert saved["turns"] == [
        {"player": "Ann", "dice": [2, 2, 6, 6, 6], "roll": 1, "box": "full_house"}
    ]


def test_scratch_shows_a_dash(page):
    page = record(set_dice(start(page, "yatzy", ["Ann"]), [1, 2, 3, 4, 6]), "five_of_a_kind")
    assert sheet(page).loc["Yatzy", "Ann"] == "—"


def test_catalan_school_first_and_first_roll_doubling(page):
    page = set_dice(start(page, "catalan", ["Ann", "Bob"]), [3, 3, 1, 5, 6], roll=1)
    assert sorted(offered(page)) == sorted(["ones", "twos", "threes", "fours", "fives", "sixes"])
    assert "Ones" in sheet(page).index
    page.toggle(key="own_box_names").set_value(True).run()
    assert "Uns" in sheet(page).index
    assert "Contra la mitjana" in sheet(page).index


def test_undo_takes_back_the_entry_and_returns_its_dice(page, store):
    page = record(set_dice(start(page, "yatzy", ["Ann", "Bob"]), [5, 5, 5, 5, 1], roll=2), "fives")
    page = page.button(key="undo").click().run()
    assert not problems(page)
    assert sheet(page).loc["Fives", "Ann"] == ""
    assert "Ann to play" in turn_line(page)
    assert [page.segmented_control(key=f"die_{i}").value for i in range(5)] == [5, 5, 5, 5, 1]
    assert page.segmented_control(key="roll").value == 2
    assert store.load(page.query_params["game"], table=table_of(page)).record["turns"] == []


def test_resume_by_id_in_a_second_browser(page):
    page = record(set_dice(start(page, "greek", ["Ann", "Bob"]), [2, 3, 4, 5, 5]), "small_straight")
    second = second_browser(page)
    assert not problems(second)
    assert sheet(second).loc["Small straight", "Ann"] == "30"
    assert "Bob to play" in turn_line(second)


def test_resume_from_the_list(page, store):
    game = Game("russian", ["Ann", "Bob"])
    game.record("chance", [1, 2, 3, 4, 5])
    game_id = store.create(game.to_dict(), table=table_of(page)).id
    page.run()
    page.button(key=f"resume_{game_id}").click().run()
    assert page.query_params["game"] == game_id
    assert sheet(page).loc["Chance", "Ann"] == "15"


def test_two_browsers_recording_at_once_lose_nothing(page, store):
    page = start(page, "yatzy", ["Ann", "Bob"])
    other = second_browser(page)
    page = set_dice(page, [1, 1, 1, 2, 3])
    other = set_dice(other, [6, 6, 6, 6, 6])
    page = record(page, "ones")
    other = record(other, "five_of_a_kind")
    assert "nothing was recorded" in other.warning[0].value
    assert "Bob's turn now" in other.warning[0].value
    assert [other.segmented_control(key=f"die_{i}").value for i in range(5)] == [None] * 5
    turns = store.load(page.query_params["game"], table=table_of(page)).record["turns"]
    assert [t["box"] for t in turns] == ["ones"]
    assert sheet(other).loc["Ones", "Ann"] == "3"


def test_a_whole_game_ends_with_standings_and_downloads(page, store):
    page = start(page, "yahtzee", ["Ann"])
    for _ in range(13):
        page = record(set_dice(page, [6, 6, 6, 6, 6]), offered(page)[0])
        assert not problems(page)
    assert any("Ann wins" in s.value for s in page.success)
    assert not [b for b in page.button if b.key and b.key.startswith("record_")]
    downloads = {d.key: d for d in page.download_button}
    # The review's download joins them once the advisor has solved the game.
    assert (
        {"download_record", "download_csv"}
        <= set(downloads)
        <= {
            "download_record",
            "download_csv",
            "download_review",
        }
    )
    record_json = store.load(page.query_params["game"], table=table_of(page)).record
    replayed = Game.from_dict(json.loads(json.dumps(record_json)))
    assert replayed.finished
    assert sheet(page).loc["Total", "Ann"] == str(replayed.totals()["Ann"].total)


def test_unknown_game_id_gives_a_message(db, table):
    page = at_table(table, "nope").run()
    assert not page.exception
    assert "no saved game" in page.error[0].value


def test_a_corrupt_game_file_gives_a_message(db):
    db.write_bytes(b"this is not a database" * 100)
    page = AppTest.from_file(APP, default_timeout=60).run()
    assert not page.exception
    assert "cannot be used" in page.error[0].value
    shown = " ".join(e.value for e in page.error)
    assert str(db.parent) not in shown and db.name not in shown, "no server path is shown"
    assert db.read_bytes() == b"this is not a database" * 100


def test_a_file_that_is_not_a_photo_is_refused(page):
    page = set_dice(start(page, "yatzy", ["Ann"]), [1, 2, 3, 4, 5])
    page = upload(page, "dice.jpg", b"not a photo")
    assert not page.exception
    assert "not a photo" in page.error[0].value
    assert [page.segmented_control(key=f"die_{i}").value for i in range(5)] == [1, 2, 3, 4, 5]


def test_a_photo_fills_the_dice_and_warns_when_it_is_not_five(page):
    photo = TWELVE_DICE
    labelled = len(json.loads(photo.with_suffix(".json").read_text())["dice"])
    assert labelled == 12
    page = start(page, "yatzy", ["Ann"])
    page = upload(page, photo.name, photo.read_bytes())
    assert not problems(page)
    assert page.image, "the annotated photo is shown"
    warnings = " ".join(w.value for w in page.warning)
    assert "I see 12 dice, not 5" in warnings
    assert "set aside" in warnings
    values = [page.segmented_control(key=f"die_{i}").value for i in range(5)]
    assert all(v in range(1, 7) for v in values)
    assert offered(page), "five dice from the photo give suggestions at once"


def test_the_check_warning_names_only_rows_marked_to_check(page):
    photo = TWELVE_DICE
    page = start(page, "yatzy", ["Ann"])
    page = upload(page, photo.name, photo.read_bytes())
    marked = {i + 1 for i, row in enumerate(die_labels(page)) if "check" in row}
    checks = [w.value for w in page.warning if "marked check" in w.value]
    named = {int(n) for text in checks for n in re.findall(r"\d+", text.split(" w")[0])}
    assert named == marked
    assert bool(checks) == bool(marked)


def test_a_sample_photo_can_be_read_without_a_camera(page):
    page = use_source(start(page, "yahtzee", ["Ann"]), "sample")
    assert page.selectbox(key="sample").options
    sample = page.selectbox(key="sample").value
    page.button(key="read_sample").click().run()
    assert not problems(page)
    values = [page.segmented_control(key=f"die_{i}").value for i in range(5)]
    warned = "not 5" in " ".join(w.value for w in page.warning)
    assert any(values)
    assert warned or None not in values
    assert any(sample.stem in caption for caption in photo_captions(page))


def test_shared_turn_catalan_offers_the_boxes_of_roll_1_with_no_roll_click(page):
    page = set_dice(start(page, "catalan", ["Ann"]), [3, 3, 1, 5, 6])
    first = offered(page)
    assert first, "a turn starts at roll 1: no roll click before the boxes"
    assert not any("Which roll" in i.value for i in page.info)
    page = set_dice(page, [3, 3, 1, 5, 6], roll=3)
    assert offered(page), "the roll can still be set by hand"


def test_the_extra_bonus_and_the_undo_are_told_in_the_sheet_names(page):
    page = record(set_dice(start(page, "yahtzee", ["Ann"]), [6] * 5), "five_of_a_kind")
    page = record(set_dice(page, [6] * 5), "sixes")
    assert "+100 bonus" in page.success[0].value
    assert sheet(page).loc["Yahtzee bonus", "Ann"] == "100"
    page = page.button(key="undo").click().run()
    assert "Took back Ann's Sixes" in page.info[0].value


def test_a_camera_snapshot_is_read_like_an_upload(page):
    photo = samples.photos()[0]
    page = use_source(start(page, "yatzy", ["Ann"]), "snapshot")
    page.camera_input[0].set_value(("snapshot.jpg", photo.read_bytes(), "image/jpeg")).run()
    assert not problems(page)
    assert any("snapshot.jpg" in caption for caption in photo_captions(page))
    assert any(page.segmented_control(key=f"die_{i}").value for i in range(5))


def test_finished_games_are_listed_apart_with_their_winner(store, table):
    finished = Game("yahtzee", ["Ann", "Bob"])
    while not finished.finished:
        dice = [6, 6, 6, 6, 6] if finished.current_player == "Bob" else [1, 2, 3, 4, 6]
        finished.record(finished.options(dice)[0][0], dice)
    done = store.create(finished.to_dict(), table=table)
    playing = Game("yatzy", ["Cy"])
    playing.record("chance", [1, 2, 3, 4, 5])
    going = store.create(playing.to_dict(), table=table)
    page = at_table(table).run()
    assert not problems(page)
    resumable = {b.key for b in page.button if b.key and b.key.startswith("resume_")}
    assert resumable == {f"resume_{going.id}"}
    finished_list = next(e for e in page.expander if e.label != "House rules")
    (listed,) = [m.value for m in finished_list.markdown]
    assert f"Bob wins with {finished.totals()['Bob'].total}" in listed
    page = page.button(key=f"open_{done.id}").click().run()
    assert page.query_params["game"] == done.id
    assert any("Bob wins" in s.value for s in page.success)
    assert {"download_record", "download_csv"} <= {d.key for d in page.download_button}


def test_the_start_page_lists_the_most_recent_games_and_shows_older_ones_on_request(store, table):
    games = [Game("yatzy", [f"P{i}"]).to_dict() for i in range(LISTED + 5)]
    ids = [store.create(game, table=table).id for game in games]
    page = at_table(table).run()
    assert not problems(page)
    resumable = [b.key.removeprefix("resume_") for b in page.button if b.key.startswith("resume_")]
    assert resumable == ids[::-1][:LISTED]
    assert any(f"There are {LISTED + 5} in all." in c.value for c in page.caption)
    page = page.button(key="show_older").click().run()
    resumable = [b.key.removeprefix("resume_") for b in page.button if b.key.startswith("resume_")]
    assert resumable == ids[::-1]
    assert not [b for b in page.button if b.key == "show_older"]


def test_rolling_again_keeps_the_held_dice_and_the_turn_records_its_rolls(page, store):
    page = set_dice(start(page, "yatzy", ["Ann", "Bob"]), [6, 6, 2, 3, 1], roll=1)
    page.checkbox(key="hold_0").check()
    page.checkbox(key="hold_1").check()
    page = page.button(key="roll_again").click().run()
    assert not problems(page)
    assert page.segmented_control(key="roll").value == 2
    dice = [page.segmented_control(key=f"die_{i}").value for i in range(5)]
    assert dice == [6, 6, None, None, None]
    assert _ticked(page) == [0, 1], "the held dice stay held"
    page = set_dice(page, [6, 6, 6, 4, 4])
    page.checkbox(key="hold_2").check()
    page = page.button(key="roll_again").click().run()
    page = record(set_dice(page, [6, 6, 6, 6, 5]), "sixes")
    assert not problems(page)
    (turn,) = store.load(page.query_params["game"], table=table_of(page)).record["turns"]
    assert turn["roll"] == 3
    assert turn["rolls"] == [
        {"dice": [1, 2, 3, 6, 6], "kept": [6, 6]},
        {"dice": [4, 4, 6, 6, 6], "kept": [6, 6, 6]},
    ]


def _ticked(page) -> list[int]:
    return [i for i in range(5) if page.checkbox(key=f"hold_{i}").value]


def test_undo_puts_back_the_turn_as_it_stood_with_its_earlier_rolls(page, store):
    page = set_dice(start(page, "yatzy", ["Ann", "Bob"]), [6, 2, 6, 3, 1], roll=1)
    page.checkbox(key="hold_0").check()
    page.checkbox(key="hold_2").check()
    page = page.button(key="roll_again").click().run()
    page = set_dice(page, [6, 4, 6, 5, 2])
    page.checkbox(key="hold_3").check()
    page = record(page, "sixes")
    assert not problems(page)
    first = store.load(page.query_params["game"], table=table_of(page)).record["turns"][0]
    page = page.button(key="undo").click().run()
    assert not problems(page)
    assert [page.segmented_control(key=f"die_{i}").value for i in range(5)] == [6, 4, 6, 5, 2]
    assert page.segmented_control(key="roll").value == 2
    assert _ticked(page) == [0, 2, 3]
    page = record(page, "sixes")
    assert not problems(page)
    (again,) = store.load(page.query_params["game"], table=table_of(page)).record["turns"]
    assert again == first
    assert again["rolls"] == [{"dice": [1, 2, 3, 6, 6], "kept": [6, 6]}]


def test_undo_from_another_browser_puts_back_the_earlier_rolls_from_the_record(page, store):
    page = set_dice(start(page, "yatzy", ["Ann", "Bob"]), [6, 2, 6, 3, 1], roll=1)
    page.checkbox(key="hold_0").check()
    page.checkbox(key="hold_2").check()
    page = page.button(key="roll_again").click().run()
    page = record(set_dice(page, [6, 4, 6, 5, 2]), "sixes")
    other = second_browser(page).button(key="undo").click().run()
    assert not problems(other)
    assert [other.segmented_control(key=f"die_{i}").value for i in range(5)] == [2, 4, 5, 6, 6]
    assert other.segmented_control(key="roll").value == 2
    assert _ticked(other) == [3, 4], "the dice kept from roll 1 are held"
    other = record(other, "sixes")
    (turn,) = store.load(page.query_params["game"], table=table_of(page)).record["turns"]
    assert turn["rolls"] == [{"dice": [1, 2, 3, 6, 6], "kept": [6, 6]}]


def test_a_held_die_changed_after_rolling_again_records_the_turn_without_its_rolls(page, store):
    page = set_dice(start(page, "yatzy", ["Ann"]), [6, 6, 2, 3, 1], roll=1)
    page.checkbox(key="hold_0").check()
    page = page.button(key="roll_again").click().run()
    page = record(set_dice(page, [5, 5, 5, 2, 2]), "full_house")
    assert not problems(page)
    (turn,) = store.load(page.query_params["game"], table=table_of(page)).record["turns"]
    assert turn["roll"] == 2 and "rolls" not in turn


def test_the_phone_popover_warns_when_the_server_listens_on_this_computer_only(page):
    page = start(page, "yatzy", ["Ann"])
    assert not [w for w in page.warning if "no phone can reach it" in w.value]
    before = config.get_option("server.address")
    config.set_option("server.address", "127.0.0.1")
    try:
        page = page.run()
        assert [w for w in page.warning if "no phone can reach it" in w.value]
    finally:
        config.set_option("server.address", before)


def test_a_full_disk_is_told_and_the_sheet_still_shows(disk, monkeypatch):
    monkeypatch.setenv("DICE_TABLE_DB", str(disk / "games.sqlite3"))
    page = start(AppTest.from_file(APP, default_timeout=60).run(), "yatzy", ["Ann", "Bob"])
    fill(disk)
    page = record(set_dice(page, [6, 6, 6, 6, 5]), "chance")
    assert any("disk that holds the games is full" in e.value for e in page.error)
    assert sheet(page).loc["Chance", "Ann"] == ""
    assert "Ann to play" in turn_line(page)
