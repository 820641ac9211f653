"""The page in every language: complete catalogues whose placeholders match the English,
the language taken from the address, the game or the browser, and pages with no English
left on the turn panel, the sheet and the standings."""

import re
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from string import Formatter

import pytest
from babel.messages.catalog import Message
from streamlit.testing.v1 import AppTest

from scoring import GAMES, Game
from store import new_table
from tests.webapp.conftest import APP, PAGE_MESSAGES
from tests.webapp.driver import (
    at_table,
    offered,
    problems,
    record,
    set_dice,
    sheet,
    shown_texts,
    start,
    table_of,
    upload,
)
from webapp.language import LANGUAGES, SOURCE, TRANSLATIONS, chosen, read_catalogue

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]
# The game each language's table is most likely to play (Yatzy for a language added later).
HOME_GAME = {"ca": "catalan", "ru": "russian", "el": "greek", "sv": "yatzy"}
PLAYERS = ["Ann", "Bob"]
# Markdown that names icons and colours rather than saying anything.
DIRECTIVES = re.compile(r":material/\w+:|:[a-z-]+(?=\[)")
WORD = re.compile(r"[^\W\d_]{3,}")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# The table this module's saved games are at (each test has a game file of its own).
TABLE = new_table()


def _forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    return text if isinstance(text, tuple) else (text,)


def _fields(text: str) -> list[tuple[str, str | None, str | None]]:
    """The replacement fields of a str.format text: (name, format spec, conversion)."""
    return sorted(
        (name, spec, conversion)
        for _literal, name, spec, conversion in Formatter().parse(text)
        if name is not None
    )


@cache
def _messages(code: str) -> tuple[Message, ...]:
    """The messages of a language's catalogue, read once for all tests."""
    return tuple(message for message in read_catalogue(code) if message.id)


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_left_over(code):
    catalog = read_catalogue(code)
    wanted = PAGE_MESSAGES
    assert wanted
    untranslated = []
    for message in wanted:
        kept = catalog.get(message.id, message.context)
        if kept is None or kept.fuzzy or not all(_forms(kept.string)):
            untranslated.append(message.id)
    assert not untranslated
    known = {(message.id, message.context) for message in wanted}
    assert [m.id for m in _messages(code) if (m.id, m.context) not in known] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match_the_english_in_every_form(code):
    for message in _messages(code):
        english = _forms(message.id)
        assert len({tuple(_fields(text)) for text in english}) == 1, english
        for text in _forms(message.string):
            assert _fields(text) == _fields(english[-1]), (english[0], text)


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_messages_have_every_form_the_language_has(code):
    catalog = read_catalogue(code)
    plurals = [m for m in _messages(code) if isinstance(m.id, tuple)]
    assert plurals
    for message in plurals:
        assert len(message.string) == catalog.num_plurals, message.id


def test_russian_counts_take_three_forms():
    russian = TRANSLATIONS["ru"]
    forms = {n: russian.ngettext("{count} die", "{count} dice", n) for n in (1, 2, 5, 21, 22, 25)}
    assert forms[1] == forms[21] != forms[2] == forms[22] != forms[5] == forms[25]
    assert forms[1] != forms[5]


def test_the_language_is_the_address_s_then_the_game_s_then_the_browser_s():
    assert chosen("ru", "el", "ca-ES") == "ru"
    assert chosen(None, "el", "ca-ES") == "el"
    assert chosen("xx", None, "ca-ES") == "ca"
    assert chosen(None, None, "el_GR") == "el"
    assert chosen(None, None, "de-DE") == SOURCE
    assert chosen(None, None, None) == SOURCE


@pytest.fixture(autouse=True)
def _table_issued(store) -> None:
    """This module's table, issued by each test's store."""
    store.issue_table(TABLE)


def _new_game(store, game: str, players: list[str], language: str | None = None) -> str:
    record = Game(game, players).to_dict()
    if language is not None:
        record["language"] = language
    return store.create(record, table=TABLE).id


def _open(game_id: str | None = None, lang: str | None = None, locale: str | None = None):
    """The game `game_id` at this module's table, or the bare address's start page."""
    page = at_table(TABLE, game_id) if game_id else AppTest.from_file(APP, default_timeout=60)
    if lang:
        page.query_params["lang"] = lang
    if locale:
        page.context = {"locale": locale}
    return page.run()


def _title(page: AppTest) -> str:
    return page.title[0].value


def test_the_start_page_speaks_the_browser_s_language_and_keeps_it_in_the_address(store):
    page = _open(locale="el-GR")
    assert TRANSLATIONS["el"].gettext("Dice table") in _title(page)
    assert page.query_params["lang"] == "el"
    english = _open(locale="de-DE")
    assert "Dice table" in _title(english)
    assert english.query_params["lang"] == SOURCE


def test_a_game_opens_in_its_own_language_unless_the_address_asks_for_another(store):
    game_id = _new_game(store, "yatzy", PLAYERS, language="ru")
    page = _open(game_id, locale="en-US")
    assert page.query_params["lang"] == "ru"
    assert TRANSLATIONS["ru"].gettext("All games") in [b.label for b in page.button]
    asked = _open(game_id, lang="ca", locale="en-US")
    assert TRANSLATIONS["ca"].gettext("All games") in [b.label for b in asked.button]


def test_a_game_started_after_choosing_a_language_is_saved_with_it(store):
    page = _open(locale="en-US")
    page.selectbox(key="language_picker").set_value("sv").run()
    assert page.query_params["lang"] == "sv"
    assert TRANSLATIONS["sv"].gettext("Dice table") in _title(page)
    page = page.button(key="start").click().run()
    assert not problems(page)
    saved = store.load(page.query_params["game"], table=table_of(page)).record
    assert saved["language"] == "sv"
    assert page.query_params["lang"] == "sv"


def _words(texts: tuple[str, ...]) -> set[str]:
    """The words of message texts, leaving out their placeholders' names."""
    return {w.lower() for text in texts for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


def _english_left(page: AppTest, code: str, game: str | None = None) -> set[str]:
    """English words of the page's messages that are on the page but not in the
    translation (words such as "Total" or "Yatzy" that the language shares are fine, as
    are those of the names on `game`'s own sheet when it is in this language)."""
    english, native = set(), set()
    for message in _messages(code):
        english |= _words(_forms(message.id))
        native |= _words(_forms(message.string))
    if game is not None and GAMES[game].language == code:
        native |= _words(tuple(box.name(code) for box in GAMES[game].boxes))
    shown = shown_texts(page._tree)
    table = sheet(page)
    shown += [*table.index, *table.columns]
    words = {w.lower() for text in shown for w in WORD.findall(DIRECTIVES.sub(" ", text))}
    return (words & english) - native - {p.lower() for p in PLAYERS}


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_turn_and_the_sheet_leave_no_english(store, code):
    game = HOME_GAME.get(code, "yatzy")
    page = set_dice(_open(_new_game(store, game, PLAYERS), lang=code), [2, 2, 3, 4, 5], roll=1)
    assert not problems(page)
    assert any(b.key.startswith("record_") for b in page.button)
    assert _english_left(page, code, game) == set()
    page = record(page, offered(page)[0])
    assert page.success
    assert _english_left(page, code, game) == set()


@pytest.mark.parametrize("code", TRANSLATED)
def test_yahtzee_boxes_take_the_page_language_and_the_game_s_own_names_stay_available(store, code):
    page = _open(_new_game(store, "yahtzee", PLAYERS), lang=code)
    assert _english_left(page, code) == set()
    translated = sheet(page).index
    page.toggle(key="own_box_names").set_value(True).run()
    assert "Aces" in sheet(page).index
    assert "Aces" not in translated


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_standings_leave_no_english(store, code):
    game = Game(HOME_GAME.get(code, "yatzy"), PLAYERS)
    while game.current_player is not None:
        box, _points = game.options([6, 6, 5, 5, 1])[0]
        game.record(box, [6, 6, 5, 5, 1])
    game_id = store.create(game.to_dict(), table=TABLE).id
    page = _open(game_id, lang=code)
    assert not problems(page)
    assert page.success, "the winner is announced"
    assert _english_left(page, code, game.rules.id) == set()


def test_a_refused_name_is_told_in_the_page_language(store):
    page = _open(lang="ru")
    page = start(page, "yatzy", ["Ann", "ann"])
    russian = TRANSLATIONS["ru"].gettext(
        "{name!r} is named twice; give each player a different name"
    )
    assert page.error[0].value.replace("\\", "") == russian.format(name="ann")
    assert store.list_games(table=table_of(page)) == []


def test_a_file_that_is_not_a_photo_is_refused_in_the_page_language(store):
    page = _open(_new_game(store, "greek", PLAYERS), lang="el")
    page = upload(page, "dice.jpg", b"not a photo")
    greek = TRANSLATIONS["el"].gettext("this is not a photo I can read: use JPEG, PNG or WebP")
    assert page.error[0].value.replace("\\", "") == f"dice.jpg: {greek}"


def test_the_catalogues_give_every_thread_the_same_words():
    # Every browser's thread reads the one set of catalogues loaded at start-up.
    def words(code: str) -> list[str]:
        catalogue = TRANSLATIONS[code]
        return [
            *(catalogue.gettext(m.id) for m in _messages(code) if isinstance(m.id, str)),
            *(catalogue.ngettext("{count} die", "{count} dice", n) for n in range(30)),
        ]

    serial = {code: words(code) for code in TRANSLATED}
    with ThreadPoolExecutor(max_workers=8) as pool:
        futures = [(code, pool.submit(words, code)) for code in TRANSLATED * 8]
        assert all(future.result() == serial[code] for code, future in futures)


def test_the_catalan_first_part_is_called_as_the_game_calls_it(store):
    page = _open(_new_game(store, "catalan", PLAYERS), lang="ca")
    assert "Primera part" in sheet(page).index
    yatzy = _open(_new_game(store, "yatzy", PLAYERS), lang="ca")
    for shown in (page, yatzy):
        texts = [*shown_texts(shown._tree), *sheet(shown).index]
        assert not [text for text in texts if re.search(r"\bescola\b", text, re.IGNORECASE)]


def test_greek_names_snapping_apart_from_downloading():
    greek = TRANSLATIONS["el"]
    snap = greek.gettext("Snap")
    downloads = [greek.gettext(f"Download the {what}") for what in ("sheet (CSV)", "review (JSON)")]
    assert not any(download.startswith(snap) for download in downloads)


@pytest.mark.parametrize("game", ["yahtzee", "yatzy"])
def test_greek_names_the_yahtzee_and_yatzy_boxes_in_greek(store, game):
    names = sheet(_open(_new_game(store, game, PLAYERS), lang="el")).index
    assert {"Φουλ", "Μικρή κέντα", "Μεγάλη κέντα"} <= set(names)
    greek_own = sheet(_open(_new_game(store, "greek", PLAYERS), lang="el")).index
    assert "Full House" in greek_own, "the Greek game's own sheet keeps its own names"
