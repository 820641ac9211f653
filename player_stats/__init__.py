"""Statistics of a table's players across its games: who wins, averages and records,
head to head, and how well each plays apart from the luck of the dice (the exact
review's expected points given up per choice, with a confidence interval).

Everything here is worked out from the summaries the store keeps of each game and the
reviews kept of them, never from whole game records.
"""

from player_stats.lines import (
    RECORDS,
    HeadToHead,
    PlayerLine,
    TableRecord,
    head_to_head,
    player_lines,
    table_records,
)
from player_stats.names import Names, renaming
from player_stats.seats import (
    PERIODS,
    Played,
    Seat,
    SeatReview,
    chosen,
    kind_of,
    period_start,
    review_facts,
    seats_of,
)
from player_stats.skill import Skill, skill_of
from player_stats.table_csv import CSV_COLUMNS, lines_csv

__all__ = [
    "CSV_COLUMNS",
    "PERIODS",
    "RECORDS",
    "HeadToHead",
    "Names",
    "Played",
    "PlayerLine",
    "Seat",
    "SeatReview",
    "Skill",
    "TableRecord",
    "chosen",
    "head_to_head",
    "kind_of",
    "lines_csv",
    "period_start",
    "player_lines",
    "renaming",
    "review_facts",
    "seats_of",
    "skill_of",
    "table_records",
]
