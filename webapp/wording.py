"""How the page words the things it says in several places: dice, keeps and winners."""

from collections.abc import Sequence

from scoring import DICE_PER_HAND, Standing, dice_text
from webapp.language import _, listed, ngettext
from webapp.text import plain


def keep_words(keep: Sequence[int], score_now: bool) -> str:
    """A keep in a few words: "keep 6-6", "reroll all five" or "score now"."""
    if score_now:
        return _("score now")
    if not keep:
        return _("reroll all five")
    return _("keep {dice}").format(dice=dice_text(keep))


def keep_action(keep: Sequence[int], score_now: bool) -> str:
    """What the advisor says to do after a roll: "keep 6-6 and roll 3 dice", "reroll all
    five dice" or "stop and score now"."""
    if score_now:
        return _("stop and score now")
    if not keep:
        return _("reroll all five dice")
    rolled = DICE_PER_HAND - len(keep)
    return ngettext(
        "keep {dice} and roll {count} die", "keep {dice} and roll {count} dice", rolled
    ).format(dice=dice_text(keep), count=rolled)


def player_labels(players: Sequence[str]) -> dict[str, str]:
    """Each player's name as the page shows it (`plain`), told apart by seat number where
    two would show alike (a game saved before such names were refused)."""
    shown = [plain(player) for player in players]
    return {
        player: f"{label} ({seat})" if shown.count(label) > 1 else label
        for seat, (player, label) in enumerate(zip(players, shown, strict=True), start=1)
    }


def winners_line(ranking: list[Standing]) -> str:
    """Who won a finished game and with what, as text ("Ann and Bob win with 212")."""
    winners = [plain(s.player) for s in ranking if s.winner]
    return ngettext(
        "{players} wins with {total}", "{players} win with {total}", len(winners)
    ).format(players=listed(winners), total=ranking[0].totals.total)
