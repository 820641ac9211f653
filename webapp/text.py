"""Text that comes from visitors (names, game ids, file names, messages quoting them),
made safe to put on the page.

Streamlit reads Markdown nearly everywhere: bodies, captions, alerts, headings, widget
labels, image captions and table cells. Every piece of visitor text goes through
`plain` before it is placed in such a string, so it shows exactly as typed and never as
a link, an image, LaTeX, a colour directive or a heading.

Escaping is not enough for the links Markdown makes by itself of `http://…`, `www.…`
and `a@b.co`: those are found in the text after escapes are read. An invisible word
joiner (U+2060) placed where such a link would begin keeps them plain text.
"""

import re
import unicodedata

from scoring import HIDDEN_CATEGORIES

# Every ASCII punctuation character may be escaped with a backslash in Markdown, and
# escaping all of them leaves nothing a visitor could turn into markup: links, images,
# emphasis, `$` LaTeX, `:red[...]` directives, emoji short codes, HTML, tables, lists.
_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")
# Where Markdown would start a link by itself: a web address's scheme or "www" before its
# ":" or ".", and an e-mail address's "@".
_AUTOLINK = re.compile(r"(?i)(?:https?|www)(?=[:.])|(?=@)")
WORD_JOINER = "\u2060"


def plain(text: object, limit: int | None = None) -> str:
    """`text` as Markdown that shows it literally, on one line, without hidden
    characters (but the word joiners that keep it from becoming a link), and cut to
    `limit` characters (with an ellipsis) when given."""
    whole = str(text)
    # Cut before the work below: a refusal may quote a visitor's file of megabytes.
    words = " ".join((whole if limit is None else whole[: 4 * limit]).split())
    line = "".join(c for c in words if unicodedata.category(c) not in HIDDEN_CATEGORIES)
    if limit is not None and len(line) > limit:
        line = line[: limit - 1] + "…"
    unlinked = _AUTOLINK.sub(lambda start: start.group() + WORD_JOINER, line)
    return _PUNCTUATION.sub(r"\\\1", unlinked)
