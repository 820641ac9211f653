"""Every key of the page's per-browser state and of its address, in one place.

Streamlit keeps a browser's state in `st.session_state` (widget values among it) and
its address in `st.query_params`; a key names one entry of either. The turn's own
state is read and changed through `webapp.turn_state`.
"""

from scoring import MOST_DICE

# The address: the table (its token, the key to its games), the game shown, and the page
# language asked for.
TABLE_KEY = "table"
GAME_KEY = "game"
QUERY_KEY = "lang"
# The table's page shown instead of its start page (`PLAYERS_VIEW`: its Players page).
VIEW_KEY = "view"
PLAYERS_VIEW = "players"
# The Players page's filter as it opens from a game: that game's kind and number of players.
KIND_KEY = "kind"
SEATS_KEY = "seats"
# A game's table screen (`SCREEN_VIEW`), for the screen the whole table looks at; its
# address says `ADVICE_KEY=ADVICE_OFF` when the table plays without the advisor.
SCREEN_VIEW = "screen"
ADVICE_KEY = "advice"
ADVICE_OFF = "off"
# The page's last move of the address: the address it left and the one it went to
# (`webapp.navigation.settle_address`).
MOVED_KEY = "address_moved"

# The turn: the dice (as many of these as the game rolls, `GAME_DICE_KEY`), the ticks that
# hold them, the roll and the earlier rolls.
DIE_KEYS = tuple(f"die_{i}" for i in range(MOST_DICE))
HOLD_KEYS = tuple(f"hold_{i}" for i in range(MOST_DICE))
GAME_DICE_KEY = "game_dice"
EARLIER_KEY = "earlier_rolls"
HELD_KEY = "held_rows"
ROLL_KEY = "roll"
# The game and revision whose turn the dice show (this browser showed or saved it); where
# the dice came from; the rows the reader was unsure of; held dice that read differently;
# the photo's thumbnail; a roll at rest waiting for the next player (`webapp.shared_turn`).
TURN_SYNC_KEY = "turn_synced"
SHOWN_TURN_KEY = "turn_shown"
TURN_CHANGED_KEY = "turn_changed"
# The turn this browser is saving, as (game id, revision, turn), noted before the save:
# a run stopped after the save (any read or write of the page's state may stop it) leaves
# it, and the next run finds whether the save landed.
SAVING_TURN_KEY = "turn_saving"
DICE_SOURCE_KEY = "dice_source"
UNSURE_KEY = "unsure_rows"
CHANGED_KEY = "changed_held"
THUMBNAIL_KEY = "thumbnail"
WAITING_KEY = "waiting_roll"
# How many times this page put the table's turn on its dice, and the hidden widget that
# carries that count to the browser (drawn after the dice) and back with every change: a
# change that comes with an older count was sent before the browser drew the turn.
TURN_VERSION_KEY = "turn_version"
TURN_SEEN_KEY = "turn_seen"
TURN_SEEN_BOX = "turn_seen_box"
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
# Saying each entry aloud: its speech component, and the game and number of entries it
# had when this browser began to say them (older entries are not said).
ENTRY_SPEECH_KEY = "entry_speech"
SPOKEN_FROM_KEY = "entries_spoken_from"

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

# The component that shows a game's page from its top when the browser first shows it.
TOP_KEY = "open_at_top"

# The page's buttons, pickers and downloads, and what a view keeps for its next run (the
# Players page's words about a name refused).
ABANDON_KEY = "abandon"
ALL_GAMES_KEY = "all_games"
CLEAR_DICE_KEY = "clear_dice"
HELD_WRONG_KEY = "held_were_wrong"
DOWNLOAD_CSV_KEY = "download_csv"
DOWNLOAD_RECORD_KEY = "download_record"
DOWNLOAD_REVIEW_KEY = "download_review"
GAMES_EXPORT_KEY = "games_export"
GAMES_IMPORT_KEY = "games_import"
H2H_FIRST_KEY = "h2h_first"
H2H_SECOND_KEY = "h2h_second"
KEEP_AS_ADVISED_KEY = "keep_as_advised"
LEAVE_KEY = "leave"
NAMES_TROUBLE_KEY = "names_trouble"
NEW_GAME_KEY = "new_game"
# The house rules each table played, as this browser has seen them: by table, by mark.
TABLE_RULES_KEY = "table_rules"
NEW_TABLE_KEY = "new_table"
PLAYER_COUNT_KEY = "player_count"
READ_SAMPLE_KEY = "read_sample"
REMATCH_KEY = "rematch"
RENAME_KEY = "rename"
RENAME_NEW_KEY = "rename_new"
RENAME_OLD_KEY = "rename_old"
ROLL_AGAIN_KEY = "roll_again"
SHOW_OLDER_KEY = "show_older"
START_KEY = "start"
STATS_CSV_KEY = "stats_csv"
STATS_GAME_KEY = "stats_game"
STATS_PERIOD_KEY = "stats_period"
STATS_PLAYERS_KEY = "stats_players"
STATS_TABLE_KEY = "stats_table"
UNDO_KEY = "undo"
USE_UPLOAD_KEY = "use_upload"


def leave_table_key(index: object) -> str:
    """The Leave button of the `index`th table this browser remembers."""
    return f"leave_table_{index}"


def open_key(game_id: object) -> str:
    """The Open button of a finished game in the start page's list."""
    return f"open_{game_id}"


def house_key(game: str, setting: str) -> str:
    """Key of one house-rules setting of a game on the start page."""
    return f"house_{game}_{setting}"


def player_name_key(seat: object) -> str:
    """The name field of the player in seat `seat` (from 0) of the new-game form."""
    return f"player_name_{seat}"


def record_key(box: object, column: int = 0) -> str:
    """The Record button of box `box` in the player's column `column` (from 0)."""
    return f"record_{box}" if column == 0 else f"record_{box}_{column + 1}"


def resume_key(game_id: object) -> str:
    """The Resume button of a game in progress in the start page's list."""
    return f"resume_{game_id}"


def switch_table_key(index: object) -> str:
    """The Open button of the `index`th table this browser remembers."""
    return f"switch_table_{index}"


def unname_key(name_key: object) -> str:
    """The Undo button of a name counted as another's on the Players page."""
    return f"unname_{name_key}"
