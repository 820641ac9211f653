"""The page's languages: which one a visitor sees, and the page's words in it.

The words live in gettext catalogues (`webapp/locales/<code>/LC_MESSAGES/messages.po`,
kept up to date by `python -m tools.catalogue`); English is the source language and
needs no catalogue. Every catalogue is read once, when the server starts, and never
changed after, so every browser's thread can use them at once. Which language a browser
sees is kept in its session, so a message looked up in a callback is in the same
language as the page that drew the button.
"""

import gettext
import io
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import streamlit as st
from babel.dates import get_day_names, get_month_names, get_period_names
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent, get_decimal_symbol, get_group_symbol

from scoring import ENGLISH, GameRules, house_mark
from translatable import TranslatableError
from webapp.state import LANGUAGE_KEY
from webapp.text import plain

LANGUAGES: Mapping[str, str] = MappingProxyType(
    {"en": "English", "ca": "Català", "ru": "Русский", "el": "Ελληνικά", "sv": "Svenska"}
)
SOURCE = ENGLISH
LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"
# Message contexts of the names that come from the games' data rather than from code.
GAME_CONTEXT, BOX_CONTEXT, ROW_CONTEXT = "game", "box", "sheet row"


def catalogue_path(code: str) -> Path:
    """Where the catalogue of language `code` is kept."""
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(code: str) -> Catalog:
    """The catalogue of language `code` as it is kept."""
    with catalogue_path(code).open("rb") as source:
        return read_po(source, locale=code)


def _translations(code: str) -> gettext.NullTranslations:
    """The catalogue of `code`, compiled; none (English shown) for the source language and
    for a language just added whose catalogue `python -m tools.catalogue` has yet to make."""
    path = catalogue_path(code)
    if code == SOURCE or not path.exists():
        return gettext.NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, read_catalogue(code), use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


TRANSLATIONS: Mapping[str, gettext.NullTranslations] = MappingProxyType(
    {code: _translations(code) for code in LANGUAGES}
)


def supported(tag: str | None) -> str | None:
    """The page language for a language tag ("ru", "ru-RU", "el_GR"), or None if there is none."""
    if not tag:
        return None
    code = tag.replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def chosen(*tags: str | None) -> str:
    """The page language: the first of `tags` (most wanted first) that the page speaks,
    else English."""
    for tag in tags:
        code = supported(tag)
        if code is not None:
            return code
    return SOURCE


def current() -> str:
    """This browser's page language."""
    return str(st.session_state.get(LANGUAGE_KEY, SOURCE))


def use(code: str) -> None:
    """Show this browser's page in language `code` from now on."""
    st.session_state[LANGUAGE_KEY] = code


def N_(message: str) -> str:  # noqa: N802 (the name gettext's tools look for)
    """`message` unchanged, marked for the catalogue: it is translated where it is shown."""
    return message


def _(message: str) -> str:
    """`message` in the page language."""
    return TRANSLATIONS[current()].gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that suits `count` in the page language (Russian has three)."""
    return TRANSLATIONS[current()].ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the page language, where `context` tells what kind of word it is."""
    return TRANSLATIONS[current()].pgettext(context, message)


def listed(items: list[str]) -> str:
    """Items as a sentence lists them: "A", "A and B", "A, B and C"."""
    if len(items) == 1:
        return items[0]
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def number(value: float, digits: int = 1, signed: bool = False) -> str:
    """A number as the page language writes it: 243.5 is 243,5 in Catalan, Russian, Greek
    and Swedish; `signed` writes + before a positive number."""
    pattern = "0." + "0" * digits if digits else "0"
    if signed:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(round(value, digits), format=pattern, locale=current())


def percent(chance: float) -> str:
    """A chance as the page language writes a percentage, whole; "<1 %" and ">99 %" for a
    chance that is not 0 or 1 but rounds to it."""
    locale = current()
    if 0 < chance < 0.005:
        return "<" + format_percent(0.01, locale=locale)
    if 0.995 < chance < 1:
        return ">" + format_percent(0.99, locale=locale)
    return format_percent(round(chance, 2), locale=locale)


def chart_locale() -> dict[str, dict[str, object]]:
    """How a chart writes numbers and dates in the page language: a Vega format locale for
    its axes and tooltips (Vega writes them as American English does otherwise)."""
    return {"number": _chart_numbers(current()), "time": _chart_dates(current())}


def _chart_numbers(locale: str) -> dict[str, object]:
    """Vega's number locale from the language's own symbols, minus as `number` writes it."""
    return {
        "decimal": get_decimal_symbol(locale),
        "thousands": get_group_symbol(locale),
        "grouping": [3],
        "currency": ["", ""],
        "percent": format_percent(0, locale=locale).removeprefix("0"),
        "minus": "-",
    }


def _chart_dates(locale: str) -> dict[str, object]:
    """Vega's time locale: the language's names of months and days (Sunday first, as Vega
    counts them), dates year first as the page writes them."""
    months = [get_month_names(width, "stand-alone", locale) for width in ("wide", "abbreviated")]
    days = [get_day_names(width, "stand-alone", locale) for width in ("wide", "abbreviated")]
    periods = get_period_names("abbreviated", "format", locale)
    sunday_first = (6, 0, 1, 2, 3, 4, 5)
    return {
        "dateTime": "%Y-%m-%d %H:%M:%S",
        "date": "%Y-%m-%d",
        "time": "%H:%M:%S",
        "periods": [periods["am"], periods["pm"]],
        "days": [days[0][day] for day in sunday_first],
        "shortDays": [days[1][day] for day in sunday_first],
        "months": [months[0][month] for month in range(1, 13)],
        "shortMonths": [months[1][month] for month in range(1, 13)],
    }


def game_title(rules: GameRules) -> str:
    """The game's name (its own where the page speaks its language, else translated), with
    the name a table gave its house rules (or, unnamed, that they are house rules)."""
    return rules_title(rules, rules.name if rules.name or house_mark(rules) else None)


def titles_apart(titles: dict[str, str]) -> dict[str, str]:
    """`titles` by key, a title that several keys share followed by each key's last four
    characters: a list whose choices are kept by their titles never shows two alike."""
    counts = Counter(titles.values())
    return {key: f"{t} ({key[-4:]})" if counts[t] > 1 else t for key, t in titles.items()}


def rules_title(preset: GameRules, house: str | None) -> str:
    """`preset`'s name with that of house rules played on it: `house` is their name (empty
    where the table gave none), None for the preset's own rules."""
    title = preset.title.get(current()) or pgettext(GAME_CONTEXT, preset.title[ENGLISH])
    if house is None:
        return title
    return f"{title} · {plain(house) if house else _('House rules')}"


def sheet_names(rules: GameRules, own: bool = False) -> dict[str, str]:
    """Names of the sheet's boxes and summary rows by id: in the page language, or as the
    game's own sheet has them (`own`, or where the page speaks the game's language)."""
    if own or current() == rules.language:
        names = {box.id: box.name(rules.language) for box in rules.boxes}
        return names | {row: rules.label(row, rules.language) for row in rules.labels}
    names = {box.id: pgettext(BOX_CONTEXT, box.name(ENGLISH)) for box in rules.boxes}
    return names | {row: pgettext(ROW_CONTEXT, rules.label(row, ENGLISH)) for row in rules.labels}


def error_text(error: Exception) -> str:
    """An error's message in the page language: its template translated and filled in,
    where the error keeps one (the rules' and the photo reader's errors do), an error it
    names ("turn {turn}: {error}") in the page language too."""
    if not isinstance(error, TranslatableError):
        return str(error)
    template = _(error.template)
    if not error.values:
        return template
    values = {
        name: error_text(value) if isinstance(value, TranslatableError) else value
        for name, value in error.values.items()
    }
    return template.format(**values)
