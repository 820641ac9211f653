"""Every key of the page's per-browser state and of its address, in one place.

Streamlit keeps a browser's state in `st.session_state` (widget values among it) and
its address in `st.query_params`; a key names one entry of either. The turn's own
state is read and changed through `webapp.turn_state`.
"""

from scoring import DICE_PER_HAND

# The address: the table (its token, the key to its games), the game shown, and the page
# language asked for.
TABLE_KEY = "table"
GAME_KEY = "game"
QUERY_KEY = "lang"
# The table's page shown instead of its start page (`PLAYERS_VIEW`: its Players page).
VIEW_KEY = "view"
PLAYERS_VIEW = "players"

# The turn: five dice, the ticks that hold them, the roll and the earlier rolls.
DIE_KEYS = tuple(f"die_{i}" for i in range(DICE_PER_HAND))
HOLD_KEYS = tuple(f"hold_{i}" for i in range(DICE_PER_HAND))
EARLIER_KEY = "earlier_rolls"
HELD_KEY = "held_rows"
ROLL_KEY = "roll"
# Whose turn the dice are for: (game id, turns recorded); another count means the turn passed.
TURN_OF_KEY = "turn_of"
# The turn as it stood before this browser's last Record, for Undo: (game id, turns, turn).
RECORDED_KEY = "recorded_turn"

# The photo: where it comes from, the last one read and its dice, the sample chosen.
SOURCE_KEY = "photo_source"
SAMPLE_KEY = "sample"
PHOTO_KEY = "photo"
READ_KEY = "photo_dice"
PHOTO_ROUND_KEY = "photo_round"
# Set once the live camera reported it cannot work in this browser; the page then
# starts with Upload, which on a phone opens the camera app.
CAMERA_TROUBLE_KEY = "camera_trouble"

# The live camera: its component, the rows of the last scene it took as a roll, and
# whether the dice on the page are still that scene's (so the next scene can tell which
# dice stayed).
LIVE_CAMERA_KEY = "live_camera"
SCENE_KEY = "live_scene"
FOLLOWS_KEY = "live_follows"
# What the page said of the camera's last scene when it was not taken as a roll.
SCENE_NOTE_KEY = "live_note"
# How many scenes this browser's camera has taken as rolls: each one's number.
SCENES_TAKEN_KEY = "live_scenes_taken"

# Saying the roll aloud: the switch, and what makes this browser session's announcement
# ids its own (a reload starts a new session).
SPEAK_KEY = "say_aloud"
TOKEN_KEY = "speech_token"

# The page language and the game's own box names.
LANGUAGE_KEY = "language"
PICKER_KEY = "language_picker"
OWN_NAMES_KEY = "own_box_names"

# The advisor's switch, and a player's asking for the review during the game.
ADVISOR_KEY = "advisor"
ASK_KEY = "review_so_far"

# The start page: how many saved games it lists.
LISTED_KEY = "games_listed"

# The tables this browser remembers, most recent first (read from its cookie once), the
# start page's list of them (open or not), the component that writes the cookie, and the
# hidden place on the page where it sits.
TABLES_KEY = "remembered_tables"
TABLES_OPEN_KEY = "your_tables"
COOKIE_KEY = "table_cookie"
MEMORY_KEY = "table_memory"

# What the server allows this browser: its runs and its live frames (`webapp.server.pacing`).
RUN_BUDGET_KEY = "run_budget"
FRAME_GATE_KEY = "frame_gate"

# The Players page's games file: the file sent, the table whose file this browser waits
# for while the server takes it in, and what the page says of it once done.
GAMES_UPLOAD_KEY = "games_upload"
IMPORTING_KEY = "games_importing"
IMPORT_SAID_KEY = "import_said"

# A message kept for the next run to show (`webapp.flash`).
FLASH_KEY = "flash"
