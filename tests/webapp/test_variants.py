"""Games of other rules on the page: Maxi Yatzy's six dice and saved rolls, a table's
house rules set on the start page, and its statistics counting them apart (AppTest)."""

import time
from concurrent.futures import ThreadPoolExecutor

from advisor import default_cache
from scoring import GAMES, Game, HouseRules, house_mark, house_rules, rules_record
from store import GameStore
from tests.webapp.driver import (
    at_table,
    die_labels,
    offered,
    problems,
    record,
    set_dice,
    start,
    table_of,
)
from webapp.saved_games import RULES_LOOKED_AT
from webapp.server import chances_ready, rules_ready

# A table's own rules of Yacht: an upper bonus, as grandma played.
GRANDMA = house_rules(
    GAMES["yacht"], HouseRules(name="Grandma", upper_bonus_points=35, upper_bonus_at_least=63)
)


def _record_of(store: GameStore, page) -> dict:
    (saved,) = store.games(table=table_of(page))
    return saved.record


def test_variant_maxi_draws_six_dice_saves_rolls_and_says_why_no_advice(page, store):
    page = start(page, "maxi", ["Ann", "Bob"])
    assert not problems(page)
    dice = [c.key for c in page.segmented_control if c.key.startswith("die_")]
    assert dice == [f"die_{i}" for i in range(6)]
    assert any("python -m advisor build maxi" in c.value for c in page.caption), "says why"
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


def _finished(game: Game, hand: list[int]) -> Game:
    """`game` played to its end, every turn writing `hand` into the first box offered."""
    while not game.finished:
        game.record(game.options(hand)[0][0], hand)
    return game


def test_variant_house_rules_advice_never_waits_behind_other_house_rules_chances():
    greek = house_rules(GAMES["greek"], HouseRules(name="long chances", upper_bonus_points=49))
    default_cache().build(greek, moments=False)
    assert not chances_ready(greek), "its moments table (seconds of work) is being solved"
    catalan = house_rules(GAMES["catalan"], HouseRules(name="quick advice"))
    deadline = time.monotonic() + 600
    while not rules_ready(catalan):
        assert time.monotonic() < deadline, "the house rules' table was never solved"
        time.sleep(0.01)
    assert not default_cache().stored(greek, moments=True), "not behind the other's chances"
    while not chances_ready(greek):
        assert time.monotonic() < deadline, "the moments table was never solved"
        time.sleep(0.05)


def test_variant_statistics_count_house_rules_apart_from_their_preset(store, table):
    mark = house_mark(GRANDMA)
    assert mark and house_mark(GAMES["yacht"]) == ""
    store.create(_finished(Game("yacht", ["Ann", "Bob"]), [6, 6, 6, 6, 6]).to_dict(), table=table)
    house = _finished(Game(GRANDMA, ["Ann", "Cy"]), [4, 4, 4, 4, 4]).to_dict()
    house_id = store.create(house, table=table).id
    (listed,) = [g for g in store.list_games(table=table) if g.id == house_id]
    assert (listed.game, listed.house, listed.house_name) == ("yacht", mark, "Grandma")

    page = at_table(table, house_id).run()
    page.button(key="players").click().run()
    assert not problems(page)
    kinds = page.selectbox(key="stats_game")
    assert kinds.options == ["Yacht", "Yacht · Grandma"]
    assert kinds.value == f"yacht-{mark}", "the page opens on the game's own rules"
    assert set(page.dataframe[0].value["Player"]) == {"Ann", "Cy"}
    kinds.set_value("yacht").run()
    assert set(page.dataframe[0].value["Player"]) == {"Ann", "Bob"}


def test_variant_a_tables_house_rules_are_offered_again_on_its_start_page(store, table):
    store.create(Game(GRANDMA, ["Ann"]).to_dict(), table=table)
    elsewhere = store.issue_table()
    assert "Yacht · Grandma" not in at_table(elsewhere).run().radio(key="new_game").options

    page = at_table(table).run()
    choice = page.radio(key="new_game")
    assert choice.options[-1] == "Yacht · Grandma"
    choice.set_value(house_mark(GRANDMA)).run()
    assert not problems(page)
    said = [m.value for m in page.markdown if m.value.startswith("- ")]
    assert len(said) == 1 and "Upper bonus 35 for an upper sum of at least 63" in said[0]
    page = start(page, house_mark(GRANDMA), ["Cy", "Dee"])
    assert not problems(page)
    (saved,) = [g for g in store.list_games(table=table) if g.players == ("Cy", "Dee")]
    played = Game.from_dict(store.load(saved.id, table=table).record)
    assert rules_record(played.rules) == rules_record(GRANDMA)


def test_variant_two_unnamed_house_rules_of_one_game_are_told_apart(store, table):
    forced = house_rules(GAMES["yacht"], HouseRules(forced_order=True))
    richer = house_rules(GAMES["yacht"], HouseRules(upper_bonus_points=50, upper_bonus_at_least=60))
    for rules in (forced, richer):
        store.create(Game(rules, ["Ann"]).to_dict(), table=table)
    page = at_table(table).run()
    titles = page.radio(key="new_game").options[-2:]
    assert len(set(titles)) == 2 and all(t.startswith("Yacht · House rules (") for t in titles)
    for rules in (forced, richer):
        start(page, house_mark(rules), ["Cy"])
        (saved,) = [g for g in store.list_games(table=table) if g.players == ("Cy",)]
        assert saved.house == house_mark(rules)
        store.delete(saved.id, table=table)
        page = at_table(table).run()


def test_variant_a_chosen_house_rules_stay_offered_while_the_table_plays_on(store, table):
    store.create(Game(GRANDMA, ["Ann"]).to_dict(), table=table)
    page = at_table(table).run()
    page.radio(key="new_game").set_value(house_mark(GRANDMA)).run()
    for _ in range(RULES_LOOKED_AT):
        store.create(Game("yatzy", ["Bob"]).to_dict(), table=table)
    page.run()
    assert page.radio(key="new_game").value == house_mark(GRANDMA)
    assert "Yacht · Grandma" in page.radio(key="new_game").options


def test_variant_a_table_orders_the_boxes_of_its_sheet(page, store):
    page.radio(key="new_game").set_value("yatzy").run()
    lower = page.multiselect(key="house_yatzy_order_lower_9")
    moved = [box for box in lower.value if box != "chance"] + ["chance"]
    lower.set_value(moved).run()
    said = [m.value for m in page.markdown if m.value.startswith("- ")]
    assert len(said) == 1 and "The boxes in this order" in said[0] and said[0].endswith("Chance\\.")
    page = start(page, "yatzy", ["Ann"])
    assert not problems(page)
    game = Game.from_dict(_record_of(store, page))
    assert [box.id for box in game.rules.boxes][-9:] == moved


def test_variant_a_box_left_out_of_the_order_is_refused(page):
    page.radio(key="new_game").set_value("yatzy").run()
    page.multiselect(key="house_yatzy_order_lower_9").unselect("chance").run()
    assert page.error and page.button(key="start").disabled


def test_variant_three_columns_offer_every_open_box_of_each_and_the_sheet_multiplies(page, store):
    page.radio(key="new_game").set_value("yatzy").run()
    page.checkbox(key="house_yatzy_columns").check().run()
    said = [m.value for m in page.markdown if m.value.startswith("- ")]
    assert any("×1 ×2 ×3" in line for line in said), said
    page = start(page, "yatzy", ["Ann", "Bob"])
    assert not problems(page)
    assert _record_of(store, page)["rules"]["columns"] == [1, 2, 3]
    page = set_dice(page, [6, 6, 6, 5, 5])
    boxes = offered(page)
    assert {"full_house", "full_house_2", "full_house_3"} <= set(boxes)
    assert len(boxes) == 3 * len(GAMES["yatzy"].boxes)
    label = page.button(key="record_full_house_3").label
    assert "column 3" in label and "×3" in label, label
    page = record(page, "full_house_3")
    assert not problems(page)
    game = Game.from_dict(_record_of(store, page))
    assert (game.turns[0].box, game.turns[0].column, game.turns[0].points) == ("full_house", 2, 28)
    assert game.totals()["Ann"].total == 84
    sheet = page.table[0].value
    assert list(sheet.columns) == [f"{p} ×{t}" for p in ("Ann", "Bob") for t in (1, 2, 3)]
    assert sheet.loc["Grand total", "Ann ×1"] == "84"
    assert sheet.loc["Column total × multiplier", "Ann ×3"] == "84"
    assert any("each column" in c.value for c in page.caption), "the sheet says how it counts"


def test_variant_three_columns_advice_stars_a_column_and_says_why_no_chances(page, store):
    default_cache().build("yacht")
    page.radio(key="new_game").set_value("yacht").run()
    page.checkbox(key="house_yacht_columns").check().run()
    page = start(page, "yacht", ["Ann", "Bob"])
    page = set_dice(page, [6, 6, 6, 6, 6], roll=3)
    assert not problems(page)
    assert offered(page)[0] == "five_of_a_kind_3", "fifty points count most in the ×3 column"
    assert page.button(key="record_five_of_a_kind_3").proto.type == "primary"
    assert all("Chance to win" not in str(row) for row in page.table[0].value.index)
    page = set_dice(page, [6, 6, 6, 6, 1], roll=1)
    kept = ["keep" in label for label in die_labels(page)]
    assert kept == [True, True, True, True, False], "the four sixes are kept for the ×3 box"


def test_variant_a_table_saves_unused_rolls_in_yatzy_or_not_in_maxi(page, store):
    page.radio(key="new_game").set_value("maxi").run()
    page.checkbox(key="house_maxi_saved_rolls").uncheck().run()
    said = [m.value for m in page.markdown if m.value.startswith("- ")]
    assert any("every turn has 3 rolls" in line for line in said), said
    page.radio(key="new_game").set_value("yatzy").run()
    page.checkbox(key="house_yatzy_saved_rolls").check().run()
    said = [m.value for m in page.markdown if m.value.startswith("- ")]
    assert any("saved for the player" in line for line in said), said
    page = start(page, "yatzy", ["Ann"])
    assert not problems(page)
    assert _record_of(store, page)["rules"]["saved_rolls"] is True
    assert any("Ann has 0 rolls saved" in c.value for c in page.caption)
