"""The presentation data of the browser table, over a real socket: only for a connection that asked (``lang``),
one menu path per legal action, one sentence per event, and built from the seat's own delivery."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from server.server_helpers import Client, create_table, join, post, running_server


@pytest.mark.parametrize("game", ["soon", "skyjo", "sorry", "soupcons"])
def test_present_follows_each_state_in_the_asked_language(game: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        with running_server(tmp_path) as server:
            table = create_table(server, game, 3)
            seats = [join(server, table["id"], name) for name in ("Alice", "Bob")]
            assert post(server, f"/api/tables/{table['id']}/bots", seats[0][1], {"level": "random"}).status_code == 200
            assert post(server, f"/api/tables/{table['id']}/start", seats[0][1]).status_code == 200
            french = Client(server, table["id"], seats[0][1])
            plain = Client(server, table["id"], seats[1][1])
            french.socket = await websockets.connect(french.url, max_size=None)
            await french.send({"type": "hello", "token": seats[0][1], "events_from": 0, "lang": "fr"})
            await plain.connect()
            rng = random.Random(game)
            for _ in range(30):
                message = await french.wait(lambda m: m["type"] == "state" and "present" in m)
                assert message is not None
                present = message["present"]
                assert present["lang"] == "fr" and present["names"][:2] == ["Alice", "Bob"]
                assert sorted(_leaves(present["menu"])) == list(range(len(message["legal"])))
                assert len(present["log"]) == len(message["events"])
                if message["over"]:
                    break
                if message["to_act"] == 0 and message["legal"]:
                    action = rng.choice(message["legal"])
                    await french.send({"type": "act", "action": action, "version": message["version"]})
                elif plain.state is not None and plain.state["to_act"] == 1 and plain.state["legal"]:
                    action = rng.choice(plain.state["legal"])
                    await plain.send({"type": "act", "action": action, "version": plain.state["version"]})
                await plain.wait(lambda m: m["type"] == "state", timeout=2, optional=True)
            assert all('"present"' not in frame for frame in plain.frames)
            await french.close()
            await plain.close()

    asyncio.run(scenario())


def test_rules_and_pages(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        for game in ("soon", "skyjo", "sorry", "soupcons"):
            body = httpx.get(f"{server.http}/api/games/{game}/rules", timeout=10).json()
            assert body["summary"]["fr"] and body["summary"]["en"]
        assert httpx.get(f"{server.http}/api/games/nope/rules", timeout=10).json()["code"] == "unknown_game"
        page = httpx.get(f"{server.http}/tables/abc", timeout=10)
        assert page.status_code == 200 and "/static/app.js" in page.text
        assert httpx.get(f"{server.http}/static/games/soon.js", timeout=10).status_code == 200


def _leaves(entries: list[dict[str, Any]]) -> list[int]:
    """The action indexes the folded menu plays, each entry labelled and holding what lies below it."""
    found: list[int] = []
    for entry in entries:
        assert isinstance(entry["label"], str) and entry["label"].strip()
        below = [entry["action"]] if entry["action"] is not None else _leaves(entry["entries"])
        assert sorted(below) == sorted(entry["actions"])
        found += below
    return found
