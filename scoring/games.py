"""The games as data (see RULES.md): one engine reads them all, and a new game is one
more entry here (plus its words in the page's catalogues)."""

from collections.abc import Mapping
from typing import TypedDict

from scoring.errors import UnknownGameError
from scoring.patterns import FACE_PATTERNS, PATTERNS, Pattern
from scoring.points import AbovePar, DiceSum, Fixed, PatternSum, Points
from scoring.rules import ENGLISH, Box, GameRules, Joker, Section, UpperBonus


class BoxExtras(TypedDict, total=False):
    """The `Box` fields a sheet may give one of its boxes beyond pattern and points."""

    made_bonus: int
    doubled_on_first_roll: bool


ENGLISH_NAMES = {
    "ones": "Ones",
    "twos": "Twos",
    "threes": "Threes",
    "fours": "Fours",
    "fives": "Fives",
    "sixes": "Sixes",
    "pair": "One pair",
    "two_pairs": "Two pairs",
    "three_pairs": "Three pairs",
    "three_of_a_kind": "Three of a kind",
    "four_of_a_kind": "Four of a kind",
    "full_house": "Full house",
    "villa": "Villa",
    "tower": "Tower",
    "small_straight": "Small straight",
    "large_straight": "Large straight",
    "full_straight": "Full straight",
    "five_of_a_kind": "Five of a kind",
    "six_of_a_kind": "Six of a kind",
    "chance": "Chance",
}
ENGLISH_LABELS = {
    "upper": "Upper section",
    "upper_bonus": "Bonus",
    "lower": "Lower section",
    "extra_bonus": "Extra five-of-a-kind bonus",
    "total": "Total",
    "vs_average": "Against the average",
    "multiplied": "Column total × multiplier",
    "grand_total": "Grand total",
}

EXACT_STRAIGHTS: Mapping[str, Pattern] = {
    "small_straight": PATTERNS["straight_1_to_5"],
    "large_straight": PATTERNS["straight_2_to_6"],
    "full_straight": PATTERNS["straight_1_to_6"],
}
RUN_STRAIGHTS: Mapping[str, Pattern] = {
    "small_straight": PATTERNS["four_in_a_row"],
    "large_straight": PATTERNS["five_in_a_row"],
}


def sheet(
    language: str,
    names: Mapping[str, str],
    upper_points: Points,
    lower: Mapping[str, Points],
    straights: Mapping[str, Pattern],
    **extras: BoxExtras,
) -> tuple[Box, ...]:
    """Boxes of a sheet: the six face boxes, then `lower` in the order given, each box
    taking the catalogue's pattern of its name (the straights from `straights`).

    `extras` maps a box id to further `Box` fields (a made bonus, doubling).
    """
    patterns = {**PATTERNS, **straights}

    def box(box_id: str, section: Section, pattern: Pattern, points: Points) -> Box:
        labels = {ENGLISH: ENGLISH_NAMES[box_id], language: names[box_id]}
        return Box(box_id, section, pattern, points, labels, **extras.get(box_id, {}))

    upper = [
        box(box_id, Section.UPPER, pattern, upper_points)
        for box_id, pattern in FACE_PATTERNS.items()
    ]
    rest = [box(box_id, Section.LOWER, patterns[box_id], pts) for box_id, pts in lower.items()]
    return tuple(upper + rest)


def labels(language: str, **own: str) -> dict[str, dict[str, str]]:
    """Summary-row names in English and in the game's language."""
    return {
        row: {ENGLISH: english, language: own.get(row, english)}
        for row, english in ENGLISH_LABELS.items()
    }


CATALAN = GameRules(
    id="catalan",
    language="ca",
    title={ENGLISH: "Dice poker (Catalan)", "ca": "Dau de pòquer"},
    summary="School first: face boxes score against three of a kind and may go negative; "
    "first-roll hands count double; results against the table average.",
    boxes=sheet(
        "ca",
        {
            "ones": "Uns",
            "twos": "Dosos",
            "threes": "Tresos",
            "fours": "Quatres",
            "fives": "Cincs",
            "sixes": "Sisos",
            "pair": "Parell",
            "two_pairs": "Dos parells",
            "three_of_a_kind": "Tres",
            "small_straight": "Petita recta",
            "large_straight": "Gran recta",
            "full_house": "Casa completa",
            "four_of_a_kind": "Quatre del tipus",
            "five_of_a_kind": "Pòquer",
            "chance": "Atzar",
        },
        AbovePar(3),
        {
            "pair": PatternSum(),
            "two_pairs": PatternSum(),
            "three_of_a_kind": PatternSum(),
            "small_straight": Fixed(15),
            "large_straight": Fixed(20),
            "full_house": DiceSum(),
            "four_of_a_kind": PatternSum(),
            "five_of_a_kind": PatternSum(),
            "chance": DiceSum(),
        },
        EXACT_STRAIGHTS,
        **{
            box_id: BoxExtras(doubled_on_first_roll=True)
            for box_id in (
                "pair",
                "two_pairs",
                "three_of_a_kind",
                "small_straight",
                "large_straight",
                "full_house",
                "four_of_a_kind",
            )
        },
        five_of_a_kind={"doubled_on_first_roll": True, "made_bonus": 50},
    ),
    upper_bonus=UpperBonus(points=50, at_least=0),
    upper_first=True,
    settles_against_average=True,
    labels=labels(
        "ca",
        upper="Primera part",
        upper_bonus="Bonificació",
        lower="Combinacions",
        total="Total",
        vs_average="Contra la mitjana",
        multiplied="Total × multiplicador",
        grand_total="Total general",
    ),
)

SCANDINAVIAN_LOWER: Mapping[str, Points] = {
    "pair": PatternSum(),
    "two_pairs": PatternSum(),
    "three_of_a_kind": PatternSum(),
    "four_of_a_kind": PatternSum(),
    "small_straight": Fixed(15),
    "large_straight": Fixed(20),
    "full_house": DiceSum(),
    "chance": DiceSum(),
    "five_of_a_kind": Fixed(50),
}

RUSSIAN = GameRules(
    id="russian",
    language="ru",
    title={ENGLISH: "Yatzy (Russian)", "ru": "Яцзы"},
    summary="Scandinavian boxes; the +50 bonus needs an upper sum over 63 (64 or more).",
    boxes=sheet(
        "ru",
        {
            "ones": "Единицы",
            "twos": "Двойки",
            "threes": "Тройки",
            "fours": "Четвёрки",
            "fives": "Пятёрки",
            "sixes": "Шестёрки",
            "pair": "1 пара",
            "two_pairs": "2 пары",
            "three_of_a_kind": "Три одинаковых",
            "four_of_a_kind": "Четыре одинаковых",
            "small_straight": "Малая строка",
            "large_straight": "Большая строка",
            "full_house": "Дом",
            "chance": "Шанс",
            "five_of_a_kind": "Яцзы",
        },
        PatternSum(),
        SCANDINAVIAN_LOWER,
        EXACT_STRAIGHTS,
    ),
    upper_bonus=UpperBonus(points=50, at_least=64),
    labels=labels(
        "ru",
        upper="Верхняя часть",
        upper_bonus="Премия",
        lower="Нижняя часть",
        total="Итого",
        multiplied="Итого × множитель",
        grand_total="Общий итог",
    ),
)

HASBRO_LOWER: Mapping[str, Points] = {
    "three_of_a_kind": DiceSum(),
    "four_of_a_kind": DiceSum(),
    "full_house": Fixed(25),
    "small_straight": Fixed(30),
    "large_straight": Fixed(40),
    "five_of_a_kind": Fixed(50),
    "chance": DiceSum(),
}

GREEK = GameRules(
    id="greek",
    language="el",
    title={ENGLISH: "Dice poker (Greek)", "el": "Πόκερ με ζάρια"},
    summary="Pair to four of a kind score all five dice; +35 over 63; "
    "an extra poker earns +100 and a forced joker.",
    boxes=sheet(
        "el",
        {
            "ones": "Άσσοι",
            "twos": "Δύο",
            "threes": "Τριάδες",
            "fours": "Τέσσερις",
            "fives": "Πέντε",
            "sixes": "Έξι",
            "pair": "Ζεύγος",
            "two_pairs": "Δύο ζεύγη",
            "three_of_a_kind": "Τρία του είδους",
            "four_of_a_kind": "Τέσσερα του είδους",
            "full_house": "Full House",
            "small_straight": "Small Straight",
            "large_straight": "Large Straight",
            "five_of_a_kind": "Πόκερ",
            "chance": "Ευκαιρία",
        },
        PatternSum(),
        {"pair": DiceSum(), "two_pairs": DiceSum(), **HASBRO_LOWER},
        RUN_STRAIGHTS,
    ),
    upper_bonus=UpperBonus(points=35, at_least=64),
    joker=Joker(box="five_of_a_kind", bonus=100, on_scratch=False),
    labels=labels(
        "el",
        upper="Αριστερή πλευρά",
        upper_bonus="Μπόνους",
        lower="Δεξιά πλευρά",
        extra_bonus="Μπόνους πόκερ",
        total="Σύνολο",
        multiplied="Σύνολο × πολλαπλασιαστής",
        grand_total="Γενικό σύνολο",
    ),
)

YAHTZEE = GameRules(
    id="yahtzee",
    language=ENGLISH,
    title={ENGLISH: "Yahtzee"},
    summary="Hasbro's 13 boxes: full house 25, straights 30 and 40, +35 at 63; "
    "extra Yahtzees earn +100 and play as jokers.",
    boxes=sheet(
        ENGLISH,
        {**ENGLISH_NAMES, "ones": "Aces", "five_of_a_kind": "Yahtzee"},
        PatternSum(),
        HASBRO_LOWER,
        RUN_STRAIGHTS,
    ),
    upper_bonus=UpperBonus(points=35, at_least=63),
    joker=Joker(box="five_of_a_kind", bonus=100, on_scratch=True),
    labels=labels(ENGLISH, extra_bonus="Yahtzee bonus"),
)

YATZY = GameRules(
    id="yatzy",
    language=ENGLISH,
    title={ENGLISH: "Yatzy (Scandinavian)"},
    summary="Pairs and kinds score only their dice, straights 15 and 20, +50 at 63.",
    boxes=sheet(
        ENGLISH,
        {**ENGLISH_NAMES, "five_of_a_kind": "Yatzy"},
        PatternSum(),
        SCANDINAVIAN_LOWER,
        EXACT_STRAIGHTS,
    ),
    upper_bonus=UpperBonus(points=50, at_least=63),
    labels=labels(ENGLISH),
)

MAXI = GameRules(
    id="maxi",
    language="sv",
    title={ENGLISH: "Yatzy (Maxi)", "sv": "Maxi Yatzy"},
    summary="Six dice and twenty boxes; rolls a turn leaves unused are saved for later "
    "turns; +100 at 84.",
    boxes=sheet(
        "sv",
        {
            "ones": "Ettor",
            "twos": "Tvåor",
            "threes": "Treor",
            "fours": "Fyror",
            "fives": "Femmor",
            "sixes": "Sexor",
            "pair": "Ett par",
            "two_pairs": "Två par",
            "three_pairs": "Tre par",
            "three_of_a_kind": "Tretal",
            "four_of_a_kind": "Fyrtal",
            "five_of_a_kind": "Femtal",
            "small_straight": "Liten stege",
            "large_straight": "Stor stege",
            "full_straight": "Full stege",
            "full_house": "Kåk",
            "villa": "Hus",
            "tower": "Torn",
            "chance": "Chans",
            "six_of_a_kind": "Maxi Yatzy",
        },
        PatternSum(),
        {
            "pair": PatternSum(),
            "two_pairs": PatternSum(),
            "three_pairs": PatternSum(),
            "three_of_a_kind": PatternSum(),
            "four_of_a_kind": PatternSum(),
            "five_of_a_kind": PatternSum(),
            "small_straight": Fixed(15),
            "large_straight": Fixed(20),
            "full_straight": Fixed(21),
            "full_house": PatternSum(),
            "villa": PatternSum(),
            "tower": PatternSum(),
            "chance": DiceSum(),
            "six_of_a_kind": Fixed(100),
        },
        EXACT_STRAIGHTS,
    ),
    upper_bonus=UpperBonus(points=100, at_least=84),
    labels=labels(
        "sv",
        upper="Övre delen",
        upper_bonus="Bonus",
        lower="Undre delen",
        total="Summa",
        multiplied="Summa × multiplikator",
        grand_total="Totalsumma",
    ),
    dice=6,
    saved_rolls=True,
)

YACHT = GameRules(
    id="yacht",
    language=ENGLISH,
    title={ENGLISH: "Yacht"},
    summary="Hoyle's twelve boxes, no bonus: full house and four of a kind score their "
    "dice, both straights 30, Yacht 50.",
    boxes=sheet(
        ENGLISH,
        {
            **ENGLISH_NAMES,
            "small_straight": "Little straight",
            "large_straight": "Big straight",
            "chance": "Choice",
            "five_of_a_kind": "Yacht",
        },
        PatternSum(),
        {
            "full_house": DiceSum(),
            "four_of_a_kind": PatternSum(),
            "small_straight": Fixed(30),
            "large_straight": Fixed(30),
            "chance": DiceSum(),
            "five_of_a_kind": Fixed(50),
        },
        EXACT_STRAIGHTS,
    ),
    upper_bonus=UpperBonus(points=0, at_least=0),
    labels=labels(ENGLISH),
)

KNIFFEL = GameRules(
    id="kniffel",
    language="de",
    title={ENGLISH: "Kniffel", "de": "Kniffel"},
    summary="Schmidt Spiele's 13 boxes: full house 25, straights 30 and 40 (four and five "
    "in a row), Kniffel 50, +35 at 63; no extra bonus.",
    boxes=sheet(
        "de",
        {
            "ones": "Einser",
            "twos": "Zweier",
            "threes": "Dreier",
            "fours": "Vierer",
            "fives": "Fünfer",
            "sixes": "Sechser",
            "three_of_a_kind": "Dreierpasch",
            "four_of_a_kind": "Viererpasch",
            "full_house": "Full House",
            "small_straight": "Kleine Straße",
            "large_straight": "Große Straße",
            "five_of_a_kind": "Kniffel",
            "chance": "Chance",
        },
        PatternSum(),
        HASBRO_LOWER,
        RUN_STRAIGHTS,
    ),
    upper_bonus=UpperBonus(points=35, at_least=63),
    labels=labels(
        "de",
        upper="Oberer Teil",
        upper_bonus="Bonus",
        lower="Unterer Teil",
        total="Gesamtsumme",
        multiplied="Summe × Faktor",
        grand_total="Endsumme",
    ),
)

GAMES: Mapping[str, GameRules] = {
    g.id: g for g in (CATALAN, RUSSIAN, GREEK, YAHTZEE, YATZY, MAXI, YACHT, KNIFFEL)
}


def rules_of(game: str | GameRules) -> GameRules:
    """The rules for a game id (or the rules themselves); raises `UnknownGameError`."""
    if isinstance(game, GameRules):
        return game
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        raise UnknownGameError(
            "unknown game {game!r}; choose one of: {games}", game=game, games=", ".join(GAMES)
        ) from None
