"""What a browser sends the server outside the page's own widgets cannot crash a run: a
component's JSON nested far deeper than any component sends is dropped before the page's
run parses it."""

import asyncio

from streamlit.proto.WidgetStates_pb2 import WidgetState

from scoring import Game
from store import SqliteStore
from tools.local_server import ROOT, serve
from tools.page_client import PageClient, PageRun

DEPTH = 100_000


async def _runs_after_deep_json(url: str, table: str, game_id: str) -> tuple[PageRun, PageRun]:
    """What the game page shows after a rerun carrying deep JSON for each of its
    components, and after a plain rerun next."""
    client = PageClient(url.replace("http", "ws") + "/_stcore/stream", table, game_id)
    shown = await client.open()
    deep = "[" * DEPTH + "]" * DEPTH
    states = [
        WidgetState(id=widget_id, **{field: deep})
        for widget_id, element in shown.widgets.values()
        if type(element).__name__ == "BidiComponent"
        for field in ("json_value", "json_trigger_value")
    ]
    assert states, "the page has components"
    await client.send(states)
    hostile = await client.rerun([])
    plain = await client.rerun([])
    await client.close()
    return hostile, plain


def test_hardening_component_json_nested_deep_fails_without_a_trace(tmp_path):
    db = tmp_path / "games.sqlite3"
    store = SqliteStore(db)
    table = store.issue_table()
    game_id = store.create(Game("yatzy", ["Ann", "Bob"]).to_dict(), table=table).id
    with serve(ROOT / "app.py", {"DICE_TABLE_DB": str(db)}) as url:
        hostile, plain = asyncio.run(_runs_after_deep_json(url, table, game_id))
    assert hostile.problems == [] and plain.problems == []
    assert plain.playing, "the game page is shown as before"
