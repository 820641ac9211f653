"""Games of other rules on the page: Maxi Yatzy's six dice and saved rolls, and a table's
house rules set on the start page (AppTest)."""

import time
from concurrent.futures import ThreadPoolExecutor

from advisor import default_cache
from scoring import GAMES, Game, HouseRules, house_rules
from store import GameStore
from tests.webapp.driver import offered, problems, record, set_dice, start, table_of
from webapp.server import rules_ready


def _record_of(store: GameStore, page) -> dict:
    (saved,) = store.games(table=table_of(page))
    return saved.record


def test_variant_maxi_draws_six_dice_saves_rolls_and_says_why_no_advice(page, store):
    page = start(page, "maxi", ["Ann", "Bob"])
    assert not problems(page)
    dice = [c.key for c in page.segmented_control if c.key.startswith("die_")]
    assert dice == [f"die_{i}" for i in range(6)]
    assert any("6 dice" in c.value for c in page.caption), "the advisor says why it is silent"
    page = set_dice(page, [6, 6, 6, 6, 5, 5])
    assert {"tower", "full_house", "four_of_a_kind"} <= set(offered(page))
    page = record(page, "tower")
    assert not problems(page)
    assert any("Bob has 0 rolls saved" in c.value for c in page.caption), "Bob plays next"
    game = Game.from_dict(_record_of(store, page))
    assert game.turns[0].points == 34 and game.saved_rolls("Ann") == 2


def test_variant_house_rules_are_said_in_plain_words_and_the_game_plays_by_them(page, store):
    page.radio(key="new_game").set_value("yatzy").run()
    page.text_input(key="house_yatzy_name").set_value("Grandma")
    page.number_input(key="house_yatzy_at_least").set_value(60)
    page.checkbox(key="house_yatzy_forced").check()
    page.run()
    said = [m.value for m in page.markdown if m.value.startswith("- ")]
    assert any("at least 60" in line for line in said), said
    assert any("top to bottom" in line for line in said), said
    page = start(page, "yatzy", ["Ann"])
    assert not problems(page)
    rules = _record_of(store, page)["rules"]
    assert rules["name"] == "Grandma" and rules["forced_order"] is True
    assert rules["upper_bonus"] == {"points": 50, "at_least": 60}
    assert any("Grandma" in m.value for m in page.markdown), "the game's title names the rules"
    page = set_dice(page, [6, 6, 6, 6, 6])
    assert offered(page) == ["ones"], "a forced game offers the next box only"


def test_variant_contradictory_house_rules_are_refused_saying_why(page):
    page.radio(key="new_game").set_value("yatzy").run()
    page.number_input(key="house_yatzy_at_least").set_value(200).run()
    assert any("at most 105" in e.value for e in page.error)
    assert page.button(key="start").disabled
    assert not page.exception


def test_variant_a_games_own_rules_need_no_house_settings(page):
    page.radio(key="new_game").set_value("catalan").run()
    assert any("own rules" in c.value for c in page.caption)
    assert not page.button(key="start").disabled
    assert GAMES["catalan"].roll_matters


def test_variant_house_rules_tables_are_solved_once_in_the_background_for_many_threads():
    rules = house_rules(GAMES["yatzy"], HouseRules(name="threads", forced_order=True))
    with ThreadPoolExecutor(8) as pool:
        asked = list(pool.map(lambda _: rules_ready(rules), range(16)))
    assert not any(asked), "not solved yet: the pages do not wait for it"
    deadline = time.monotonic() + 600
    while not rules_ready(rules):
        assert time.monotonic() < deadline, "the house rules' table was never solved"
        time.sleep(0.05)
    assert default_cache().stored(rules)
    assert default_cache().solved(rules).layout.rules is rules
