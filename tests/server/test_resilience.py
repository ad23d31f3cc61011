"""Reconnects, a server killed with ``kill -9`` and restarted mid-match, turn timers and leaving players."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.server_helpers import Client, Server, create_table, join, play_to_end, post, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("resilience")) as running:
        yield running


def _two_people(server: Server, game: str = "soon", **extra: object) -> tuple[str, str, str]:
    table = create_table(server, game, 2, name="Alice", **extra)
    _seat, bob = join(server, table["id"], "Bob")
    assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200
    return table["id"], table["you"]["token"], bob


async def _act_once(client: Client, rng: random.Random) -> bool:
    """If ``client`` must act, act and wait for the new version; says whether it acted."""
    state = client.state
    assert state is not None
    if state["to_act"] != client.seat or not state["legal"]:
        return False
    version = state["version"]
    await client.send({"type": "act", "action": rng.choice(state["legal"]), "version": version})
    await client.wait(lambda m: m["type"] == "state" and m["version"] > version)
    return True


async def _step(clients: list[Client], rng: random.Random) -> None:
    """One action by whichever client must act; the others read the new state."""
    actor = next(c for c in clients if c.state and c.state["to_act"] == c.seat)
    version = actor.state["version"] if actor.state else 0
    assert await _act_once(actor, rng)
    for other in clients:
        if other is not actor:
            await other.wait(lambda m: m["type"] == "state" and m["version"] > version)


def test_reconnect_gets_the_same_seat_and_the_missed_events(server: Server) -> None:
    table_id, alice_token, bob_token = _two_people(server)

    async def scenario() -> None:
        rng = random.Random(4)
        alice, bob = Client(server, table_id, alice_token), Client(server, table_id, bob_token)
        await alice.connect()
        await bob.connect()
        for _ in range(6):
            await _step([alice, bob], rng)
        await bob.close()  # Bob's network drops; Alice plays on when it is her turn
        while alice.state and alice.state["to_act"] == alice.seat:
            await _act_once(alice, rng)
        held = len(bob.events)
        await bob.connect()  # same token, same seat, only the missed events
        assert bob.seat == 1
        assert bob.state is not None and alice.state is not None
        assert bob.state["version"] == alice.state["version"]
        assert bob.state["events_start"] == held
        fresh = Client(server, table_id, bob_token)
        await fresh.connect(events_from=0)
        assert fresh.events == bob.events
        assert fresh.state is not None and fresh.state["view"] == bob.state["view"]
        for client in (alice, bob, fresh):
            await client.close()

    asyncio.run(scenario())


def test_kill_9_and_restart_mid_match_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        table_id, alice_token, bob_token = _two_people(server, "skyjo")
        rng = random.Random(9)
        for round_number in range(3):

            async def play_some(steps: int) -> tuple[int, dict[str, object], dict[str, object]]:
                alice, bob = Client(server, table_id, alice_token), Client(server, table_id, bob_token)
                await alice.connect()
                await bob.connect()
                for _ in range(steps):
                    await _step([alice, bob], rng)
                assert alice.state is not None and bob.state is not None
                return alice.state["version"], alice.state["view"], bob.state["view"]

            version, alice_view, bob_view = asyncio.run(play_some(5 + round_number))
            server.kill()  # right after the last acknowledgement: no clean shutdown
            server.start()

            async def look() -> tuple[int, object, object]:
                alice, bob = Client(server, table_id, alice_token), Client(server, table_id, bob_token)
                await alice.connect()
                await bob.connect()
                assert alice.state is not None and bob.state is not None
                return alice.state["version"], alice.state["view"], bob.state["view"]

            assert asyncio.run(look()) == (version, alice_view, bob_view)

        async def finish() -> None:
            alice, bob = Client(server, table_id, alice_token), Client(server, table_id, bob_token)
            await alice.connect()
            await bob.connect()
            await play_to_end([alice, bob], rng)

        asyncio.run(finish())
        assert httpx.get(f"{server.http}/api/tables/{table_id}/record", timeout=10).status_code == 200
    finally:
        server.stop()


def test_turn_timer_lets_a_stand_in_play(server: Server) -> None:
    table_id, alice_token, _bob = _two_people(server, turn_seconds=1, stand_in="random")

    async def scenario() -> None:
        alice = Client(server, table_id, alice_token)
        await alice.connect()
        assert alice.state is not None
        assert alice.state["turn_left"] is not None
        await alice.wait(lambda m: m["type"] == "state" and m["version"] >= 2, timeout=15)
        await alice.close()

    started = time.monotonic()
    asyncio.run(scenario())
    assert time.monotonic() - started >= 1 * 2


def test_a_player_who_leaves_is_replaced_by_a_bot(server: Server) -> None:
    table_id, alice_token, bob_token = _two_people(server, "sorry")
    assert post(server, f"/api/tables/{table_id}/leave", bob_token).status_code == 200
    seats = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()["seats"]
    assert seats[1]["kind"] == "bot" and seats[1]["replaced"]
    assert post(server, f"/api/tables/{table_id}/leave", bob_token).json()["code"] == "bad_token"

    async def scenario() -> None:
        alice = Client(server, table_id, alice_token)
        await alice.connect()
        await play_to_end([alice], random.Random(2))
        await alice.close()

    asyncio.run(scenario())
