"""The table screen (`?view=screen`) in-process: the table's turn in progress, its dice,
every total and chance to win, the last entry and who plays next, with nothing to click,
in every page language; and the game page's link to it."""

import html
import re
import time

import pytest
from streamlit.testing.v1 import AppTest

from advisor import default_cache
from scoring import GAMES, Game, HouseRules, house_rules
from store import GameStore
from tests.webapp.driver import at_table, problems
from tests.webapp.test_languages import DIRECTIVES, WORD, _forms, _messages, _words
from webapp.language import LANGUAGES, SOURCE, TRANSLATIONS
from webapp.server import chances_ready
from webapp.shared_turn import SharedTurn, with_turn

PLAYERS = ["Ann", "Bob", "Cy"]
TAG = re.compile(r"<[^>]*>")


@pytest.fixture(scope="module", autouse=True)
def _advisor_ready() -> None:
    """The Yatzy table solved (once for the module), so the screen gives its advice."""
    default_cache().build("yatzy")


def _saved(store: GameStore, table: str, turn_dice: tuple[int | None, ...], roll: int = 1) -> str:
    """A game of Yatzy with Ann's Chance (25) recorded and Bob's turn in progress, saved as
    the table shares it: `turn_dice` at `roll`, the first two dice held."""
    game = Game("yatzy", PLAYERS)
    game.record("chance", [6, 6, 5, 5, 3])
    turn = SharedTurn(1, dice=turn_dice, roll=roll, held=frozenset({0, 1}))
    return store.create(with_turn(game.to_dict(), turn), table=table).id


def _screen(table: str, game_id: str, lang: str = SOURCE, advice: bool = True) -> AppTest:
    """The game's table screen, run once."""
    page = at_table(table, game_id)
    page.query_params["view"] = "screen"
    page.query_params["lang"] = lang
    if not advice:
        page.query_params["advice"] = "off"
    page = page.run()
    assert not problems(page)
    return page


def _body(page: AppTest) -> str:
    """The screen's own HTML (not the style sheets)."""
    (screen,) = [h.proto.body for h in page.html if 'class="screen"' in h.proto.body]
    return screen


def _cells(page: AppTest, kind: str) -> list[str]:
    """The text of each element of CSS class `screen-<kind>`, in order."""
    found = re.findall(rf'class="screen-{kind}(?: [^"]*)?"[^>]*>(.*?)</', _body(page))
    return [html.unescape(text) for text in found]


def _dice(page: AppTest) -> list[str]:
    return re.findall(r'data-value="(\d?)"', _body(page))


def _text(page: AppTest) -> str:
    return html.unescape(TAG.sub(" ", _body(page)))


def test_table_screen_shows_the_shared_turn_totals_and_who_plays_next(store, table):
    page = _screen(table, _saved(store, table, (6, 6, 2, None, 3), roll=2))
    assert _dice(page) == ["6", "6", "2", "", "3"]
    assert _cells(page, "player") == ["Round 1 · Bob to play"]
    assert _cells(page, "roll") == ["Roll 2/3"]
    assert _cells(page, "total") == ["25", "0", "0"]
    assert len(_cells(page, "chance")) == len(PLAYERS)
    assert _cells(page, "last") == ["Ann: 25 in Chance."]
    assert _cells(page, "next") == ["Cy plays next."]
    assert _cells(page, "advice") == [""], "no advice before every die is set"
    assert 'class="screen-die held"' in _body(page)
    assert not page.button and not page.get("link_button"), "nothing to click"


def test_table_screen_gives_the_advisor_s_keep_for_the_dice(store, table):
    page = _screen(table, _saved(store, table, (6, 4, 6, 1, 6)))
    (advice,) = _cells(page, "advice")
    assert advice == "Advisor: keep 6-6-6 and roll 2 dice"
    assert _body(page).count('class="screen-die keep"') == 3


def test_table_screen_gives_the_advice_before_the_chances_are_worked_out(store, table):
    # House rules of their own, whose mean table alone is stored: the advice needs no more.
    rules = house_rules(GAMES["yatzy"], HouseRules(name="Chances later", upper_bonus_points=49))
    default_cache().build(rules, moments=False)
    game = Game(rules, PLAYERS)
    game.record("chance", [6, 6, 5, 5, 3])
    turn = SharedTurn(1, dice=(6, 4, 6, 1, 6), roll=1, held=frozenset({0, 1}))
    game_id = store.create(with_turn(game.to_dict(), turn), table=table).id
    page = _screen(table, game_id)
    assert _cells(page, "advice") == ["Advisor: keep 6-6-6 and roll 2 dice"]
    assert _cells(page, "chance") == [], "the chances wait for their table"
    # The page asked for it: it is solved in the background, after the mean table.
    deadline = time.monotonic() + 600
    while not chances_ready(rules):
        assert time.monotonic() < deadline, "the moments table was never solved"
        time.sleep(0.05)
    assert len(_cells(_screen(table, game_id), "chance")) == len(PLAYERS)


def test_table_screen_without_the_advisor_gives_no_advice_nor_chances(store, table):
    page = _screen(table, _saved(store, table, (6, 4, 6, 1, 6)), advice=False)
    assert _cells(page, "advice") == [""]
    assert _cells(page, "chance") == []
    assert "keep" not in _text(page)


def test_table_screen_names_nobody_next_on_the_game_s_last_turn(store, table):
    game = Game("yatzy", ["Ann", "Bob"])
    for box in [b.id for b in game.rules.boxes for _ in game.players][:-1]:
        game.record(box, [1, 2, 3, 4, 6])
    page = _screen(table, store.create(game.to_dict(), table=table).id)
    assert _cells(page, "player")[0].endswith("Bob to play")
    assert _cells(page, "next") == []


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != SOURCE])
def test_table_screen_speaks_every_page_language_with_no_english_left(store, table, code):
    page = _screen(table, _saved(store, table, (6, 4, 6, 1, 6)), lang=code)
    words = TRANSLATIONS[code]
    assert words.gettext("{player} plays next.").format(player="Cy") in _cells(page, "next")
    assert _cells(page, "advice")[0].startswith(words.gettext("Advisor:"))
    english, native = set(), set()
    for message in _messages(code):
        english |= _words(_forms(message.id))
        native |= _words(_forms(message.string))
    shown = {w.lower() for w in WORD.findall(DIRECTIVES.sub(" ", _text(page)))}
    left = (shown & english) - native - {p.lower() for p in PLAYERS}
    assert "next" in english
    assert left == set()


def test_table_screen_link_in_the_phone_popover_keeps_the_language_and_the_advisor(store, table):
    game_id = _saved(store, table, (None,) * 5)
    page = at_table(table, game_id)
    page.query_params["lang"] = "sv"
    page = page.run()
    (link,) = page.get("link_button")
    assert link.proto.label == TRANSLATIONS["sv"].gettext("Table screen")
    assert re.search(rf"\?view=screen&table={table}&game={game_id}&lang=sv$", link.proto.url)
    page = page.toggle(key="advisor").set_value(False).run()
    (link,) = page.get("link_button")
    assert link.proto.url.endswith("&advice=off")
