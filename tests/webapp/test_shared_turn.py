"""The turn in progress is the table's: saved with the game, shown the same on every device
and after a reload, changed from any device, one change standing when two devices change
it at once; and every source of dice flows like the live camera (a turn starts at roll 1,
Roll again moves it on, held dice stay where they are)."""

import samples
from store import GameStore
from tests.webapp.driver import (
    offered,
    problems,
    record,
    second_browser,
    set_dice,
    start,
    table_of,
)
from webapp.state import DIE_KEYS, HOLD_KEYS, TURN_SEEN_KEY

PHOTOS = {photo.name: photo for photo in samples.photos()}
# Two sample photos with both threes in common: [1, 3, 3, 4, 5] and [1, 1, 3, 3, 4].
FIRST, SECOND = PHOTOS["IMG_20191208_112415.jpg"], PHOTOS["IMG_20191208_112837.jpg"]


def _dice(page) -> list[int | None]:
    """The values of the dice drawn, as many as the game has."""
    drawn = {control.key for control in page.segmented_control}
    return [page.segmented_control(key=key).value for key in DIE_KEYS if key in drawn]


def _holds(page) -> list[bool]:
    """The ticks drawn, one per die."""
    drawn = {box.key for box in page.checkbox}
    return [page.checkbox(key=key).value for key in HOLD_KEYS if key in drawn]


def _read_sample(page, photo):
    page.pills(key="photo_source").set_value("sample").run()
    page.selectbox(key="sample").set_value(photo).run()
    return page.button(key="read_sample").click().run()


def _hold(page, values: list[int]):
    """Tick the rows showing `values` (each value once)."""
    left = list(values)
    for row, value in enumerate(_dice(page)):
        if value in left:
            left.remove(value)
            page.checkbox(key=HOLD_KEYS[row]).check()
    return page.run()


def _saved_turn(store: GameStore, page) -> dict:
    (game,) = store.games(table=table_of(page))
    return game.record


def test_shared_turn_a_second_device_shows_the_dice_roll_and_held_dice_and_records(page, store):
    page = set_dice(start(page, "yatzy", ["Ann", "Bob"]), [6, 6, 6, 2, 2])
    page = _hold(page, [6, 6, 6])
    other = second_browser(page)
    assert not problems(other)
    assert _dice(other) == [6, 6, 6, 2, 2]
    assert _holds(other) == [True, True, True, False, False]
    assert other.segmented_control(key="roll").value == 1
    assert offered(other) == offered(page), "the same boxes, best first, on both"
    other = record(other, "full_house")
    assert not problems(other)
    page.run()
    assert _dice(page) == [None] * 5, "the entry passed the turn on, on this device too"
    assert "Bob" in next(m.value for m in page.markdown if "to play" in m.value)


def test_shared_turn_a_reload_finds_the_turn_as_it_stood(page):
    page = set_dice(start(page, "yatzy", ["Ann"]), [5, 5, 1, 2, 3])
    page = _hold(page, [5, 5])
    page = page.button(key="roll_again").click().run()
    reloaded = second_browser(page)
    assert _dice(reloaded) == [5, 5, None, None, None]
    assert reloaded.segmented_control(key="roll").value == 2
    assert _holds(reloaded)[:2] == [True, True]


def test_shared_turn_two_devices_changing_it_at_once_one_change_stands(page):
    page = set_dice(start(page, "yatzy", ["Ann"]), [1, 2, 3, 4, 5])
    other = second_browser(page)
    page.segmented_control(key=DIE_KEYS[0]).set_value(6).run()
    other.segmented_control(key=DIE_KEYS[0]).set_value(2).run()
    assert any("Another device changed the turn" in w.value for w in other.warning)
    assert _dice(other)[0] == 6, "the change that stood is shown"
    page.run()
    assert _dice(page)[0] == 6


def test_shared_turn_values_sent_before_the_table_s_turn_was_drawn_change_nothing(page, store):
    page = set_dice(start(page, "yatzy", ["Ann"]), [1, 2, 3, 4, 5])
    other = second_browser(page)
    drawn = other.text_input(key=TURN_SEEN_KEY).value
    page.segmented_control(key=DIE_KEYS[0]).set_value(6).run()
    other.run()
    assert _dice(other) == [6, 2, 3, 4, 5]
    # The browser had not drawn that turn: it sends its old count with its old die.
    other.text_input(key=TURN_SEEN_KEY).set_value(drawn)
    other.segmented_control(key=DIE_KEYS[0]).set_value(1).run()
    assert _saved_turn(store, page)["turn"]["dice"] == [6, 2, 3, 4, 5], "nothing saved"
    assert _dice(other) == [6, 2, 3, 4, 5], "and the table's turn is shown again"
    other.segmented_control(key=DIE_KEYS[0]).set_value(1).run()
    assert _saved_turn(store, page)["turn"]["dice"] == [1, 2, 3, 4, 5], "once drawn, a click saves"


def test_shared_turn_a_catalan_turn_of_samples_records_roll_2_without_a_roll_click(page, store):
    page = _read_sample(start(page, "catalan", ["Ann"]), FIRST)
    assert not problems(page)
    assert page.segmented_control(key="roll").value == 1, "a turn starts at roll 1"
    assert offered(page), "no roll click before the boxes"
    page = _hold(page, [3, 3])
    page = page.button(key="roll_again").click().run()
    page = _read_sample(page, SECOND)
    assert not page.warning or not any("was held at" in w.value for w in page.warning)
    assert page.segmented_control(key="roll").value == 2
    held = [value for value, ticked in zip(_dice(page), _holds(page), strict=True) if ticked]
    assert held == [3, 3]
    page = record(page, offered(page)[0])
    assert not problems(page)
    (turn,) = _saved_turn(store, page)["turns"]
    assert turn["roll"] == 2
    assert turn["rolls"] == [{"dice": [1, 3, 3, 4, 5], "kept": [3, 3]}]


def test_shared_turn_a_held_die_read_differently_is_flagged_and_the_rolls_kept(page, store):
    page = _read_sample(start(page, "yatzy", ["Ann"]), FIRST)
    page = _hold(page, [4, 5])
    page = page.button(key="roll_again").click().run()
    page = _read_sample(page, SECOND)
    warned = [w.value for w in page.warning if "was held at" in w.value]
    assert warned and "held at 5" in warned[0], "the five now reads otherwise"
    assert 5 in _dice(page), "the held die keeps its value until a player says otherwise"
    page = record(page, offered(page)[0])
    (turn,) = _saved_turn(store, page)["turns"]
    assert turn["roll"] == 2 and turn["rolls"][0]["kept"] == [4, 5]
