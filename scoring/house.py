"""A table's house rules: the settings it changes on a preset (RULES.md, "Variants and
house rules"), the rules they make, and what differs from the preset.

Settings left `None` keep the preset's. Settings that contradict each other, or the
preset, are refused with a `RulesError` saying which and why.
"""

from dataclasses import dataclass, field, replace
from typing import Any

from scoring.errors import RulesError
from scoring.patterns import PATTERNS
from scoring.points import Fixed
from scoring.rules import Box, GameRules, Joker, Section, UpperBonus
from scoring.rules_data import LONGEST_RULES_NAME, MOST_POINTS, check_rules, rules_record

# The boxes whose fixed points a table may change.
FIXED_BOXES = ("full_house", "small_straight", "large_straight", "five_of_a_kind")
STRAIGHTS = ("small_straight", "large_straight")
# The boxes a first roll doubles where a table plays first-roll doubling (as catalan).
NOT_DOUBLED = ("chance",)


@dataclass(frozen=True)
class HouseRules:
    """What a table changes on a preset, each `None` (or empty) where it keeps it."""

    name: str = ""
    upper_bonus_points: int | None = None
    upper_bonus_at_least: int | None = None
    fixed_points: dict[str, int] = field(default_factory=dict)
    straights: tuple[str, ...] | None = None
    four_in_a_row_small: bool | None = None
    joker: bool | None = None
    extra_bonus: int | None = None
    first_roll_doubling: bool | None = None
    order: tuple[str, ...] | None = None
    forced_order: bool | None = None
    columns: tuple[int, ...] | None = None
    saved_rolls: bool | None = None


@dataclass(frozen=True)
class Difference:
    """One setting whose value differs from the preset's: its name, and both values."""

    setting: str
    preset: Any
    house: Any


def house_rules(preset: GameRules, house: HouseRules) -> GameRules:
    """`preset` with the table's `house` settings; raises `RulesError` for settings that
    contradict each other or the preset."""
    if len(house.name) > LONGEST_RULES_NAME:
        raise RulesError(
            "a name for the rules is at most {longest} characters", longest=LONGEST_RULES_NAME
        )
    boxes = _straights(preset, house)
    boxes = tuple(_fixed(box, house) for box in boxes)
    _check_fixed(boxes, house)
    if house.first_roll_doubling is not None:
        boxes = tuple(
            replace(box, doubled_on_first_roll=house.first_roll_doubling)
            if box.section is Section.LOWER and box.id not in NOT_DOUBLED
            else box
            for box in boxes
        )
    if house.order is not None:
        boxes = _ordered(boxes, house.order)
    bonus = preset.upper_bonus
    rules = replace(
        preset,
        boxes=boxes,
        upper_bonus=UpperBonus(
            points=_or(house.upper_bonus_points, bonus.points),
            at_least=_or(house.upper_bonus_at_least, bonus.at_least),
        ),
        joker=_joker(preset, house),
        forced_order=_or(house.forced_order, preset.forced_order),
        name=house.name,
        columns=_or(house.columns, preset.columns),
        saved_rolls=_or(house.saved_rolls, preset.saved_rolls),
    )
    check_rules(rules)
    return rules


def differences(preset: GameRules, rules: GameRules) -> list[Difference]:
    """Every setting of `rules` that differs from `preset`'s, in the order a table reads
    them: the bonus, the boxes' points, the straights, the joker, doubling, the order,
    the columns."""
    before, after = rules_record(preset), rules_record(rules)
    found = [
        Difference(key, before[key], after[key])
        for key in ("dice", "rolls", "saved_rolls", "upper_bonus", "joker", "forced_order")
        if before[key] != after[key]
    ]
    boxes_before = {box["id"]: box for box in before["boxes"]}
    boxes_after = {box["id"]: box for box in after["boxes"]}
    for box_id in boxes_before.keys() - boxes_after.keys():
        found.append(Difference("box", box_id, None))
    for box_id, box in boxes_after.items():
        was = boxes_before.get(box_id)
        if was is None:
            found.append(Difference("box", None, box_id))
            continue
        for key in ("pattern", "points", "doubled_on_first_roll", "made_bonus"):
            if was.get(key) != box.get(key):
                found.append(Difference(f"{box_id}.{key}", was.get(key), box.get(key)))
    shown = [box["id"] for box in after["boxes"]]
    if [box_id for box_id in before_order(before) if box_id in boxes_after] != shown:
        found.append(Difference("order", before_order(before), shown))
    if preset.columns != rules.columns:
        found.append(Difference("columns", list(preset.columns), list(rules.columns)))
    return found


def before_order(record: dict[str, Any]) -> list[str]:
    """The box ids of a rules record in sheet order."""
    return [box["id"] for box in record["boxes"]]


def _or(value: Any, kept: Any) -> Any:
    return kept if value is None else value


def _straights(preset: GameRules, house: HouseRules) -> tuple[Box, ...]:
    """The preset's boxes with the straights the table plays, small as four in a row where
    it says so."""
    boxes = preset.boxes
    if house.straights is not None:
        unknown = set(house.straights) - set(STRAIGHTS)
        if unknown:
            raise RulesError("the straights are small_straight and large_straight")
        boxes = tuple(b for b in boxes if b.id not in STRAIGHTS or b.id in house.straights)
    if house.four_in_a_row_small is not None:
        small = next((b for b in boxes if b.id == "small_straight"), None)
        if small is None:
            raise RulesError("four in a row can count as a small straight only with that box")
        pattern = PATTERNS["four_in_a_row" if house.four_in_a_row_small else "straight_1_to_5"]
        boxes = tuple(replace(b, pattern=pattern) if b is small else b for b in boxes)
    return boxes


def _fixed(box: Box, house: HouseRules) -> Box:
    points = house.fixed_points.get(box.id)
    return box if points is None else replace(box, points=Fixed(points))


def _check_fixed(boxes: tuple[Box, ...], house: HouseRules) -> None:
    ids = {box.id for box in boxes}
    for box_id, points in house.fixed_points.items():
        if box_id not in FIXED_BOXES:
            raise RulesError("{box} has no fixed points a table may change", box=box_id)
        if box_id not in ids:
            raise RulesError("{box} is not on this sheet", box=box_id)
        if (
            isinstance(points, bool)
            or not isinstance(points, int)
            or not 0 <= points <= MOST_POINTS
        ):
            raise RulesError("fixed points are 0 to {most}", most=MOST_POINTS)


def _ordered(boxes: tuple[Box, ...], order: tuple[str, ...]) -> tuple[Box, ...]:
    by_id = {box.id: box for box in boxes}
    if sorted(order) != sorted(by_id):
        raise RulesError("the order must name every box of the sheet once")
    ordered = tuple(by_id[box_id] for box_id in order)
    sections = [box.section for box in ordered]
    if sections != sorted(sections, key=lambda section: section is Section.LOWER):
        raise RulesError("the upper boxes stay above the lower ones on the sheet")
    return ordered


def _joker(preset: GameRules, house: HouseRules) -> Joker | None:
    joker = preset.joker
    wanted = joker is not None if house.joker is None else house.joker
    if not wanted:
        if house.extra_bonus:
            raise RulesError("an extra bonus for five of a kind needs the joker")
        return None
    bonus = _or(house.extra_bonus, joker.bonus if joker is not None else 100)
    on_scratch = joker.on_scratch if joker is not None else False
    box = "five_of_a_kind" if preset.dice == 5 else "six_of_a_kind"
    return Joker(box=box, bonus=bonus, on_scratch=on_scratch)
