"""A browser cannot clear the server's caches and every visitor's state: a page in viewer
mode never asks, and the server drops the request from anyone who sends it; nor send
large messages (frames) past what its client may, over all of its tabs."""

import asyncio
import json
import random

from streamlit.proto.BackMsg_pb2 import BackMsg

from scoring import Game
from store import SqliteStore
from tools.local_server import ROOT, serve
from tools.page_client import PageClient
from webapp.server import pacing
from webapp.server.pacing import Allowances
from webapp.server.server_guard import LARGE_MESSAGE, taken


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


class _Connection:
    """What Streamlit tells of a session's websocket: its remote address and headers."""

    def __init__(self, remote_ip: str, forwarded: str | None = None) -> None:
        self.remote_ip = remote_ip
        self.headers = [("X-Forwarded-For", forwarded)] if forwarded else []


def _large_rerun() -> BackMsg:
    message = BackMsg()
    state = message.rerun_script.widget_states.widgets.add()
    state.id = "camera"
    state.json_trigger_value = json.dumps([{"frame": "A" * (LARGE_MESSAGE + 1)}])
    return message


def test_hardening_large_messages_are_counted_per_client_over_its_tabs(monkeypatch):
    monkeypatch.setattr(pacing, "CLIENT_LARGE_MESSAGES", Allowances(rate=0.0, burst=5.0))
    sessions = {
        "tab 1": _Connection("203.0.113.7"),
        "tab 2": _Connection("203.0.113.7"),
        "other": _Connection("198.51.100.1"),
    }
    taken_from = [
        session_id
        for _ in range(4)
        for session_id, connection in sessions.items()
        if taken(session_id, _large_rerun(), connection)
    ]
    assert taken_from.count("tab 1") + taken_from.count("tab 2") == 5, "one client, one count"
    assert taken_from.count("other") == 4
    assert taken("tab 1", BackMsg(rerun_script={}), sessions["tab 1"]), "small: never counted"
