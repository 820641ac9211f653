"""An independent, deliberately plain reading of RULES.md used as a test oracle.

Written branch by branch from the rule text, sharing no code with the engine,
so that agreement between the two means something.
"""

from collections import Counter

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
SCANDINAVIAN = ("russian", "yatzy")


def _has_run(dice: list[int], length: int) -> bool:
    shown = set(dice)
    return any(all(f in shown for f in range(low, low + length)) for low in range(1, 8 - length))


def joker(game: str, dice: list[int], filled: dict[str, int]) -> bool:
    if len(set(dice)) != 1 or "five_of_a_kind" not in filled:
        return False
    if game == "greek":
        return filled["five_of_a_kind"] == 50
    return game == "yahtzee"


def _maxi(box: str, dice: list[int]) -> int:
    """Maxi Yatzy's lower boxes, each the dice of its pattern (highest choice)."""
    counts = Counter(dice)

    def faces(n: int) -> list[int]:
        return sorted((f for f in counts if counts[f] >= n), reverse=True)

    def two_groups(big: int, small: int) -> int:
        sums = [big * a + small * b for a in faces(big) for b in faces(small) if a != b]
        return max(sums, default=0)

    shown = set(dice)
    kinds = {"pair": 2, "three_of_a_kind": 3, "four_of_a_kind": 4, "five_of_a_kind": 5}
    if box in kinds:
        found = faces(kinds[box])
        return kinds[box] * found[0] if found else 0
    if box == "two_pairs":
        pairs = faces(2)
        return 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0
    if box == "three_pairs":
        pairs = faces(2)
        return 2 * sum(pairs[:3]) if len(pairs) >= 3 else 0
    if box == "small_straight":
        return 15 if {1, 2, 3, 4, 5} <= shown else 0
    if box == "large_straight":
        return 20 if {2, 3, 4, 5, 6} <= shown else 0
    if box == "full_straight":
        return 21 if len(shown) == 6 else 0
    if box == "full_house":
        return two_groups(3, 2)
    if box == "villa":
        return two_groups(3, 3)
    if box == "tower":
        return two_groups(4, 2)
    if box == "chance":
        return sum(dice)
    if box == "six_of_a_kind":
        return 100 if len(shown) == 1 else 0
    raise KeyError(box)


def _yacht(box: str, dice: list[int]) -> int:
    """Hoyle's Yacht: full house all the dice, four of a kind its four, straights 30."""
    counts = Counter(dice)
    if box == "full_house":
        return sum(dice) if sorted(counts.values()) == [2, 3] else 0
    if box == "four_of_a_kind":
        fours = [f for f in counts if counts[f] >= 4]
        return 4 * fours[0] if fours else 0
    if box == "small_straight":
        return 30 if sorted(dice) == [1, 2, 3, 4, 5] else 0
    if box == "large_straight":
        return 30 if sorted(dice) == [2, 3, 4, 5, 6] else 0
    if box == "chance":
        return sum(dice)
    if box == "five_of_a_kind":
        return 50 if len(counts) == 1 else 0
    raise KeyError(box)


def points(game: str, box: str, dice: list[int], roll: int = 3, filled=None) -> int:
    filled = filled or {}
    counts = Counter(dice)
    total = sum(dice)
    kinds = sorted(counts.values())
    is_joker = joker(game, dice, filled)

    if box in UPPER:
        face = UPPER.index(box) + 1
        n = counts[face]
        return (n - 3) * face if game == "catalan" else n * face
    if game == "maxi":
        return _maxi(box, dice)
    if game == "yacht":
        return _yacht(box, dice)

    def best_of_kind(n: int) -> int | None:
        faces = [f for f in range(6, 0, -1) if counts[f] >= n]
        return faces[0] if faces else None

    pair_faces = sorted((f for f in counts if counts[f] >= 2), reverse=True)

    if game in ("catalan", *SCANDINAVIAN):
        if box == "pair":
            value = 2 * pair_faces[0] if pair_faces else 0
        elif box == "two_pairs":
            value = 2 * pair_faces[0] + 2 * pair_faces[1] if len(pair_faces) == 2 else 0
        elif box == "three_of_a_kind":
            f = best_of_kind(3)
            value = 3 * f if f else 0
        elif box == "four_of_a_kind":
            f = best_of_kind(4)
            value = 4 * f if f else 0
        elif box == "small_straight":
            value = 15 if sorted(dice) == [1, 2, 3, 4, 5] else 0
        elif box == "large_straight":
            value = 20 if sorted(dice) == [2, 3, 4, 5, 6] else 0
        elif box == "full_house":
            value = total if kinds == [2, 3] else 0
        elif box == "chance":
            return total
        elif box == "five_of_a_kind":
            if game != "catalan":
                return 50 if kinds == [5] else 0
            if kinds != [5]:
                return 0
            return 5 * dice[0] * (2 if roll == 1 else 1) + 50
        else:
            raise KeyError(box)
        if game == "catalan" and roll == 1:
            value *= 2
        return value

    if box == "chance":
        return total
    if box == "five_of_a_kind":
        return 50 if kinds == [5] else 0
    if box == "full_house":
        return 25 if kinds == [2, 3] or is_joker else 0
    if box == "small_straight":
        return 30 if _has_run(dice, 4) or is_joker else 0
    if box == "large_straight":
        return 40 if _has_run(dice, 5) or is_joker else 0
    if box == "pair" and game == "greek":
        return total if pair_faces else 0
    if box == "two_pairs" and game == "greek":
        return total if len(pair_faces) == 2 or is_joker else 0
    if box == "three_of_a_kind":
        return total if best_of_kind(3) else 0
    if box == "four_of_a_kind":
        return total if best_of_kind(4) else 0
    raise KeyError(box)


BOXES = {
    "catalan": (
        *UPPER,
        "pair",
        "two_pairs",
        "three_of_a_kind",
        "small_straight",
        "large_straight",
        "full_house",
        "four_of_a_kind",
        "five_of_a_kind",
        "chance",
    ),
    "russian": (
        *UPPER,
        "pair",
        "two_pairs",
        "three_of_a_kind",
        "four_of_a_kind",
        "small_straight",
        "large_straight",
        "full_house",
        "chance",
        "five_of_a_kind",
    ),
    "greek": (
        *UPPER,
        "pair",
        "two_pairs",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "five_of_a_kind",
        "chance",
    ),
    "yahtzee": (
        *UPPER,
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "five_of_a_kind",
        "chance",
    ),
}
BOXES["yatzy"] = BOXES["russian"]
BOXES["kniffel"] = BOXES["yahtzee"]
BOXES["maxi"] = (
    *UPPER,
    "pair",
    "two_pairs",
    "three_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "five_of_a_kind",
    "small_straight",
    "large_straight",
    "full_straight",
    "full_house",
    "villa",
    "tower",
    "chance",
    "six_of_a_kind",
)
BOXES["yacht"] = (
    *UPPER,
    "full_house",
    "four_of_a_kind",
    "small_straight",
    "large_straight",
    "chance",
    "five_of_a_kind",
)


def legal(game: str, dice: list[int], filled: dict[str, int]) -> list[str]:
    """Boxes the player may use, in sheet order."""
    empty = [b for b in BOXES[game] if b not in filled]
    if game == "catalan" and any(b in UPPER for b in empty):
        return [b for b in empty if b in UPPER]
    if joker(game, dice, filled):
        own = UPPER[dice[0] - 1]
        if own not in filled:
            return [own]
        lower = [b for b in empty if b not in UPPER]
        return lower or empty
    return empty


def totals(game: str, column: dict[str, int], extra: int) -> dict[str, int]:
    upper = sum(v for b, v in column.items() if b in UPPER)
    lower = sum(v for b, v in column.items() if b not in UPPER)
    if game == "catalan":
        bonus = 50 if all(b in column for b in UPPER) and upper >= 0 else 0
    else:
        threshold = {
            "russian": 64,
            "greek": 64,
            "yahtzee": 63,
            "yatzy": 63,
            "maxi": 84,
            "kniffel": 63,
        }
        prize = {"russian": 50, "greek": 35, "yahtzee": 35, "yatzy": 50, "maxi": 100, "kniffel": 35}
        bonus = prize[game] if game in prize and upper >= threshold[game] else 0
    return {
        "upper": upper,
        "upper_bonus": bonus,
        "lower": lower,
        "extra_bonus": extra,
        "total": upper + bonus + lower + extra,
    }


def extra_bonus(game: str, dice: list[int], filled: dict[str, int]) -> int:
    if game in ("greek", "yahtzee") and len(set(dice)) == 1:
        return 100 if filled.get("five_of_a_kind") == 50 else 0
    return 0
