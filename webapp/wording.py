"""How the page words what it says in several places: dice, keeps, boxes, winners, the
reasons behind a suggestion's points, and names that can be taken for others."""

from collections.abc import Sequence

from scoring import GameRules, Reason, Turn, Why, dice_text, disguised, look_alikes
from webapp.language import _, listed, ngettext
from webapp.text import plain


def keep_words(keep: Sequence[int], score_now: bool) -> str:
    """A keep in a few words: "keep 6-6", "reroll all" or "score now"."""
    if score_now:
        return _("score now")
    if not keep:
        return _("reroll all")
    return _("keep {dice}").format(dice=dice_text(keep))


def keep_action(keep: Sequence[int], score_now: bool, dice: int) -> str:
    """What the advisor says to do after a roll of `dice` dice: "keep 6-6 and roll 3 dice",
    "reroll all the dice" or "stop and score now"."""
    if score_now:
        return _("stop and score now")
    if not keep:
        return _("reroll all the dice")
    rolled = dice - len(keep)
    return ngettext(
        "keep {dice} and roll {count} die", "keep {dice} and roll {count} dice", rolled
    ).format(dice=dice_text(keep), count=rolled)


def place_name(rules: GameRules, names: dict[str, str], box: str, column: int) -> str:
    """A box's name (from `names`), with its column where each player keeps several:
    "Chance, column 2 (×2)"."""
    if len(rules.columns) == 1:
        return names[box]
    return _("{box}, column {column} (×{times})").format(
        box=names[box], column=column + 1, times=rules.columns[column]
    )


def entry_words(entry: Turn, player: str, box: str) -> str:
    """A recorded entry as the page says it: "Ann: 25 in Full house." (with its bonus),
    `player` and `box` being the names to say."""
    if entry.extra_bonus:
        message = _("{player}: {points} in {box} and +{bonus} bonus.")
    else:
        message = _("{player}: {points} in {box}.")
    return message.format(player=player, points=entry.points, box=box, bonus=entry.extra_bonus)


def next_words(player: str) -> str:
    """Who plays after the turn in hand: "Bob plays next."."""
    return _("{player} plays next.").format(player=player)


def player_labels(players: Sequence[str]) -> dict[str, str]:
    """Each player's name as the page shows it (`plain`), told apart by seat number where
    two would show alike (a game saved before such names were refused)."""
    shown = [plain(player) for player in players]
    return {
        player: f"{label} ({seat})" if shown.count(label) > 1 else label
        for seat, (player, label) in enumerate(zip(players, shown, strict=True), start=1)
    }


def winners_line(winners: Sequence[str], total: int) -> str:
    """Who won a finished game and with what, as text ("Ann and Bob win with 212")."""
    return ngettext(
        "{players} wins with {total}", "{players} win with {total}", len(winners)
    ).format(players=listed([plain(winner) for winner in winners]), total=total)


def describe(reason: Reason) -> str:
    """One reason as the page says it."""
    match reason.why:
        case Why.EXTRA_FIVE:
            return _("+{points} bonus for an extra five of a kind").format(points=reason.amount)
        case Why.FACE_BOX_FIRST:
            return _("forced: an extra five of a kind goes to its face box first")
        case Why.JOKER:
            return _("joker: its face box is full, so it counts as any pattern here")
        case Why.JOKER_UPPER_ZERO:
            return _("forced: its face box and the lower boxes are full, so it takes 0 here")
        case Why.DOUBLED:
            return _("doubled on the first roll")
        case Why.MADE_BONUS:
            return _("includes the +{points} bonus").format(points=reason.amount)
        case Why.EARNS_UPPER_BONUS:
            return _("earns the +{points} upper bonus").format(points=reason.amount)
        case Why.PAR:
            if reason.needed:
                progress = ngettext("{count} to go", "{count} to go", reason.needed).format(
                    count=reason.needed
                )
            else:
                progress = _("on course")
            return _("{points:+d} against par for the bonus, {progress}").format(
                points=reason.amount, progress=progress
            )
        case Why.SCRATCH:
            return _("scratch: no such pattern")


def look_alike_warnings(names: Sequence[str]) -> list[str]:
    """What the page warns of `names`: each pair that look alike but are different names,
    and each name that mixes alphabets whose letters pass for each other."""
    said = [
        _(
            "{first} and {second} look alike but are different names: the sheet would show "
            "two players nobody can tell apart."
        ).format(first=plain(first), second=plain(second))
        for first, second in look_alikes(names)
    ]
    said += [
        _(
            "{name} mixes letters of different alphabets that look alike: it can be taken "
            "for another player's name."
        ).format(name=plain(name))
        for name in dict.fromkeys(names)
        if disguised(name)
    ]
    return said
