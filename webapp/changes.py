"""A change to a game (a box recorded, an entry taken back), saved at once."""

from collections.abc import Callable
from typing import TypeVar

from scoring import Game, ScoringError
from store import ConflictError, StoreError
from webapp.flash import flash
from webapp.language import _, error_text
from webapp.saved_games import OpenGame, open_game, record_of, store_trouble
from webapp.server import game_store, keeper, saving
from webapp.text import plain
from webapp.turn_state import clear_turn

T = TypeVar("T")


def change(saved: OpenGame, action: Callable[[Game], T]) -> T | None:
    """Apply `action` to the game as this page drew it and save it, unless another device
    saved first (the store checks the revision as it saves, so nothing is replayed here;
    the page's next run loads the saved game once).

    A refusal (the rules, the store, or a save by another device since `saved`
    was read) is shown to the player as a message and saves nothing: `None`.
    """
    try:
        result = action(saved.game)
        record = record_of(saved.game, saved.language)
        saving(saved.id, saved.revision + 1)
        store = game_store()
        store.save(saved.id, record, saved.revision, table=saved.table)
        if saved.game.finished:
            keeper().ask(store, saved.table, [saved.id])
    except ConflictError:
        _changed_elsewhere(saved)
        return None
    except ScoringError as error:
        flash("error", plain(error_text(error)))
        return None
    except StoreError as error:
        flash("error", store_trouble(error))
        return None
    return result


def _changed_elsewhere(saved: OpenGame) -> None:
    clear_turn()
    now = open_game(saved.table, saved.id).game.current_player
    changed = _(
        "The sheet changed before this click (another device, or a second click): nothing "
        "was recorded and the sheet is reloaded."
    )
    turn = _("It is {player}'s turn now.").format(player=plain(now)) if now else ""
    check = _("Check the dice before recording.")
    flash("warning", " ".join(part for part in (changed, turn, check) if part))
