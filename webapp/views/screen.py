"""The table screen: a game as the whole table sees it from across the room (a TV, a
propped-up tablet, a laptop at the end of the table). Whose turn and the roll, the five
dice large with the advisor's keep or box, every player's total and chance to win, the last
entry and who plays next, and the QR code to join from a phone; nothing on it is clicked.

It is HTML of its own (`st.html`, styled by webapp/screen.css), sized by the window, so
that it fills one screen of any size without scrolling. Every text on it is escaped.
"""

import base64
import html
import re

import streamlit as st

from advisor import advised_first
from scoring import SCRATCH, Game, is_scratch, suggest_columns
from webapp.address import game_address, qr_png
from webapp.advice import Turn, working
from webapp.invitation import page_url
from webapp.language import _, game_title, percent
from webapp.live_turn import rows_of
from webapp.saved_games import OpenGame
from webapp.wording import (
    entry_words,
    keep_action,
    next_words,
    place_name,
    player_labels,
    winners_line,
)

# Where a die's pips lie on its face's three rows and columns (from 1), for each value.
_CORNERS = ((1, 1), (3, 3), (1, 3), (3, 1))
PIPS = {
    1: ((2, 2),),
    2: _CORNERS[:2],
    3: (*_CORNERS[:2], (2, 2)),
    4: _CORNERS,
    5: (*_CORNERS, (2, 2)),
    6: (*_CORNERS, (2, 1), (2, 3)),
}
# A Markdown icon (`:material/name:`) that opens a message written for Markdown.
_ICON = re.compile(r"^:material/\w+:\s*")
# The backslash with which `plain` makes a character show as itself in Markdown.
_ESCAPE = re.compile(r"\\(.)")


@st.cache_data(max_entries=256, show_spinner=False)
def _qr_code(address: str) -> bytes:
    """The address's QR code, made once per address (the screen redraws on every change)."""
    return qr_png(address)


def _unmarked(markdown: str) -> str:
    """Text the page words for Markdown (names through `plain`) as it reads."""
    return _ESCAPE.sub(r"\1", _ICON.sub("", markdown))


def _line(kind: str, text: str) -> str:
    """One line of the screen, of CSS class `screen-<kind>`."""
    return f'<p class="screen-{kind}">{html.escape(text)}</p>'


def _face(value: int | None) -> str:
    """A die's face: its pips, or an empty place while the die has no value."""
    pips = (
        f'<i style="grid-area: {row} / {column}"></i>' for row, column in PIPS.get(value or 0, ())
    )
    return f'<span class="screen-face">{"".join(pips)}</span>'


def _die(row: int, value: int | None, keep: bool, held: bool) -> str:
    """One die with what is said of it below: the advisor keeps it, or it is held."""
    name = _("Die {number}").format(number=row + 1)
    if value is None:
        kind, mark, label = "empty", "", name
    else:
        kind, mark = ("keep", _("keep")) if keep else ("held", _("held")) if held else ("", "")
        label = f"{name}: {value}"
    return (
        f'<div class="screen-die {kind}" data-value="{value or ""}" role="img" '
        f'aria-label="{html.escape(label)}">{_face(value)}'
        f'<span class="screen-mark">{html.escape(mark)}</span></div>'
    )


def _dice(saved: OpenGame, turn: Turn) -> str:
    """The turn's five dice, those the advisor keeps and those held marked."""
    keep = rows_of(turn.hand, turn.keeps[0].keep) if turn.rolling_on and turn.hand else frozenset()
    held = saved.turn.held | saved.turn.holding
    dice = saved.turn.dice
    drawn = [_die(row, value, row in keep, row in held) for row, value in enumerate(dice)]
    return f'<div class="screen-dice">{"".join(drawn)}</div>'


def _advice(saved: OpenGame, turn: Turn, names: dict[str, str]) -> str:
    """The advisor's word on the dice, as the game page gives it first: the keep while it
    says roll again, else the box it stars with its points; what it does while it solves
    the game; nothing without the advisor or before the dice are set."""
    if turn.waiting:
        return _unmarked(working())
    if turn.hand is None or not turn.boxes:
        return ""
    if turn.rolling_on:
        best = turn.keeps[0]
        action = keep_action(best.keep, best.score_now, saved.game.rules.dice)
    else:
        rules = saved.game.rules
        offered = suggest_columns(rules, turn.hand, turn.roll, saved.game.columns(saved.player))
        option = advised_first(offered, turn.boxes.values())[0]
        worth = SCRATCH if is_scratch(rules, option.box, option.points) else option.points
        box = place_name(rules, names, option.box, option.column)
        action = _("score in {box}").format(box=box) + f" · {worth}"
    return f"{_('Advisor:')} {action}"


def _after(game: Game) -> str | None:
    """Who plays after the player whose turn it is (None in a game of one, or when this
    turn is the game's last)."""
    following = len(game.turns) + 1
    if len(game.players) < 2 or game.rules.finished_after(following, len(game.players)):
        return None
    return game.players[following % len(game.players)]


def _play(saved: OpenGame, turn: Turn, names: dict[str, str], labels: dict[str, str]) -> str:
    """The turn in progress: whose it is, the roll, the dice and the advice for them."""
    player = _("Round {round} · {player} to play").format(
        round=saved.game.round, player=labels[saved.player]
    )
    roll = f"{_('Roll')} {turn.roll}/{saved.game.last_roll(saved.player)}"
    advice = _line("advice", _advice(saved, turn, names))
    return _line("player", player) + _line("roll", roll) + _dice(saved, turn) + advice


def _end(saved: OpenGame) -> str:
    """What the screen shows where the turn was once the game is over or abandoned."""
    if not saved.game.finished:
        return _line(
            "player",
            _(
                "This game was abandoned: nothing more is recorded in it, and no statistics "
                "count it."
            ),
        )
    ranking = saved.game.standings()
    winners = [standing.player for standing in ranking if standing.winner]
    return _line("player", _unmarked(winners_line(winners, ranking[0].totals.total)) + "!")


def _news(game: Game, names: dict[str, str], labels: dict[str, str]) -> str:
    """The last entry (who, which box, how many points) and who plays next."""
    lines = ""
    if game.turns:
        entry = game.turns[-1]
        box = place_name(game.rules, names, entry.box, entry.column)
        lines += _line("last", entry_words(entry, labels[entry.player], box))
    following = _after(game) if game.current_player is not None else None
    if following is not None:
        lines += _line("next", next_words(labels[following]))
    return lines


def _totals(
    game: Game, names: dict[str, str], labels: dict[str, str], chances: dict[str, float] | None
) -> str:
    """Every player's total and, with the advisor, chance to win; the player to play marked.
    The rows share what height the screen leaves them (`--rows`)."""
    head = f"<th></th><th>{html.escape(names['total'])}</th>"
    if chances is not None:
        head += f"<th>{html.escape(_('Chance to win'))}</th>"
    rows = []
    totals = game.totals()
    for player in game.players:
        now = ' class="screen-now"' if player == game.current_player else ""
        cells = f'<th class="screen-name">{html.escape(labels[player])}</th>'
        cells += f'<td class="screen-total">{totals[player].total}</td>'
        if chances is not None:
            cells += f'<td class="screen-chance">{html.escape(percent(chances[player]))}</td>'
        rows.append(f"<tr{now}>{cells}</tr>")
    return (
        f'<table class="screen-totals" style="--rows: {len(game.players)}">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _join(saved: OpenGame) -> str:
    """The QR code a phone scans to join the game, with what it is for."""
    address = game_address(page_url(), saved.table, saved.id)
    image = base64.b64encode(_qr_code(address)).decode("ascii")
    words = html.escape(_("Join this game from a phone"))
    return (
        f'<figure class="screen-join"><img src="data:image/png;base64,{image}" alt="{words}">'
        f"<figcaption>{words}</figcaption></figure>"
    )


def table_screen(
    saved: OpenGame, names: dict[str, str], turn: Turn | None, chances: dict[str, float] | None
) -> None:
    """The whole screen: the game and its turn (`turn`, None once the game is over or
    abandoned) with the news beside every player's total and the way to join."""
    game = saved.game
    labels = {player: _unmarked(label) for player, label in player_labels(game.players).items()}
    title = _line("game", game_title(game.rules))
    main = _play(saved, turn, names, labels) if turn is not None else _end(saved)
    side = _totals(game, names, labels, chances) + _join(saved)
    st.html(
        f'<div class="screen"><section class="screen-turn">{title}{main}'
        f"{_news(game, names, labels)}</section>"
        f'<aside class="screen-side">{side}</aside></div>'
    )
