"""The server room: what one server does for every table and browser at once, not for one
page. The advisor's tables solved ahead and the server warmed up as it starts; the one
game store; the games pushed to the pages showing them (and checked on a timer where no
push comes); the tables it issued; what one browser and one client may make it do; its
guard over browsers' messages and uploads; games files and reviews worked in the
background; its memory allocator; and, in `streamlit_private`, every use of Streamlit's
private API. The page reaches the room through the names here only.
"""

from webapp.server.ahead import (
    TablesLoaded,
    advisor_progress,
    chances_ready,
    rules_ready,
    too_large,
)
from webapp.server.database import game_store
from webapp.server.games_import import Progress, importer
from webapp.server.issued_tables import TooManyTablesError, is_issued, issue_table
from webapp.server.kept_reviews import keeper
from webapp.server.memory import settle_allocator
from webapp.server.pacing import (
    GAMES_FILES_AN_HOUR,
    frame_gate,
    games_file_allowed,
    pace_run,
    photo_allowed,
)
from webapp.server.push import saving, stop_following
from webapp.server.server_guard import guard_server
from webapp.server.streamlit_private import UploadedFile, history_navigation
from webapp.server.sync import follow_changes
from webapp.server.uploads import forget
from webapp.server.warming import warm_up

__all__ = [
    "GAMES_FILES_AN_HOUR",
    "Progress",
    "TablesLoaded",
    "TooManyTablesError",
    "UploadedFile",
    "advisor_progress",
    "chances_ready",
    "follow_changes",
    "forget",
    "frame_gate",
    "game_store",
    "games_file_allowed",
    "guard_server",
    "history_navigation",
    "importer",
    "is_issued",
    "issue_table",
    "keeper",
    "pace_run",
    "photo_allowed",
    "rules_ready",
    "saving",
    "settle_allocator",
    "stop_following",
    "too_large",
    "warm_up",
]
