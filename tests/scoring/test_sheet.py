"""The scoresheet rows shared by the page and the CSV export."""

import csv
import io

import pytest

from scoring import GAMES, Game, HouseRules, house_rules
from scoring.sheet import SCRATCH, sheet_csv, sheet_header, sheet_rows


def rows_by_key(game: Game, language: str = "en") -> dict:
    return {row.key: row for row in sheet_rows(game, language)}


def test_rows_follow_the_game_order_with_subtotals_between_sections():
    game = Game("yatzy", ["Ann", "Bob"])
    keys = [row.key for row in sheet_rows(game, "en")]
    upper = [b.id for b in GAMES["yatzy"].upper_boxes]
    lower = [b.id for b in GAMES["yatzy"].lower_boxes]
    assert keys == [*upper, "upper", "upper_bonus", *lower, "lower", "total"]


def test_filled_boxes_show_points_scratches_a_dash_and_empty_boxes_nothing():
    game = Game("yatzy", ["Ann", "Bob"])
    game.record("sixes", [6, 6, 6, 1, 2], 3)
    game.record("five_of_a_kind", [1, 2, 3, 4, 6], 3)
    rows = rows_by_key(game)
    assert rows["sixes"].cells == ("18", "")
    assert rows["five_of_a_kind"].cells == ("", SCRATCH)
    assert rows["total"].cells == ("18", "0")
    assert rows["sixes"].is_box and not rows["total"].is_box


def test_a_catalan_school_zero_is_a_score_and_the_table_average_is_shown():
    game = Game("catalan", ["Ann", "Bob"])
    game.record("threes", [3, 3, 3, 1, 2], 3)
    game.record("threes", [3, 3, 3, 3, 2], 3)
    rows = rows_by_key(game)
    assert rows["threes"].cells[0] == "0"
    assert rows["vs_average"].cells == ("-1.5", "+1.5")


def test_the_extra_bonus_row_only_where_a_joker_exists():
    assert "extra_bonus" in rows_by_key(Game("yahtzee", ["Ann"]))
    assert "extra_bonus" not in rows_by_key(Game("yatzy", ["Ann"]))
    assert "vs_average" not in rows_by_key(Game("yatzy", ["Ann"]))


def test_names_in_the_games_language_or_english():
    game = Game("russian", ["Ann"])
    native = rows_by_key(game, GAMES["russian"].language)["five_of_a_kind"].label
    english = rows_by_key(game, "en")["five_of_a_kind"].label
    assert native != english
    assert rows_by_key(game, "xx")["five_of_a_kind"].label == english


def test_the_csv_is_the_same_sheet():
    game = Game("yatzy", ["Ann", "Bob"])
    game.record("chance", [6, 6, 6, 6, 5], 3)
    lines = list(csv.reader(io.StringIO(sheet_csv(game, "en"))))
    assert lines[0] == ["", "Ann", "Bob"]
    assert [line[0] for line in lines[1:]] == [row.label for row in sheet_rows(game, "en")]
    assert ["Chance", "29", ""] in lines


@pytest.mark.parametrize(
    "name",
    ['=HYPERLINK("//x.y","c")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"],
)
def test_a_name_a_spreadsheet_would_run_is_written_as_text(name):
    game = Game("yatzy", [name, "Bob"])
    header = next(csv.reader(io.StringIO(sheet_csv(game, "en"))))
    assert header == ["", "'" + name, "Bob"]


def test_numbers_stay_numbers_and_a_scratch_is_zero_in_the_csv():
    game = Game("catalan", ["Ann", "Bob"])
    game.record("ones", [2, 2, 3, 4, 5], 3)
    game.record("ones", [1, 1, 1, 1, 5], 3)
    yatzy = Game("yatzy", ["Ann"])
    yatzy.record("five_of_a_kind", [1, 2, 3, 4, 5], 3)
    catalan_lines = {line[0]: line[1:] for line in csv.reader(io.StringIO(sheet_csv(game, "en")))}
    assert catalan_lines["Ones"] == ["-3", "1"]
    assert catalan_lines["Against the average"][0].startswith("-")
    yatzy_lines = {line[0]: line[1:] for line in csv.reader(io.StringIO(sheet_csv(yatzy, "en")))}
    assert yatzy_lines["Yatzy"] == ["0"]
    assert SCRATCH not in sheet_csv(yatzy, "en")


def test_variant_three_columns_each_have_totals_then_multiplied_and_a_grand_total():
    game = Game(house_rules(GAMES["yatzy"], HouseRules(columns=(1, 2, 3))), ["Ann", "Bob"])
    game.record("chance", [6, 6, 6, 5, 5], column=1)
    game.record("chance", [1, 1, 2, 2, 3], column=2)
    assert sheet_header(game) == ["Ann ×1", "Ann ×2", "Ann ×3", "Bob ×1", "Bob ×2", "Bob ×3"]
    rows = rows_by_key(game)
    assert rows["chance"].cells == ("", "28", "", "", "", "9")
    assert rows["total"].cells == ("0", "28", "0", "0", "0", "9")
    assert rows["multiplied"].cells == ("0", "56", "0", "0", "0", "27")
    assert rows["grand_total"].cells == ("56", "", "", "27", "", "")
    table = list(csv.reader(io.StringIO(sheet_csv(game, "en"))))
    assert table[0] == ["", *sheet_header(game)]
    assert ["Grand total", "56", "", "", "27", "", ""] in table


def test_a_one_column_sheet_has_no_multiplied_rows():
    rows = rows_by_key(Game("yatzy", ["Ann"]))
    assert "multiplied" not in rows and "grand_total" not in rows
