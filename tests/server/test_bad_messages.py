"""Every kind of bad message gets a structured error, to its sender only, and changes nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from server.server_helpers import Client, Server, create_table, join, post, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("bad")) as running:
        yield running


def _version(server: Server, table_id: str) -> int:
    version: int = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()["version"]
    return version


def _started(server: Server) -> tuple[str, str, str]:
    table = create_table(server, "soon", 2, name="Alice")
    _seat, bob = join(server, table["id"], "Bob")
    assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200
    return table["id"], table["you"]["token"], bob


def test_every_bad_websocket_message_is_answered_and_changes_nothing(server: Server) -> None:
    table_id, alice_token, bob_token = _started(server)

    async def scenario() -> None:
        alice, bob = Client(server, table_id, alice_token), Client(server, table_id, bob_token)
        spectator = Client(server, table_id)
        await alice.connect()
        await bob.connect()
        await spectator.connect()
        assert alice.state is not None
        actor = alice if alice.state["to_act"] == alice.seat else bob
        other = bob if actor is alice else alice
        assert actor.state is not None and other.state is not None
        legal = actor.state["legal"][0]
        own_legal = [json.dumps(a, sort_keys=True) for a in actor.state["legal"]]
        cases: list[tuple[Client, Any, str]] = [
            (actor, "{not json", "bad_json"),
            (actor, "[1, 2]", "unknown_type"),
            (actor, {"type": "dance"}, "unknown_type"),
            (actor, {"type": "act", "version": 0}, "bad_message"),
            (actor, {"type": "act", "action": legal, "version": 0, "extra": 1}, "bad_message"),
            (actor, {"type": "act", "action": legal, "version": "zero"}, "bad_message"),
            (actor, {"type": "act", "action": "x" * 10000, "version": 0}, "too_large"),
            (actor, b"\x00\x01binary", "bad_message"),
            (actor, {"type": "act", "action": legal, "version": 5}, "stale_version"),
            (actor, {"type": "act", "action": {"type": "teleport"}, "version": 0}, "bad_action"),
            (other, {"type": "act", "action": legal, "version": 0}, "not_your_turn"),
            (spectator, {"type": "act", "action": legal, "version": 0}, "not_seated"),
            (spectator, {"type": "hello", "token": "not-a-token"}, "bad_token"),
            (actor, '{"type": "act", "action": ' + "[" * 5000 + "]" * 5000 + ', "version": 0}', "too_large"),
            (actor, {"type": "act", "action": [[[[1]]]], "version": 0, "ref": "r1"}, "bad_action"),
        ]
        illegal = _an_illegal_action(actor.state["view"]["game"], own_legal)
        if illegal is not None:
            cases.append((actor, {"type": "act", "action": illegal, "version": 0}, "illegal_action"))
        for number, (client, message, code) in enumerate(cases):
            before = len(client.frames)
            await client.send(message)
            answer = await client.wait(lambda m: m["type"] == "error")
            assert answer is not None and answer["code"] == code, (number, message, answer)
            assert answer["message"] and answer["message_fr"]
            assert not [f for f in client.frames[before:] if '"type":"state"' in f]
        assert _version(server, table_id) == 0
        # only the sender was told: the others received no error frame
        for quiet in (other, spectator):
            if quiet is not actor:
                await quiet.send({"type": "ping"})
                await quiet.wait(lambda m: m["type"] == "pong")
        assert not [e for e in actor.errors if e["code"] in ("not_seated", "bad_token", "not_your_turn")]
        # the connection still works: a good action is accepted
        await actor.send({"type": "act", "action": legal, "version": 0})
        await actor.wait(lambda m: m["type"] == "state" and m["version"] == 1)
        for client in (alice, bob, spectator):
            await client.close()

    asyncio.run(scenario())


def _an_illegal_action(game: str, own_legal: list[str]) -> Any:
    import veillee

    state = veillee.new_game(game, 2, seed=0, length="express")
    for index in range(state.num_distinct_actions):
        candidate = state.action_from_index(index).to_json()
        if json.dumps(candidate, sort_keys=True) not in own_legal:
            return candidate
    return None


def test_act_before_the_start(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice")

    async def scenario() -> None:
        alice = Client(server, table["id"], table["you"]["token"])
        await alice.connect()
        await alice.send({"type": "act", "action": {"type": "draw"}, "version": 0})
        answer = await alice.wait(lambda m: m["type"] == "error")
        assert answer is not None and answer["code"] == "not_started"
        await alice.close()

    asyncio.run(scenario())


def test_unknown_table_over_websocket(server: Server) -> None:
    async def scenario() -> None:
        async with websockets.connect(f"{server.ws}/ws/tables/nope") as socket:
            answer = json.loads(await socket.recv())
            assert answer["type"] == "error" and answer["code"] == "table_not_found"

    asyncio.run(scenario())


def test_websocket_messages_are_sent_uncompressed(server: Server) -> None:
    """The client offers permessage-deflate (browsers do); the server declines it (``veillee serve``)."""

    async def scenario() -> None:
        async with websockets.connect(f"{server.ws}/ws/tables/nope") as socket:
            assert socket.response is not None
            assert "Sec-WebSocket-Extensions" not in socket.response.headers
            assert json.loads(await socket.recv())["code"] == "table_not_found"

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("path", "body", "token", "status", "code"),
    [
        ("/api/tables", {"game": "chess", "players": 2}, None, 400, "unknown_game"),
        ("/api/tables", {"game": "soon", "players": 9}, None, 400, "bad_option"),
        ("/api/tables", {"game": "soon", "players": 2, "options": {"colour": 1}}, None, 400, "bad_option"),
        ("/api/tables", {"game": "soon", "players": 2, "stand_in": "god"}, None, 400, "bad_level"),
        ("/api/tables/nope", None, None, 404, "table_not_found"),
    ],
)
def test_bad_http_requests(server: Server, path: str, body: Any, token: str | None, status: int, code: str) -> None:
    answer = post(server, path, token, body) if body is not None else httpx.get(f"{server.http}{path}", timeout=10)
    assert answer.status_code == status, answer.text
    assert answer.json()["code"] == code
    assert answer.json()["message_fr"]


def test_lobby_refusals(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice")
    table_id, alice = table["id"], table["you"]["token"]
    assert post(server, f"/api/tables/{table_id}/start", alice).json()["code"] == "seats_empty"
    assert post(server, f"/api/tables/{table_id}/start", "forged").json()["code"] == "bad_token"
    assert post(server, f"/api/tables/{table_id}/start").json()["code"] == "not_seated"
    assert post(server, f"/api/tables/{table_id}/bots", alice, {"level": "god"}).json()["code"] == "bad_level"
    invite = table["invite_code"]
    taken = post(server, f"/api/tables/{table_id}/join", None, {"name": "Bob", "seat": 0, "invite": invite})
    assert taken.json()["code"] == "seat_taken"
    assert post(server, f"/api/tables/{table_id}/join", None, {"name": "", "invite": invite}).status_code == 422
    join(server, table_id, "Bob")
    full = post(server, f"/api/tables/{table_id}/join", None, {"name": "Carol", "invite": invite})
    assert full.json()["code"] == "table_full"
    assert post(server, f"/api/tables/{table_id}/rematch", alice).json()["code"] == "not_finished"
    assert post(server, f"/api/tables/{table_id}/start", alice).status_code == 200
    assert post(server, f"/api/tables/{table_id}/start", alice).json()["code"] == "already_started"
