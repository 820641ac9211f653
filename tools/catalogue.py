"""The message catalogue: every text the page shows, gathered with Babel from the code and
from the games' data, and each language's translations kept in step with it.

`python -m tools.catalogue` writes the template (`webapp/locales/messages.pot`) and
merges it into every language's `.po` file: new messages arrive untranslated, changed
ones are marked fuzzy for the translator, and the counts still to do are printed.
"""

import re
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import write_po

from scoring import ENGLISH, GAMES
from webapp.language import (
    BOX_CONTEXT,
    GAME_CONTEXT,
    LANGUAGES,
    LOCALES,
    ROW_CONTEXT,
    SOURCE,
    catalogue_path,
    read_catalogue,
)

ROOT = Path(__file__).parent.parent
# The errors whose messages the page shows to players: it translates their templates.
ERRORS = {"PlayerError": None, "InvalidImageError": None}
# The page's own code, and the files that raise the errors it shows.
PAGE, ERROR_FILES = "webapp", ("scoring/players.py", "vision/decode.py")
TEMPLATE = LOCALES / "messages.pot"
BRACES = re.compile(r"\{[^{}]*\}")


def _from_data() -> Iterator[tuple[str, str | None]]:
    """(message, context) of the games' names and summaries, which are data, not code."""
    for rules in GAMES.values():
        yield rules.title[ENGLISH], GAME_CONTEXT
        yield rules.summary, None
        for box in rules.boxes:
            yield box.name(ENGLISH), BOX_CONTEXT
        for row in rules.labels:
            yield rules.label(row, ENGLISH), ROW_CONTEXT


def template() -> Catalog:
    """Every message of the page, with where it is used."""
    catalog = Catalog(project="dice-table", locale=None, fuzzy=False)
    page = extract_from_dir(ROOT / PAGE, keywords={**DEFAULT_KEYWORDS, **ERRORS})
    for filename, line, message, _comments, context in page:
        catalog.add(message, locations=[(f"{PAGE}/{filename}", line)], context=context)
    for path in ERROR_FILES:
        for line, message, _comments, context in extract_from_file(
            "python", ROOT / path, keywords=ERRORS
        ):
            catalog.add(message, locations=[(path, line)], context=context)
    for message, context in _from_data():
        catalog.add(message, auto_comments=["from the games' data"], context=context)
    for entry in catalog:
        # The page fills its messages with str.format; a "%" is a percent sign.
        entry.flags.discard("python-format")
        if entry.id and BRACES.search(str(entry.id)):
            entry.flags.add("python-brace-format")
    return catalog


def update() -> dict[str, int]:
    """Write the template and merge it into every language; messages left to translate."""
    source = template()
    with TEMPLATE.open("wb") as out:
        write_po(out, source, width=100)
    left = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        path = catalogue_path(code)
        if path.exists():
            catalog = read_catalogue(code)
            catalog.update(source, update_header_comment=False)
            for entry in catalog:
                kept = source.get(entry.id, entry.context)
                if entry.id and kept is not None:
                    entry.flags = set(kept.flags) | (entry.flags & {"fuzzy"})
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(project="dice-table", locale=code)
            catalog.update(source)
        with path.open("wb") as out:
            write_po(out, catalog, width=100, ignore_obsolete=True)
        left[code] = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy))
    return left


if __name__ == "__main__":
    for language, count in update().items():
        print(f"{language}: {count} messages to translate")
