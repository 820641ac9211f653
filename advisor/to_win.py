"""Play to win in the endgame: the keep and the box that give the player the best chance
to finish first against the others' final totals, beside the advice for points.

With at most ``ENDGAME`` boxes open, the player's column can reach few states; each is
taken with every total so far that can lead to it, and the game is solved backwards over
those pairs with the share of first place of the final total as the prize (the others'
totals being independent of the player's play). The same pass, choosing by expected
total instead, is the advisor's play for points, with its chance to win. Both carry the
other measure along as a second channel (``advisor.moments`` blocks: channel 0 chooses).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from advisor.boxes import write_targets
from advisor.chances import shares_at
from advisor.dice import LAST_ROLL, keeps, sub_keeps
from advisor.finals import Final, final_total
from advisor.layout import refuse_chances
from advisor.moments import best_of
from advisor.policy import box_options, hand_numbers
from advisor.tables import Solved, TableCache, default_cache
from advisor.turn import Plan, keep_block, turn_from_stops
from advisor.workspace import Workspace
from scoring import Column, GameRules, check_column, rules_of

# Open boxes up to which the player to move is advised to play to win.
ENDGAME = 3
# Columns (state, total so far) per batch of the backward pass.
BATCH = 2048
WIN, POINTS = "win", "points"
# Per group of alike rolls: the rolls, then states by hands by open boxes: the place of
# the state after each box, its points and whether it is allowed.
Options = tuple[tuple[int, ...], np.ndarray, np.ndarray, np.ndarray]


@dataclass(frozen=True)
class Line:
    """One way to go on from the dice: keep ``keep`` and roll the rest, or score them now
    in ``box``; the chance to win and the expected final total when the rest of the game
    is played the same way (to win, or for points)."""

    keep: tuple[int, ...]
    score_now: bool
    box: str | None
    chance: float
    expected: float


@dataclass(frozen=True)
class EndgameAdvice:
    """The line that plays to win and the line that plays for points."""

    to_win: Line
    for_points: Line

    @property
    def differ(self) -> bool:
        """Whether playing to win means another keep or box than playing for points."""
        return (self.to_win.keep, self.to_win.score_now, self.to_win.box) != (
            self.for_points.keep,
            self.for_points.score_now,
            self.for_points.box,
        )


def win_prize(others: Sequence[Final]) -> tuple[int, np.ndarray]:
    """The share of first place of each final total against the others' totals: the
    lowest total given (below every other's, so 0) and the share from it on; every total
    past the end is above all of them (1)."""
    low = min(f.start for f in others) - 1
    high = max(f.start + len(f.chances) for f in others) + 1
    return low, shares_at(others, low, high)


def _reachable_totals(tables: Solved, open_boxes: np.ndarray, so_far: int) -> list[np.ndarray]:
    """Per turn from now: every total so far the column can have (a superset: any box's
    any value, with or without an extra bonus, each turn)."""
    values = np.unique(np.concatenate([tables.layout.box_values[b] for b in open_boxes]))
    joker = tables.layout.rules.joker
    if joker is not None:
        values = np.union1d(values, values + joker.bonus)
    totals = [np.array([so_far])]
    for _ in open_boxes:
        totals.append(np.unique(totals[-1][:, None] + values[None, :]))
    return totals


class Endgame:
    """The player's turn with ``column`` filled and ``earned`` extra bonuses so far, solved
    to win and for points against ``prize`` (``win_prize``)."""

    def __init__(
        self,
        tables: Solved,
        column: Mapping[str, int],
        earned: int,
        prize: tuple[int, np.ndarray],
        modes: tuple[str, ...] = (WIN, POINTS),
    ) -> None:
        self.tables = tables
        self.prize_low, self.prize = prize
        boxes = tables.layout.rules.boxes
        self.open = np.array([i for i, box in enumerate(boxes) if box.id not in column])
        self.start = tables.columns.position(tables.columns.state(column))
        levels = self._reachable()
        totals = _reachable_totals(tables, self.open, sum(column.values()) + earned)
        options = [
            self._options(levels[depth], levels[depth + 1]) for depth in range(len(self.open))
        ]
        # Per mode: this turn's plan, and each box's two channels per roll (hands by boxes).
        self.boxes: dict[str, dict[int, np.ndarray]] = {}
        self.plans: dict[str, Plan] = {}
        for mode in modes:
            self.plans[mode], self.boxes[mode] = self._solve(mode, levels, totals, options)

    def _reachable(self) -> list[np.ndarray]:
        """The states the column can reach, level by level, from its own to full."""
        layout = self.tables.layout
        levels = [np.array([self.start])]
        for _ in self.open:
            index, closed = write_targets(layout, layout.states_at(levels[-1]))
            levels.append(np.unique(index[~closed]))
        return levels

    def _options(self, level: np.ndarray, following: np.ndarray) -> list[Options]:
        """Per group of alike rolls, every open box for every hand in every state of
        ``level``: the place among ``following`` of the state after it, the points it
        earns and whether the rules allow it (states by hands by open boxes)."""
        tables, layout = self.tables, self.tables.layout
        states = layout.states_at(level)
        targets = write_targets(layout, states)[0]
        count = len(keeps(layout.rules.dice).hands)
        hands = np.tile(np.arange(count), len(level))
        columns = np.repeat(np.arange(len(level)), count)
        shape = (len(level), count, len(self.open))
        found = []
        for group in layout.roll_groups:
            options = box_options(tables, states, columns, hands, group[0], targets)
            place = np.searchsorted(following, options.after[:, self.open]).reshape(shape)
            gain = options.gain[:, self.open].reshape(shape)
            allowed = options.allowed[:, self.open].reshape(shape)
            found.append((group, place, gain, allowed))
        return found

    def _solve(
        self,
        mode: str,
        levels: list[np.ndarray],
        totals: list[np.ndarray],
        options: list[list[Options]],
    ) -> tuple[Plan, dict[int, np.ndarray]]:
        """Backwards from the full columns over every (state, total so far) pair, the two
        channels (the one chosen by first): the plan of this turn, and each box's channels
        per roll."""
        bonus = np.rint(self.tables.values[levels[-1]]).astype(np.int64)
        final = totals[-1][None, :] + bonus[:, None]
        place = np.clip(final - self.prize_low, 0, len(self.prize))
        prize = np.append(self.prize, 1.0)[place]
        after = np.stack([prize, final] if mode == WIN else [final, prize]).astype(np.float64)
        work = Workspace()
        for depth in range(len(levels) - 2, 0, -1):
            after = self._level(options[depth], totals[depth], totals[depth + 1], after, work)[0]
        plan = Plan()
        boxes = self._level(options[0], totals[0], totals[1], after, work, plan)[1]
        return plan, boxes

    def _level(
        self,
        options: list[Options],
        level_totals: np.ndarray,
        next_totals: np.ndarray,
        after: np.ndarray,
        work: Workspace,
        plan: Plan | None = None,
    ) -> tuple[np.ndarray, dict[int, np.ndarray]]:
        """The two channels at the start of a turn of every (state, total so far) pair of a
        level (its box ``options`` and totals ``level_totals``), from those after it
        (``after``: channels, following states, totals ``next_totals``); with the boxes'
        channels of the last batch (all of it for this turn's one pair). With ``plan``,
        what the turn compares is kept there, as ``turn_values`` keeps it."""
        states = len(options[0][1])
        width = len(level_totals)
        flat, next_width = after.reshape(2, -1), len(next_totals)
        state_of, total_of = (a.ravel() for a in np.indices((states, width)))
        found = np.empty((2, states * width))
        for start in range(0, len(state_of), BATCH):
            rows = state_of[start : start + BATCH]
            totals = level_totals[total_of[start : start + BATCH]]
            stops, boxes = {}, {}
            for group, place, gain, allowed in options:
                # Hands by pairs by open boxes.
                spot = np.searchsorted(next_totals, totals[:, None, None] + gain[rows])
                worth = flat[:, (place[rows] * next_width + spot).transpose(1, 0, 2)]
                worth[0][~allowed[rows].transpose(1, 0, 2)] = -np.inf
                stops.update(dict.fromkeys(group, best_of(worth, axis=3)))
                boxes.update(dict.fromkeys(group, worth[:, :, 0]))
            if plan is not None:
                plan.stops = stops
            dice = self.tables.layout.rules.dice
            block = keep_block(work, dice, 2, len(rows))
            found[:, start : start + BATCH] = turn_from_stops(stops, block, dice, plan)
        return found.reshape(2, states, width), boxes

    def advice(self, dice: Sequence[int], roll: int) -> EndgameAdvice:
        """Both lines from ``dice`` after roll ``roll`` of this turn."""
        rules = self.tables.layout.rules
        hand = rules.hand(dice).dice
        roll = rules.check_roll(roll)
        return EndgameAdvice(self.line(WIN, hand, roll), self.line(POINTS, hand, roll))

    def line(self, mode: str, hand: tuple[int, ...], roll: int) -> Line:
        """The line of ``mode`` (one this endgame was solved for) from ``hand``."""
        plan, number = self.plans[mode], int(hand_numbers(np.array([hand]))[0])
        choices = [(hand, True, plan.stops[roll][:, number, 0])]
        if roll < LAST_ROLL:
            flat = keeps(len(hand)).flat
            choices += [(k, False, plan.before[roll + 1][:, flat[k], 0]) for k in sub_keeps(hand)]
        keep, score_now, value = max(choices, key=lambda choice: float(choice[2][0]))
        box = None
        if score_now:
            worth = self.boxes[mode][roll][0, number]
            box = self.tables.layout.rules.boxes[int(self.open[int(worth.argmax())])].id
        chance, expected = (value[0], value[1]) if mode == WIN else (value[1], value[0])
        return Line(keep, score_now, box, float(chance), float(expected))


def endgame(
    game: str | GameRules,
    columns: Sequence[Column],
    player: int,
    *,
    earned: Sequence[int] | None = None,
    cache: TableCache | None = None,
) -> Endgame | None:
    """The turn of seat ``player`` (``columns`` in seat order, as ``win_chances``) solved
    to win and for points; None while that column has more than ``ENDGAME`` boxes open,
    when it is full, or with no one to beat. Its ``advice`` answers for any dice of the
    turn."""
    rules = rules_of(game)
    refuse_chances(rules)
    tables = (cache or default_cache()).with_moments(rules)
    bonuses = list(earned) if earned is not None else [0] * len(columns)
    if len(bonuses) != len(columns) or not 0 <= player < len(columns):
        raise ValueError("give one column and one count of extra bonuses per seat")
    checked = [check_column(rules, column) for column in columns]
    if len(columns) < 2 or not 0 < len(rules.boxes) - len(checked[player]) <= ENDGAME:
        return None
    others = [
        final_total(tables, column, bonus)
        for seat, (column, bonus) in enumerate(zip(checked, bonuses, strict=True))
        if seat != player
    ]
    return Endgame(tables, checked[player], bonuses[player], win_prize(others))


def advise_to_win(
    game: str | GameRules,
    dice: Sequence[int],
    roll: int,
    columns: Sequence[Column],
    player: int,
    *,
    earned: Sequence[int] | None = None,
    cache: TableCache | None = None,
) -> EndgameAdvice | None:
    """Play to win for seat ``player`` with ``dice`` after roll ``roll`` (see ``endgame``);
    None outside the endgame."""
    found = endgame(game, columns, player, earned=earned, cache=cache)
    return None if found is None else found.advice(dice, roll)
