"""A browser cannot clear the server's caches and every visitor's state: a page in viewer
mode never asks, and the server drops the request from anyone who sends it."""

import asyncio
import random

from streamlit.proto.BackMsg_pb2 import BackMsg

from scoring import Game
from store import SqliteStore
from tools.local_server import ROOT, serve
from tools.page_client import PageClient


async def _boxes_after(
    url: str, table: str, game_id: str, request: BackMsg
) -> tuple[list[str], list[str]]:
    """The Record buttons offered once five dice are set, and again after `request`."""
    client = PageClient(url.replace("http", "ws") + "/_stcore/stream", table, game_id)
    await client.open()
    before = (await client.rerun(client.hand(random.Random(1)))).boxes
    await client.send_message(request)
    after = (await client.rerun([])).boxes
    await client.close()
    return before, after


def test_a_request_to_clear_the_caches_changes_nothing(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = SqliteStore(db)
    table = store.issue_table()
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    request = BackMsg(clear_cache=True)
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url:
        before, after = asyncio.run(_boxes_after(url, table, game_id, request))
    assert before, "five dice set offer boxes"
    assert after == before, "the dice set are still there"
