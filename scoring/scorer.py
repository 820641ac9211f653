"""Points of a hand in a box, and the boxes a player may use now."""

from collections.abc import Iterable, Mapping
from functools import cache
from itertools import combinations_with_replacement

from scoring.errors import BoxFilledError, BoxNotAllowedError, ScoringError
from scoring.games import rules_of
from scoring.hand import FACES, Hand
from scoring.patterns import MissablePattern
from scoring.rules import ENGLISH, Box, GameRules, Section

Column = Mapping[str, int]


def box_points(box: Box, hand: Hand, roll: int, *, joker: bool = False) -> int:
    """Points of `hand` in `box`; a joker counts every pattern as made."""
    pattern = box.pattern
    matched = pattern.match(hand)
    if matched is None:
        if not joker or not isinstance(pattern, MissablePattern):
            return 0
        matched = hand.dice[: pattern.size]
    points = box.points(box.pattern, matched, hand)
    if box.doubled_on_first_roll and roll == 1:
        points *= 2
    return points + box.made_bonus


@cache
def box_range(box: Box, dice: int) -> tuple[int, int]:
    """Lowest and highest points `box` can give over every hand of `dice` dice, roll and
    joker."""
    values = [
        box_points(box, Hand(hand), roll, joker=joker)
        for hand in combinations_with_replacement(FACES, dice)
        for roll in (1, 2)
        for joker in (False, True)
    ]
    return min(values), max(values)


def check_column(rules: GameRules, filled: Column | None) -> dict[str, int]:
    """Validate a column (box id → points) and return it as a plain dict."""
    if filled is None:
        return {}
    if not isinstance(filled, Mapping):
        raise ScoringError("filled must map box ids to points, got {filled!r}", filled=filled)
    for box_id, points in filled.items():
        rules.box(box_id)
        if isinstance(points, bool) or not isinstance(points, int):
            raise ScoringError(
                "box {box!r} must hold a whole number, got {points!r}", box=box_id, points=points
            )
    return dict(filled)


def joker_in_play(rules: GameRules, box_filled: bool, box_scored: bool) -> bool:
    """Whether an extra five of a kind is a joker while the joker's box is so: filled,
    and holding more than 0 (or the rules play the joker on a scratch too)."""
    joker = rules.joker
    return joker is not None and box_filled and (box_scored or joker.on_scratch)


def joker_bonus(rules: GameRules, box_scored: bool) -> int:
    """The bonus an extra five of a kind earns beyond its box while the joker's box holds
    more than 0 (`box_scored`): Yahtzee's +100."""
    joker = rules.joker
    return joker.bonus if joker is not None and box_scored else 0


def joker_applies(rules: GameRules, hand: Hand, filled: Column) -> bool:
    """True when an extra five of a kind makes this hand a joker: it counts as any pattern,
    and goes to its face box while that is empty (see `allowed_places`)."""
    joker = rules.joker
    if joker is None or not hand.all_alike:
        return False
    return joker_in_play(rules, joker.box in filled, filled.get(joker.box, 0) > 0)


def extra_bonus(rules: GameRules, hand: Hand, filled: Column) -> int:
    """Bonus this hand earns beyond its box (Yahtzee's +100 for an extra five of a kind)."""
    joker = rules.joker
    if joker is None or not hand.all_alike:
        return 0
    return joker_bonus(rules, filled.get(joker.box, 0) > 0)


def allowed_places(rules: GameRules, empty: int, joker_face: int | None = None) -> int:
    """The boxes a hand may go into now, as bits over the sheet's places (bit i is
    `rules.boxes[i]`), the boxes of `empty` being open: the first open one in a forced
    game; the open upper ones while any is, where the upper section comes first; for a
    forced joker of face `joker_face` (see `joker_applies`), its face box while open,
    else the open lower boxes, else any. The one statement of these rules: the scorer
    asks it for a hand, the advisor for every state it solves."""
    if rules.forced_order:
        return empty & -empty
    upper = rules.upper_places & empty
    if rules.upper_first and upper:
        return upper
    if joker_face is not None:
        own = rules.face_places.get(joker_face, 0) & empty
        return own or (empty & ~rules.upper_places) or empty
    return empty


def allowed_boxes(rules: GameRules, hand: Hand, filled: Column) -> list[Box]:
    """The empty boxes the rules let this hand go into now, in the game's order (see
    `allowed_places`)."""
    empty = sum(1 << place for place, box in enumerate(rules.boxes) if box.id not in filled)
    face = hand.dice[0] if joker_applies(rules, hand, filled) else None
    allowed = allowed_places(rules, empty, face)
    return [box for place, box in enumerate(rules.boxes) if allowed >> place & 1]


def refusal(rules: GameRules, box: Box, hand: Hand, filled: Column) -> ScoringError | None:
    """Why `box` cannot take `hand` now, or `None` when it can."""
    if box.id in filled:
        return BoxFilledError(
            "{box} is already filled ({points})", box=box.name(ENGLISH), points=filled[box.id]
        )
    allowed = allowed_boxes(rules, hand, filled)
    if box in allowed:
        return None
    if rules.forced_order:
        return BoxNotAllowedError(
            "the boxes are filled in order: this turn goes in {box}", box=allowed[0].name(ENGLISH)
        )
    if rules.upper_first and allowed[0].section is Section.UPPER:
        return BoxNotAllowedError(
            "{box} must wait: fill all six upper boxes first", box=box.name(ENGLISH)
        )
    return BoxNotAllowedError(
        "an extra five of a kind is a forced joker: it must go in {boxes}",
        boxes=", ".join(b.name(ENGLISH) for b in allowed),
    )


def score(
    game: str | GameRules,
    box: str,
    dice: Iterable[int],
    roll: int | None = None,
    filled: Column | None = None,
) -> int:
    """Points that `box` would get for `dice` from roll `roll` (the turn's last roll when
    not given).

    `filled` is the player's column (box id → points); it decides whether an
    extra five of a kind scores as a joker. Whether the box may be used now is
    `options`' business, not this function's.
    """
    rules = rules_of(game)
    target = rules.box(box)
    hand = rules.hand(dice)
    column = check_column(rules, filled)
    roll = rules.check_roll(rules.rolls if roll is None else roll)
    return box_points(target, hand, roll, joker=joker_applies(rules, hand, column))


def options(
    game: str | GameRules,
    dice: Iterable[int],
    roll: int | None = None,
    filled: Column | None = None,
) -> list[tuple[str, int]]:
    """Every box the player may use now with its points, best first (ties in sheet order);
    `roll` is the turn's last roll when not given."""
    rules = rules_of(game)
    hand = rules.hand(dice)
    roll = rules.check_roll(rules.rolls if roll is None else roll)
    column = check_column(rules, filled)
    joker = joker_applies(rules, hand, column)
    scored = [
        (b.id, box_points(b, hand, roll, joker=joker)) for b in allowed_boxes(rules, hand, column)
    ]
    return sorted(scored, key=lambda option: -option[1])
