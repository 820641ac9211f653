"""The page's words in every language (issue 39): each count in the form its number takes,
every figure of the Players table and its charts as the page language writes numbers, the
file boxes in the page language, an imported file's refusal translated with its turn
counted from 1, and the games' names in one case style."""

import json
import re
from collections.abc import Iterator
from functools import cache

import pytest
from babel.dates import get_month_names
from babel.numbers import format_decimal, format_percent, get_decimal_symbol, get_group_symbol
from streamlit import dataframe_util
from streamlit.testing.v1 import AppTest

from scoring import GAMES, CorruptRecordError, Game
from store import GameStore
from tests.webapp.conftest import APP, PAGE_MESSAGES
from tests.webapp.driver import at_table, shown_texts, use_source
from webapp.language import LANGUAGES, SOURCE, TRANSLATIONS, read_catalogue
from webapp.server.games_import import importer
from webapp.server.kept_reviews import keeper
from webapp.state import GAMES_IMPORT_KEY, GAMES_UPLOAD_KEY, IMPORTING_KEY

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
STRONG, WEAK = [6, 6, 6, 6, 6], [1, 1, 2, 2, 3]
# Head to head: Ann ahead once, Bob ahead 3 times, level 5 times (Russian's one, few and
# many; one and other elsewhere).
ANN_AHEAD, BOB_AHEAD, LEVEL = 1, 3, 5
# Markdown that names icons and colours rather than saying anything.
DIRECTIVES = re.compile(r":material/\w+:|:[a-z-]+(?=\[)")
WORD = re.compile(r"[^\W\d_]{3,}")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
CSS_STRING = re.compile(r'content: "((?:[^"\\]|\\.)*)"')
CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6}) ?")


def _finished(players: list[str], dice: dict[str, list[int]]) -> dict:
    """A finished Yatzy game's record, each player rolling the same dice every turn."""
    game = Game("yatzy", players)
    while game.current_player is not None:
        rolled = dice[game.current_player]
        box, _points = game.options(rolled)[0]
        game.record(box, rolled)
    return game.to_dict()


def _begun(player: str) -> dict:
    """A game in progress: `player`'s first turn recorded."""
    game = Game("yatzy", [player])
    game.record(game.options(STRONG)[0][0], STRONG)
    return game.to_dict()


@cache
def _head_to_head_records() -> tuple[dict, ...]:
    """Ann and Bob's games: Ann ahead once, Bob ahead 3 times, level 5 times."""
    ann = _finished(["Ann", "Bob"], {"Ann": STRONG, "Bob": WEAK})
    bob = _finished(["Ann", "Bob"], {"Ann": WEAK, "Bob": STRONG})
    level = _finished(["Ann", "Bob"], {"Ann": STRONG, "Bob": STRONG})
    return (ann,) * ANN_AHEAD + (bob,) * BOB_AHEAD + (level,) * LEVEL


def _players_page(table: str, code: str) -> AppTest:
    """The Players page of `table` in language `code`, run once."""
    page = at_table(table)
    page.query_params["view"] = "players"
    page.query_params["lang"] = code
    return page.run()


@pytest.fixture
def played(store: GameStore, table: str) -> Iterator[str]:
    """The table, with Ann and Bob's games at it (their reviews settled at the end)."""
    for record in _head_to_head_records():
        store.create(record, table=table)
    yield table
    keeper().settle(120)


@cache
def _english(code: str) -> frozenset[str]:
    """Words of the page's English messages that the language's translations do not use."""
    english = {w.lower() for m in PAGE_MESSAGES for w in _words(m.id)}
    native = {w.lower() for m in read_catalogue(code) if m.id for w in _words(m.string)}
    return frozenset(english - native)


def _words(text: str | tuple[str, ...]) -> list[str]:
    """The words of a message's forms, leaving out their placeholders' names."""
    texts = text if isinstance(text, tuple) else (text,)
    return [w for t in texts for w in WORD.findall(PLACEHOLDER.sub(" ", t))]


def _english_in(texts: list[str], code: str) -> set[str]:
    """The English words among `texts` (player names aside) on a page in language `code`;
    none on an English page."""
    if code == SOURCE:
        return set()
    shown = {w.lower() for text in texts for w in WORD.findall(DIRECTIVES.sub(" ", text))}
    return shown & _english(code) - {"ann", "bob"}


def _file_box_words(page: AppTest, key: str) -> list[str]:
    """The words the page writes in the file box of widget `key`, from its style sheet."""
    sheets = [html.proto.body for html in page.get("html") if f".st-key-{key} " in html.proto.body]
    return [
        CSS_ESCAPE.sub(lambda hex_code: chr(int(hex_code[1], 16)), found)
        for sheet in sheets
        for found in CSS_STRING.findall(sheet)
    ]


def _head_to_head_line(page: AppTest) -> str:
    """The head to head line of Ann and Bob's 9 games."""
    games = TRANSLATIONS[page.query_params["lang"]].ngettext(
        "{count} game together", "{count} games together", 9
    )
    (line,) = [m.value for m in page.markdown if m.value.startswith(games.format(count=9))]
    return line


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_words_head_to_head_counts_each_take_their_own_plural_form(played: str, code: str):
    page = _players_page(played, code)
    words = TRANSLATIONS[code]

    def ahead(player: str, count: int) -> str:
        form = words.ngettext(
            "**{player}** ahead {count} time", "**{player}** ahead {count} times", count
        )
        return form.format(player=player, count=count)

    line = _head_to_head_line(page)
    parts = [
        ahead("Ann", ANN_AHEAD),
        ahead("Bob", BOB_AHEAD),
        words.ngettext("level {count} time", "level {count} times", LEVEL).format(count=LEVEL),
    ]
    for part in parts:
        assert part in line
    assert "1 times" not in line
    assert _english_in([line], code) == set()


def _take_in(table: str, code: str, records: list[dict]) -> AppTest:
    """Send a games file of `records` through the Players page in language `code`; the
    page once the server took it in."""
    page = _players_page(table, code)
    data = json.dumps(records).encode()
    page.file_uploader(key=GAMES_UPLOAD_KEY).set_value(("games.json", data, "application/json"))
    page.run().button(key=GAMES_IMPORT_KEY).click().run()
    assert importer().settle(120), "the file was taken in"
    return page.run() if IMPORTING_KEY in page.session_state else page


def _import_said(code: str, added: int, known: int) -> str:
    """What an import that added `added` games and found `known` says in language `code`."""
    words = TRANSLATIONS[code]
    added_words = words.ngettext("{count} game added.", "{count} games added.", added)
    known_words = words.ngettext(
        "{count} game was already here.", "{count} games were already here.", known
    )
    return f"{added_words.format(count=added)} {known_words.format(count=known)}"


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_words_an_import_counts_games_added_and_already_here_each_in_its_form(
    store: GameStore, table: str, code: str
):
    # Games in progress: with no finished game, the page has no filters, whose options
    # AppTest would write in English when it sends the upload.
    records = [_begun(name) for name in ("Ann", "Bob", "Cy", "Di")]
    for record in records[:3]:
        store.create(record, table=table)
    first = _take_in(table, code, records)
    assert [s.value for s in first.success] == [_import_said(code, 1, 3)]
    again = _take_in(table, code, records)
    assert [s.value for s in again.success] == [_import_said(code, 0, 4)]
    assert _english_in([s.value for s in (*first.success, *again.success)], code) == set()


def _shown_table(page: AppTest):
    """The Players table's figures, and each cell's text as the page shows it."""
    (table,) = page.dataframe
    shown = table.proto.arrow_data.styler.display_values
    assert shown, "the table's figures are written by the page"
    return table.value, dataframe_util.convert_arrow_bytes_to_pandas_df(shown)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_words_the_players_table_writes_numbers_as_the_page_language_does(played: str, code: str):
    page = _players_page(played, code)
    assert not page.exception
    figures, shown = _shown_table(page)
    words = TRANSLATIONS[code]
    average, rate, best = (words.gettext(n) for n in ("Average", "Win rate", "Best"))
    assert figures[average].dtype.kind == "f", "figures stay numbers: they sort as numbers"
    for row in range(len(figures)):
        value = figures[average][row]
        assert shown[average][row] == format_decimal(value, format="0.0", locale=code)
        assert shown[rate][row] == format_percent(figures[rate][row] / 100, locale=code)
        assert shown[best][row] == str(figures[best][row])
    separator = "." if code == SOURCE else ","
    assert all(separator in text for text in shown[average])


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_words_the_players_charts_write_numbers_and_months_as_the_page_language_does(
    played: str, code: str
):
    charts = _players_page(played, code).get("vega_lite_chart")
    assert charts
    for chart in charts:
        locale = json.loads(chart.proto.spec)["config"]["locale"]
        assert locale["number"]["decimal"] == get_decimal_symbol(code)
        assert locale["number"]["thousands"] == get_group_symbol(code)
        assert locale["time"]["months"][1] == get_month_names("wide", "stand-alone", code)[2]


@pytest.mark.parametrize("code", TRANSLATED)
def test_words_the_players_page_and_its_file_box_leave_no_english(played: str, code: str):
    page = _players_page(played, code)
    box = _file_box_words(page, GAMES_UPLOAD_KEY)
    assert TRANSLATIONS[code].gettext("Upload") in box
    assert _english_in([*shown_texts(page._tree), *box], code) == set()


@pytest.mark.parametrize("code", TRANSLATED)
def test_words_the_photo_file_box_leaves_no_english(store: GameStore, table: str, code: str):
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    page = at_table(table, game_id)
    page.query_params["lang"] = code
    page = use_source(page.run(), "upload")
    (uploader,) = page.file_uploader
    box = _file_box_words(page, uploader.key)
    assert TRANSLATIONS[code].gettext("Upload") in box
    assert _english_in([*shown_texts(page._tree), *box], code) == set()


def _bad_second_turn() -> dict:
    """A finished game's record whose second turn shows a 9."""
    record = _finished(["Ann"], {"Ann": STRONG})
    record["turns"][1]["dice"] = [1, 2, 3, 4, 9]
    return record


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_words_an_imported_file_s_refusal_is_in_the_page_language_turns_counted_from_1(
    store: GameStore, table: str, code: str
):
    record = _bad_second_turn()
    with pytest.raises(CorruptRecordError) as raised:
        Game.from_dict(record)
    assert raised.value.turn == 1, "scoring names the turn's index, from 0"
    nested = raised.value.values["error"]
    words = TRANSLATIONS[code]
    why = words.gettext(nested.template).format(**nested.values)
    expected = words.gettext(
        "Turn {turn} of game {number} of the file cannot be replayed ({why}); nothing was added."
    ).format(turn=2, number=1, why=why)
    page = _take_in(table, code, [record])
    assert [e.value.replace("\\", "") for e in page.error] == [expected]
    assert _english_in([expected], code) == set()
    assert store.count(table=table) == 0


def test_words_the_games_names_are_in_one_case_style(db):
    page = AppTest.from_file(APP, default_timeout=60)
    page.query_params["lang"] = SOURCE
    page.run()
    shown = page.radio(key="new_game").options
    assert len(shown) == len(GAMES)
    for name in shown:
        words = name.split(" (")[0].split()
        assert all(word == word.lower() for word in words[1:]), name
