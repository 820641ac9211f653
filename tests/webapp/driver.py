"""Small steps a player takes on the page, shared by the page tests."""

from streamlit.testing.v1 import AppTest

from scoring import Game
from store import GameStore
from tests.webapp.conftest import APP


def at_table(table: str, game_id: str | None = None) -> AppTest:
    """The page at `table`'s start page, or at its game `game_id`; not run yet."""
    page = AppTest.from_file(APP, default_timeout=60)
    page.query_params["table"] = table
    if game_id is not None:
        page.query_params["game"] = game_id
    return page


def new_game_page(store: GameStore, game: str = "yatzy") -> tuple[AppTest, str, str]:
    """A new two-player game saved at a table newly issued by `store`, and the page showing
    it, run once: (page, table, game id)."""
    table = store.issue_table()
    game_id = store.create(Game(game, ["Ann", "Bob"]).to_dict(), table=table).id
    return at_table(table, game_id).run(), table, game_id


def table_of(page: AppTest) -> str:
    """The table the page's address is at."""
    return page.query_params["table"]


def second_browser(page: AppTest) -> AppTest:
    """Another browser opening the address `page` shows (its table and game), run once."""
    return at_table(table_of(page), page.query_params.get("game")).run()


def start(page: AppTest, game: str, players: list[str]) -> AppTest:
    """Fill the new-game form and start; returns the page showing the game."""
    page.radio(key="new_game").set_value(game)
    page.number_input(key="player_count").set_value(len(players))
    page.run()
    for i, name in enumerate(players):
        page.text_input(key=f"player_name_{i}").set_value(name)
    return page.button(key="start").click().run()


def set_dice(page: AppTest, dice: list[int], roll: int | None = None) -> AppTest:
    """Click the five dice (and the roll number)."""
    for i, value in enumerate(dice):
        page.segmented_control(key=f"die_{i}").set_value(value)
    if roll is not None:
        page.segmented_control(key="roll").set_value(roll)
    return page.run()


def record(page: AppTest, box: str) -> AppTest:
    """Click Record beside `box`."""
    return page.button(key=f"record_{box}").click().run()


def offered(page: AppTest) -> list[str]:
    """The boxes the page offers, in its order."""
    return [b.key.removeprefix("record_") for b in page.button if b.key.startswith("record_")]


def die_labels(page: AppTest) -> list[str]:
    """The five dice rows' labels: tick boxes before the last roll, plain text on it."""
    holds = {c.key: c.label for c in page.checkbox if c.key and c.key.startswith("hold_")}
    if holds:
        return [holds[f"hold_{i}"] for i in range(5)]
    return [m.value for m in page.markdown if m.value.startswith("**Die ")]


def turn_line(page: AppTest) -> str:
    """The line that says whose turn it is."""
    return next(m.value for m in page.markdown if "to play" in m.value)


def use_source(page: AppTest, source: str) -> AppTest:
    """Choose where the dice come from: "live", "snapshot", "upload" or "sample"."""
    return page.pills(key="photo_source").set_value(source).run()


def upload(page: AppTest, name: str, data: bytes, kind: str = "image/jpeg") -> AppTest:
    """Upload a file as the photo of the dice."""
    page = use_source(page, "upload")
    return page.file_uploader[0].set_value((name, data, kind)).run()


def photo_captions(page: AppTest) -> list[str]:
    """The captions of the photos shown (the photo read says its file name)."""
    captions = [image.proto.imgs[0].caption.replace("\\", "") for image in page.image]
    return [caption for caption in captions if caption]


def sheet(page: AppTest):
    """The scoresheet as a DataFrame (rows: box names, columns: players)."""
    return page.table[0].value


def shown_texts(node: object) -> list[str]:
    """What a player reads below `node` of a page's tree: every element's text, label and
    tooltip (not code nor the page's own HTML: addresses and style sheets)."""
    if type(node).__name__ in ("Code", "Html"):
        return []
    texts = [
        text
        for attribute in ("label", "help", "body", "placeholder")
        if isinstance(text := getattr(node, attribute, None), str)
    ]
    children = getattr(node, "children", None)
    for child in children.values() if isinstance(children, dict) else []:
        texts += shown_texts(child)
    return texts


def problems(page: AppTest) -> list[str]:
    """Errors and exceptions on the page: a player must never see a traceback."""
    return [e.value for e in page.exception] + [e.value for e in page.error]
