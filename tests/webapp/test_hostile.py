"""A hostile visitor's names and addresses show on the page as plain text, never as markup."""

from collections.abc import Iterator

import pytest
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from scoring import Game, PlayerError
from tests.webapp.conftest import APP
from tests.webapp.driver import at_table, problems, record, set_dice, start, table_of

# Each fits the 24 characters a name may have, and each would be markup if shown raw.
HOSTILE_NAMES = ["![x](http://e.x/a.png)", "[Click](http://e.x)", "$x^2$ :red[Bo]", "**Cat** <b>"]
HOSTILE_ID = "[Click to restore your game](http://e.x)"
HOSTILE = [*HOSTILE_NAMES, HOSTILE_ID, "http://e.x", ":red[", "$x^2$", "<b>", "**Cat**"]
# The string fields of Streamlit's elements that the browser reads as Markdown.
MARKDOWN_FIELDS = {"body", "label", "caption", "help", "placeholder", "content", "text"}


def markdown_strings(message: Message) -> Iterator[str]:
    """Every Markdown string of a protobuf element, looking into its nested messages."""
    for field, value in message.ListFields():
        values = value if field.is_repeated else [value]
        for item in values:
            if isinstance(item, Message):
                yield from markdown_strings(item)
            elif isinstance(item, str) and field.name in MARKDOWN_FIELDS:
                yield item


def shown_strings(page: AppTest) -> list[str]:
    """All the Markdown the page sends to the browser, table cells and headers included."""
    shown: list[str] = []
    pending = [page.main, page.sidebar]
    while pending:
        node = pending.pop()
        pending.extend(getattr(node, "children", {}).values())
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message):
            shown.extend(markdown_strings(proto))
    for table in page.table:
        frame = table.value
        shown += [str(c) for c in frame.columns] + [str(i) for i in frame.index]
        shown += [str(v) for v in frame.to_numpy().ravel()]
    return shown


def assert_no_markup_from_visitors(page: AppTest) -> None:
    shown = shown_strings(page)
    assert shown, "the page shows something"
    for text in shown:
        for hostile in HOSTILE:
            assert hostile not in text, (hostile, text)


def test_hostile_names_are_shown_as_typed_everywhere_in_a_game(page):
    page = start(page, "yatzy", HOSTILE_NAMES)
    assert not problems(page)
    assert_no_markup_from_visitors(page)
    page = record(set_dice(page, [6, 6, 6, 2, 2]), "full_house")
    assert page.success, "the recorded turn is told with the player's name"
    assert_no_markup_from_visitors(page)
    page = page.button(key="undo").click().run()
    assert page.info
    assert_no_markup_from_visitors(page)
    page = set_dice(page, [6, 6, 6, 2, 2])
    assert_no_markup_from_visitors(page)


def test_hostile_names_in_the_standings_and_the_resume_list(store, table):
    game = Game("catalan", HOSTILE_NAMES[:1])
    for box in game.rules.boxes:
        roll = 3 if box.doubled_on_first_roll else 1
        game.record(box.id, [1, 1, 2, 3, 4], roll)
    saved = store.create(game.to_dict(), table=table)
    page = at_table(table, saved.id).run()
    assert not problems(page)
    assert page.success, "the winner is told"
    assert_no_markup_from_visitors(page)
    page = at_table(table).run()
    assert page.button(key=f"open_{saved.id}")
    assert_no_markup_from_visitors(page)


@pytest.mark.parametrize("named", [None, "T" * 24, HOSTILE_ID], ids=["none", "other", "hostile"])
def test_a_hostile_game_address_is_not_echoed(db, named):
    page = AppTest.from_file(APP, default_timeout=60)
    page.query_params["game"] = HOSTILE_ID
    if named is not None:
        page.query_params["table"] = named
    page.run()
    assert not page.exception
    assert "no saved game" in page.error[0].value
    assert_no_markup_from_visitors(page)


def test_a_hostile_table_address_is_not_echoed(db):
    page = at_table(HOSTILE_ID).run()
    assert not page.exception
    assert "names no table" in page.error[0].value
    assert_no_markup_from_visitors(page)


@pytest.mark.parametrize("name", ["Cat\u202e 19", "a\u200b", "\u2066Ann\u2069"])
def test_names_with_hidden_characters_are_refused_on_the_start_page(page, store, name):
    with pytest.raises(PlayerError):
        Game("yatzy", [name])
    page = start(page, "yatzy", [name, "Bob"])
    assert page.error, "a clear message"
    assert "game" not in page.query_params
    assert store.list_games(table=table_of(page)) == []


def test_names_that_look_alike_are_refused_on_the_start_page(page, store):
    page = start(page, "yatzy", ["Ann Lee", "Ann\u00a0 Lee"])
    assert any("named twice" in e.value for e in page.error)
    assert "game" not in page.query_params
    assert store.list_games(table=table_of(page)) == []


def test_a_game_saved_with_names_that_look_alike_opens_and_plays(store, table):
    saved = {"game": "yatzy", "players": ["Ann Lee", "Ann  Lee"], "turns": []}
    game_id = store.create(saved, table=table).id
    page = record(set_dice(at_table(table, game_id).run(), [6, 6, 6, 6, 5]), "chance")
    assert not problems(page)
    columns = list(page.table[0].value.columns)
    assert len(set(columns)) == 2, columns
    assert page.table[0].value[columns[0]]["Chance"] == "29"
    assert {b.key for b in page.button} >= {"undo"}
    assert {"download_record", "download_csv"} <= {d.key for d in page.download_button}
    page = record(set_dice(page, [1, 2, 3, 4, 5]), "chance")
    assert not problems(page)
    assert page.table[0].value[columns[1]]["Chance"] == "15"
