"""A change to a game, saved at once for every device: a box recorded or an entry taken
back, and the turn in progress (`webapp.shared_turn`), each against the revision this
browser last showed or saved, so that of two devices changing the game at once one
change stands and the other device is shown it."""

from collections.abc import Callable
from typing import TypeVar

from scoring import Game, ScoringError
from store import ConflictError, StoreError
from webapp import turn_state
from webapp.flash import flash
from webapp.language import _, error_text
from webapp.saved_games import OpenGame, open_game, record_of, store_trouble
from webapp.server import game_store, keeper, saving
from webapp.shared_turn import with_turn
from webapp.text import plain

T = TypeVar("T")


def change(saved: OpenGame, action: Callable[[Game], T]) -> T | None:
    """Apply `action` to the game as this page drew it and save it, unless another device
    saved first (the store checks the revision as it saves, so nothing is replayed here;
    the page's next run loads the saved game once).

    A refusal (the rules, the store, or a save by another device since `saved`
    was read) is shown to the player as a message and saves nothing: `None`.
    """
    base = base_revision(saved)
    try:
        result = action(saved.game)
        record = record_of(saved.game, saved.language)
        saving(saved.id, base + 1)
        store = game_store()
        store.save(saved.id, record, base, table=saved.table)
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
    turn_state.synced(saved.id, base + 1)
    return result


def settle_turn(saved: OpenGame) -> None:
    """As the game page runs: save the turn for the table when this browser changed it
    since, else show the turn as the table saved it."""
    turn_state.play(saved.game.rules)
    if turn_state.changed():
        share_turn(saved)
    else:
        turn_state.follow_turn(saved)


def share_turn(saved: OpenGame) -> bool:
    """Save the turn as this browser holds it with the game, for every device showing it,
    against the revision this browser's turn came from. When another device saved first,
    its turn stands and is shown here (with a word saying so): False. A save that a
    stopped run made is noted first, so that it is not taken for another device's."""
    turn_state.landed(saved.id, saved.revision, saved.turn)
    base = base_revision(saved)
    turn = turn_state.shared(len(saved.game.turns))
    turn_state.note_saving(saved.id, base + 1, turn)
    try:
        saving(saved.id, base + 1)
        record = with_turn(record_of(saved.game, saved.language), turn)
        game_store().save(saved.id, record, base, table=saved.table)
    except ConflictError:
        _other_turn_stands(saved)
        return False
    except StoreError as error:
        flash("error", store_trouble(error))
        return False
    turn_state.synced(saved.id, base + 1, turn)
    return True


def _other_turn_stands(saved: OpenGame) -> None:
    """Show the turn another device saved first, and say so."""
    try:
        now = open_game(saved.table, saved.id)
    except StoreError as error:
        flash("error", store_trouble(error))
        return
    turn_state.show(now.turn)
    turn_state.synced(now.id, now.revision)
    flash("warning", _("Another device changed the turn at the same moment: its turn is shown."))


def base_revision(saved: OpenGame) -> int:
    """The revision a change is saved against: the one this browser last showed or saved
    of the game, or the one this run read when it shows none yet."""
    synced = turn_state.synced_revision(saved.id)
    return saved.revision if synced is None else synced


def _changed_elsewhere(saved: OpenGame) -> None:
    turn_state.clear_turn()
    turn_state.synced(saved.id, -1)
    now = open_game(saved.table, saved.id).game.current_player
    changed = _(
        "The sheet changed before this click (another device, or a second click): nothing "
        "was recorded and the sheet is reloaded."
    )
    turn = _("It is {player}'s turn now.").format(player=plain(now)) if now else ""
    check = _("Check the dice before recording.")
    flash("warning", " ".join(part for part in (changed, turn, check) if part))
