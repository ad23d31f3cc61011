"""Tables belong to the people invited (issue 16): private by default, an invite code, and a host.

Before: ``GET /api/tables`` listed every waiting table and ``join`` needed only its id, so a stranger took
the free seats of a friends' table and started it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from server.server_helpers import Client, Server, create_table, join, post, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("private")) as running:
        yield running


def _table(server: Server, table_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()
    return answer


def _listed(server: Server) -> set[str]:
    return {t["id"] for t in httpx.get(f"{server.http}/api/tables", timeout=10).json()["tables"]}


def test_a_stranger_can_neither_find_nor_join_a_private_table(server: Server) -> None:
    table = create_table(server, "soon", 3, name="Alice")
    table_id, code = table["id"], table["invite_code"]
    assert table["public"] is False and table["host"] == 0
    assert len(code) >= 20 and table["invite"].endswith(f"/tables/{table_id}#invite={code}")
    assert "invite_code" not in _table(server, table_id)  # the public view never tells the code
    assert table_id not in _listed(server)
    before = _table(server, table_id)
    for body in ({"name": "Mallory"}, {"name": "Mallory", "invite": "guess"}, {"name": "Mallory", "invite": None}):
        answer = post(server, f"/api/tables/{table_id}/join", None, body)
        assert answer.status_code == 403, answer.text
        assert answer.json()["code"] == "bad_invite" and answer.json()["message_fr"]
    assert _table(server, table_id) == before  # nothing changed
    seat, _token = join(server, table_id, "Bob", invite=code)
    assert seat == 1


def test_a_public_table_is_listed_and_open_to_anyone(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice", public=True)
    assert table["public"] is True and table["id"] in _listed(server)
    answer = post(server, f"/api/tables/{table['id']}/join", None, {"name": "Zoé"})
    assert answer.status_code == 200, answer.text
    assert table["id"] not in _listed(server)  # full and started tables are not waiting any more


def test_only_the_host_starts_adds_bots_removes_seats_and_closes(server: Server) -> None:
    table = create_table(server, "soon", 3, name="Alice")
    table_id, alice = table["id"], table["you"]["token"]
    _seat, bob = join(server, table_id, "Bob")
    for path, body in (("bots", {"level": "random"}), ("start", None), ("close", None)):
        answer = post(server, f"/api/tables/{table_id}/{path}", bob, body)
        assert answer.status_code == 403 and answer.json()["code"] == "not_host", (path, answer.text)
    answer = httpx.delete(f"{server.http}/api/tables/{table_id}/seats/0", headers={"Authorization": f"Bearer {bob}"})
    assert answer.status_code == 403 and answer.json()["code"] == "not_host"
    assert [s["kind"] for s in _table(server, table_id)["seats"]] == ["human", "human", "empty"]

    async def removed() -> None:
        watcher = Client(server, table_id, bob)
        await watcher.connect()
        answer = httpx.delete(
            f"{server.http}/api/tables/{table_id}/seats/1", headers={"Authorization": f"Bearer {alice}"}, timeout=10
        )
        assert answer.status_code == 200, answer.text
        # Bob's page is told at once that he is a spectator now
        await watcher.wait(lambda m: m["type"] == "welcome" and m["seat"] is None)
        await watcher.close()

    asyncio.run(removed())
    assert post(server, f"/api/tables/{table_id}/leave", bob).json()["code"] == "bad_token"
    _seat, bob = join(server, table_id, "Bob")
    assert post(server, f"/api/tables/{table_id}/bots", alice, {"level": "random"}).status_code == 200
    assert post(server, f"/api/tables/{table_id}/start", alice).status_code == 200
    assert post(server, f"/api/tables/{table_id}/close", bob).json()["code"] == "not_host"
    closed = post(server, f"/api/tables/{table_id}/close", alice)
    assert closed.status_code == 200 and closed.json()["status"] == "closed"

    async def after_close() -> None:
        client = Client(server, table_id, bob)
        await client.connect()
        assert client.state is not None
        version = client.state["version"]
        await client.send({"type": "act", "action": {"type": "draw"}, "version": version})
        error = await client.wait(lambda m: m["type"] == "error")
        assert error is not None and error["code"] == "table_closed"
        await client.close()

    asyncio.run(after_close())
    assert post(server, f"/api/tables/{table_id}/close", alice).json()["code"] == "table_closed"


def test_the_host_role_passes_on_and_a_nameless_table_gets_its_first_person(server: Server) -> None:
    table = create_table(server, "soon", 3)
    assert table["host"] is None and "you" not in table
    _seat, carol = join(server, table["id"], "Carol")
    _seat, dan = join(server, table["id"], "Dan")
    assert _table(server, table["id"])["host"] == 0
    assert post(server, f"/api/tables/{table['id']}/leave", carol).status_code == 200
    assert _table(server, table["id"])["host"] == 1
    assert post(server, f"/api/tables/{table['id']}/bots", dan, {"level": "random"}).status_code == 200


def test_seated_players_are_given_the_invite_code_and_spectators_are_not(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice")
    _seat, bob = join(server, table["id"], "Bob")

    async def scenario() -> None:
        seated, spectator = Client(server, table["id"], bob), Client(server, table["id"])
        await seated.connect()
        await spectator.connect()
        welcomes = [f for f in seated.frames if '"welcome"' in f and '"seat":1' in f]
        assert welcomes and table["invite_code"] in welcomes[-1]
        assert not [f for f in spectator.frames if table["invite_code"] in f]
        await seated.close()
        await spectator.close()

    asyncio.run(scenario())
