"""Full matches over real sockets: every registered game, people and bots at one table, a spectator."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import httpx
import pytest

import veillee
from server.server_helpers import Client, Server, create_table, get_record, join, play_to_end, post, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> object:
    with running_server(tmp_path_factory.mktemp("play")) as running:
        yield running


@pytest.mark.parametrize("game", veillee.game_names())
def test_full_match_with_people_bots_and_a_spectator(server: Server, game: str) -> None:
    info = veillee.game_info(game)
    players = max(info.min_players, 3) if info.max_players >= 3 else info.min_players
    table = create_table(server, game, players, name="Alice")
    table_id, alice = table["id"], table["you"]["token"]
    assert table["invite"].endswith(f"/tables/{table_id}#invite={table['invite_code']}")
    bob_seat, bob = join(server, table_id, "Bob")
    assert bob_seat == 1
    for _ in range(players - 2):
        assert post(server, f"/api/tables/{table_id}/bots", alice, {"level": "easy"}).status_code == 200
    assert post(server, f"/api/tables/{table_id}/start", bob).json()["code"] == "not_host"
    assert post(server, f"/api/tables/{table_id}/start", alice).status_code == 200

    async def scenario() -> dict[str, object]:
        people = [Client(server, table_id, alice), Client(server, table_id, bob)]
        spectator = Client(server, table_id)
        for client in people:
            await client.connect()
        await spectator.connect()
        final = await play_to_end(people, random.Random(1))
        assert final["result"] is not None
        await spectator.wait(lambda m: m["type"] == "state" and m["over"])
        assert spectator.state is not None and spectator.state["legal"] == []
        for client in [*people, spectator]:
            await client.close()
        return final

    final = asyncio.run(scenario())
    record = get_record(server, table_id).json()
    replayed = veillee.replay(record)
    assert replayed.is_over
    assert replayed.result().to_json() == final["result"]
    assert httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()["status"] == "finished"
    rematch = post(server, f"/api/tables/{table_id}/rematch", alice)
    assert rematch.status_code == 200, rematch.text
    new = rematch.json()
    assert new["id"] != table_id and new["status"] == "lobby"
    assert [s["kind"] for s in new["seats"]] == ["human", "human"] + ["bot"] * (players - 2)
    assert post(server, f"/api/tables/{new['id']}/start", alice).status_code == 200


def test_record_is_refused_before_the_end(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice")
    answer = get_record(server, table["id"])
    assert answer.status_code == 409
    assert answer.json()["code"] == "not_finished"


def test_index_and_openapi(server: Server, tmp_path: Path) -> None:
    assert "veillée" in httpx.get(server.http, timeout=10).text
    schema = httpx.get(f"{server.http}/openapi.json", timeout=10).json()
    assert "/api/tables/{table_id}/join" in schema["paths"]


def test_the_api_page_works_offline(server: Server) -> None:
    """Issue 16: ``/docs`` loaded its scripts from a CDN and stayed blank offline; now every asset it names is
    served by the server itself (from the ``fastapi-offline`` package)."""
    page = httpx.get(f"{server.http}/docs", timeout=10)
    assert page.status_code == 200
    assets = re.findall(r"""(?:src|href)=["']([^"']+)["']""", page.text)
    assert assets and all(a.startswith("/") and not a.startswith("//") for a in assets), assets
    assert "cdn" not in page.text.lower() and "https://" not in page.text
    for asset in assets:
        answer = httpx.get(f"{server.http}{asset}", timeout=10)
        assert answer.status_code == 200 and len(answer.content) > 1000, asset
    assert any(a.endswith("swagger-ui-bundle.js") for a in assets)
    assert "'/openapi.json'" in page.text or '"/openapi.json"' in page.text
