"""A game's rules as the data a game record carries: written out whole, and read back
checked, so that a game of house rules replays anywhere.

The words (titles, box names, summary rows) are not part of the record: they come from
the preset the rules start from (`id`), so a record stays small and a page shows them
in its own language.
"""

import hashlib
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from scoring.errors import RulesError
from scoring.games import ENGLISH_NAMES, GAMES
from scoring.hand import FACES
from scoring.patterns import PATTERNS, Face, Groups, pattern_name, pattern_size
from scoring.points import AbovePar, DiceSum, Fixed, PatternSum, Points
from scoring.rules import ENGLISH, MOST_DICE, Box, GameRules, Joker, Section, UpperBonus
from scoring.scorer import box_range

# Bounds on what a rules record may ask, so that a hostile one cannot make the engine
# (or the advisor after it) do unbounded work.
MOST_ROLLS = 5
MOST_BOXES = 30
MOST_POINTS = 1000
LONGEST_RULES_NAME = 40
MOST_SHARED = 256
# A sheet of several columns (Triple Yahtzee's three, Yatzy Protocol's six) and what one
# column may count for.
MOST_COLUMNS = 6
MOST_TIMES = 10
# Hex digits of a house rules' mark: enough that two tables' rules never share one.
HOUSE_MARK_LENGTH = 16


def points_record(points: Points) -> str | dict[str, int]:
    """How a box's points are written in a rules record."""
    match points:
        case PatternSum():
            return "pattern_sum"
        case DiceSum():
            return "dice_sum"
        case Fixed(value):
            return {"fixed": value}
        case AbovePar(par):
            return {"above_par": par}
    raise TypeError(points)


def rules_record(rules: GameRules) -> dict[str, Any]:
    """Every setting of `rules` as plain data (`rules_from_record` reads it back); the
    columns only where there are several (so one-column rules keep their record)."""
    joker = rules.joker
    record: dict[str, Any] = {
        "id": rules.id,
        "name": rules.name,
        "dice": rules.dice,
        "rolls": rules.rolls,
        "saved_rolls": rules.saved_rolls,
        "forced_order": rules.forced_order,
        "upper_first": rules.upper_first,
        "settles_against_average": rules.settles_against_average,
        "upper_bonus": {"points": rules.upper_bonus.points, "at_least": rules.upper_bonus.at_least},
        "joker": None
        if joker is None
        else {"box": joker.box, "bonus": joker.bonus, "on_scratch": joker.on_scratch},
        "boxes": [_box_record(box) for box in rules.boxes],
    }
    if rules.columns != (1,):
        record["columns"] = list(rules.columns)
    return record


def _box_record(box: Box) -> dict[str, Any]:
    """A box as a rules record writes it: its id, its pattern where that is not named like
    the box, its points, and a made bonus or doubling where it has one (the section
    follows from the pattern: face boxes are the upper ones)."""
    found: dict[str, Any] = {"id": box.id}
    if pattern_name(box.pattern) != box.id:
        found["pattern"] = pattern_name(box.pattern)
    found["points"] = points_record(box.points)
    if box.made_bonus:
        found["made_bonus"] = box.made_bonus
    if box.doubled_on_first_roll:
        found["doubled_on_first_roll"] = True
    return found


def rules_from_record(data: object) -> GameRules:
    """The rules a record describes, with the words of its preset; raises `RulesError`
    saying what is wrong with a record that cannot be read or whose settings contradict
    each other (see `check_rules`)."""
    record = _mapping(data, "rules")
    known = _SHARED.get(_signature(record))
    if known is not None:
        return known
    preset = GAMES.get(_text(record.get("id"), "id", 20))
    if preset is None:
        raise RulesError("the rules start from an unknown game {game!r}", game=record.get("id"))
    rules = GameRules(
        id=preset.id,
        language=preset.language,
        title=preset.title,
        summary=preset.summary,
        boxes=tuple(
            _box(preset, entry, f"boxes[{n}]")
            for n, entry in enumerate(_list(record.get("boxes"), "boxes", MOST_BOXES))
        ),
        upper_bonus=_upper_bonus(record.get("upper_bonus")),
        upper_first=_flag(record, "upper_first"),
        joker=_joker(record.get("joker")),
        settles_against_average=_flag(record, "settles_against_average"),
        labels=preset.labels,
        dice=_whole(record.get("dice"), "dice", MOST_DICE),
        rolls=_whole(record.get("rolls"), "rolls", MOST_ROLLS),
        saved_rolls=_flag(record, "saved_rolls"),
        forced_order=_flag(record, "forced_order"),
        name=_text(record.get("name", ""), "name", LONGEST_RULES_NAME),
        columns=tuple(
            _whole(times, f"columns[{n}]", MOST_TIMES)
            for n, times in enumerate(_list(record.get("columns", [1]), "columns", MOST_COLUMNS))
        ),
    )
    check_rules(rules)
    return _shared(rules)


def rules_signature(rules: GameRules) -> str:
    """The whole rules record as one text: equal for rules that play alike, different as
    soon as any setting differs."""
    return _signature(rules_record(rules))


def house_mark(rules: GameRules) -> str:
    """Empty for a preset's own rules; else a short mark of the whole rules record, the
    same wherever the same rules are played, so that a table's house rules are told apart
    from the preset and from every other table's."""
    signature = rules_signature(rules)
    preset = GAMES.get(rules.id)
    if preset is not None and signature == rules_signature(preset):
        return ""
    return hashlib.sha256(signature.encode()).hexdigest()[:HOUSE_MARK_LENGTH]


def rules_variant(rules: GameRules, **changes: Any) -> GameRules:
    """`rules` with the settings `changes` (fields of `GameRules`), one object for all rules
    alike: one column of a sheet of several, say, played as if it were the whole sheet (as
    the advisor's exact tables are)."""
    if all(getattr(rules, name) == value for name, value in changes.items()):
        return rules
    return _shared(replace(rules, **changes))


def _signature(record: Mapping[str, Any]) -> str:
    """A rules record as one text (empty for data no rules record is: too deep, or not
    JSON)."""
    try:
        return json.dumps(record, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return ""


def _shared(rules: GameRules) -> GameRules:
    """One object for rules alike (a preset's own for a preset), so that what is worked out
    per rules object (the advisor's tables) is worked out once; at most `MOST_SHARED` house
    rules are kept."""
    key = rules_signature(rules)
    known = _SHARED.get(key)
    if known is not None:
        return known
    if len(_SHARED) >= MOST_SHARED:
        return rules
    return _SHARED.setdefault(key, rules)


def check_rules(rules: GameRules) -> None:
    """Refuse rules whose settings contradict each other, saying which and why."""
    if not 5 <= rules.dice <= MOST_DICE:
        raise RulesError(
            "a game rolls 5 or {most} dice, not {dice}", most=MOST_DICE, dice=rules.dice
        )
    if not rules.boxes:
        raise RulesError("a game needs at least one box")
    ids = [box.id for box in rules.boxes]
    if len(set(ids)) != len(ids):
        raise RulesError("each box appears once on the sheet")
    faces = [box.pattern.face for box in rules.boxes if isinstance(box.pattern, Face)]
    if len(set(faces)) != len(faces):
        raise RulesError("each face has one upper box at most")
    for box in rules.boxes:
        _check_box(rules, box)
    _check_upper_bonus(rules)
    if rules.joker is not None:
        _check_joker(rules, rules.joker, faces)
    if rules.roll_matters and rules.rolls < 2:
        raise RulesError("first-roll doubling needs more than one roll a turn")
    if not 1 <= len(rules.columns) <= MOST_COLUMNS:
        raise RulesError("a sheet has 1 to {most} columns", most=MOST_COLUMNS)
    if not all(1 <= times <= MOST_TIMES for times in rules.columns):
        raise RulesError("a column counts 1 to {most} times", most=MOST_TIMES)


def _check_box(rules: GameRules, box: Box) -> None:
    name = box.name(ENGLISH)
    if (box.section is Section.UPPER) != isinstance(box.pattern, Face):
        raise RulesError("{box}: the upper section holds the face boxes, and only them", box=name)
    if pattern_size(box.pattern) > rules.dice:
        raise RulesError(
            "{box} needs {size} dice, but the game rolls {dice}",
            box=name,
            size=pattern_size(box.pattern),
            dice=rules.dice,
        )
    if isinstance(box.points, AbovePar) and not isinstance(box.pattern, Face):
        raise RulesError("{box}: only a face box scores against a par", box=name)
    if not 0 <= box.made_bonus <= MOST_POINTS:
        raise RulesError("{box}: a bonus is 0 to {most} points", box=name, most=MOST_POINTS)
    if isinstance(box.points, Fixed) and not 0 <= box.points.value <= MOST_POINTS:
        raise RulesError("{box}: fixed points are 0 to {most}", box=name, most=MOST_POINTS)


def _check_upper_bonus(rules: GameRules) -> None:
    bonus = rules.upper_bonus
    if not 0 <= bonus.points <= MOST_POINTS:
        raise RulesError("the upper bonus is 0 to {most} points", most=MOST_POINTS)
    most = sum(box_range(box, rules.dice)[1] for box in rules.upper_boxes)
    if bonus.points and not 0 <= bonus.at_least <= most:
        raise RulesError(
            "the upper bonus asks for {at_least}, but the upper boxes make at most {most}",
            at_least=bonus.at_least,
            most=most,
        )


def _check_joker(rules: GameRules, joker: Joker, faces: list[int]) -> None:
    box = rules.box_by_id.get(joker.box)
    if box is None or box.pattern != Groups((rules.dice,)):
        raise RulesError("the joker needs a box for all {dice} dice alike", dice=rules.dice)
    if sorted(faces) != list(FACES):
        raise RulesError("the joker needs an upper box for every face")
    if not 0 <= joker.bonus <= MOST_POINTS:
        raise RulesError("the extra bonus is 0 to {most} points", most=MOST_POINTS)


def _box(preset: GameRules, data: object, where: str) -> Box:
    entry = _mapping(data, where)
    box_id = _text(entry.get("id"), f"{where}.id", 30)
    own = preset.box_by_id.get(box_id)
    if own is None and box_id not in ENGLISH_NAMES:
        raise RulesError("no box is called {box!r}", box=box_id)
    names = own.names if own is not None else {ENGLISH: ENGLISH_NAMES[box_id]}
    pattern = PATTERNS.get(_text(entry.get("pattern", box_id), f"{where}.pattern", 30))
    if pattern is None:
        raise _damaged(f"{where}.pattern")
    return Box(
        box_id,
        Section.UPPER if isinstance(pattern, Face) else Section.LOWER,
        pattern,
        _points(entry.get("points"), f"{where}.points"),
        names,
        made_bonus=_whole(entry.get("made_bonus", 0), f"{where}.made_bonus", MOST_POINTS, 0),
        doubled_on_first_roll=_flag(entry, "doubled_on_first_roll", where),
    )


def _points(data: object, where: str) -> Points:
    if data == "pattern_sum":
        return PatternSum()
    if data == "dice_sum":
        return DiceSum()
    if isinstance(data, Mapping) and len(data) == 1:
        ((kind, value),) = data.items()
        if kind == "fixed":
            return Fixed(_whole(value, where, MOST_POINTS, 0))
        if kind == "above_par":
            return AbovePar(_whole(value, where, MOST_DICE, 0))
    raise _damaged(where)


def _upper_bonus(data: object) -> UpperBonus:
    entry = _mapping(data, "upper_bonus")
    return UpperBonus(
        points=_whole(entry.get("points"), "upper_bonus.points", MOST_POINTS, 0),
        at_least=_whole(entry.get("at_least"), "upper_bonus.at_least", MOST_POINTS, 0),
    )


def _joker(data: object) -> Joker | None:
    if data is None:
        return None
    entry = _mapping(data, "joker")
    return Joker(
        box=_text(entry.get("box"), "joker.box", 30),
        bonus=_whole(entry.get("bonus"), "joker.bonus", MOST_POINTS, 0),
        on_scratch=_flag(entry, "on_scratch", "joker"),
    )


def _damaged(where: str) -> RulesError:
    return RulesError("the rules record is damaged at {where}", where=where)


def _mapping(data: object, where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _damaged(where)
    return data


def _list(data: object, where: str, most: int) -> list[Any]:
    if not isinstance(data, list) or len(data) > most:
        raise _damaged(where)
    return data


def _text(data: object, where: str, longest: int) -> str:
    if not isinstance(data, str) or len(data) > longest:
        raise _damaged(where)
    return data


def _flag(entry: Mapping[str, Any], key: str, where: str = "") -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise _damaged(f"{where}.{key}" if where else key)
    return value


def _whole(data: object, where: str, most: int, least: int = 1) -> int:
    if isinstance(data, bool) or not isinstance(data, int) or not least <= data <= most:
        raise _damaged(where)
    return data


_SHARED: dict[str, GameRules] = {rules_signature(rules): rules for rules in GAMES.values()}
