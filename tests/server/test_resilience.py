"""Reconnects, a server killed with ``kill -9`` and restarted mid-match, turn timers and leaving players."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets

from server.server_helpers import Client, Server, create_table, get_record, join, play_to_end, post, running_server


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
        assert get_record(server, table_id).status_code == 200
    finally:
        server.stop()


def test_turn_timer_lets_a_stand_in_play(server: Server) -> None:
    started = time.monotonic()  # the first turn's timer runs from the start, before Alice connects
    table_id, alice_token, _bob = _two_people(server, turn_seconds=1, stand_in="random")

    async def scenario() -> None:
        alice = Client(server, table_id, alice_token)
        await alice.connect()
        assert alice.state is not None
        assert alice.state["turn_left"] is not None
        await alice.wait(lambda m: m["type"] == "state" and m["version"] >= 2, timeout=15)
        await alice.close()

    asyncio.run(scenario())
    assert time.monotonic() - started >= 1 * 2  # two turns of 1 s, each played by the stand-in on its timer


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


def test_a_table_that_no_longer_replays_is_marked_broken_and_the_others_load(tmp_path: Path) -> None:
    """Issue 14: the server still starts when a stored table no longer replays (a corrupt action, a record of
    other rules, an unreadable row); that table is marked ``broken`` and reported, the others load."""
    server = Server(tmp_path)
    server.start()
    try:
        tables = {name: _two_people(server, "skyjo") for name in ("bad_action", "old_rules", "bad_row", "healthy")}
        rng = random.Random(11)

        async def play(table_id: str, alice: str, bob: str, steps: int) -> int:
            clients = [Client(server, table_id, alice), Client(server, table_id, bob)]
            for client in clients:
                await client.connect()
            for _ in range(steps):
                await _step(clients, rng)
            assert clients[0].state is not None
            version: int = clients[0].state["version"]
            for client in clients:
                await client.close()
            return version

        versions = {name: asyncio.run(play(*ids, 3)) for name, ids in tables.items()}
        server.kill()
        database = sqlite3.connect(tmp_path / "veillee.sqlite3")
        with database:
            bad, old, row = (tables[name][0] for name in ("bad_action", "old_rules", "bad_row"))
            database.execute(
                "UPDATE veillee_actions SET action = ? WHERE table_id = ? AND number = 2", ('{"type":"teleport"}', bad)
            )
            (head_text,) = database.execute("SELECT head FROM veillee_tables WHERE id = ?", (old,)).fetchone()
            head = json.loads(head_text)
            key = next((k for k in head if "version" in k), "rules_version")
            head[key] = "0-older-rules"
            database.execute("UPDATE veillee_tables SET head = ? WHERE id = ?", (json.dumps(head), old))
            database.execute("UPDATE veillee_tables SET options = '{not json' WHERE id = ?", (row,))
        database.close()
        server.start()
        log = server.log_text()
        for name in ("bad_action", "old_rules", "bad_row"):
            assert f"table {tables[name][0]} cannot be restored and is marked broken" in log, name
        for name in ("bad_action", "old_rules"):
            answer = httpx.get(f"{server.http}/api/tables/{tables[name][0]}", timeout=10).json()
            assert answer["status"] == "broken" and answer["version"] == 0
        answer = httpx.get(f"{server.http}/api/tables/{tables['bad_row'][0]}", timeout=10)
        assert answer.status_code == 409 and answer.json()["code"] == "table_broken"

        async def refused() -> None:
            table_id, alice, _bob = tables["bad_action"]
            client = Client(server, table_id, alice)
            client.socket = await websockets.connect(client.url)
            await client.send({"type": "hello", "token": alice})
            welcome = await client.wait(lambda m: m["type"] == "welcome" and m["seat"] == 0)
            assert welcome is not None and welcome["table"]["status"] == "broken"
            await client.send({"type": "act", "action": {"type": "draw"}, "version": 0})
            error = await client.wait(lambda m: m["type"] == "error")
            assert error is not None and error["code"] == "table_broken"
            assert not [f for f in client.frames if '"type":"state"' in f]
            await client.close()

        asyncio.run(refused())
        # the healthy table was restored as it was, and plays on
        assert asyncio.run(play(*tables["healthy"], 2)) == versions["healthy"] + 2
    finally:
        server.stop()


def test_a_database_of_the_first_release_is_upgraded_and_its_tables_play_on(tmp_path: Path) -> None:
    """A data directory written before issue 16 (no host, invite, head, deadline... columns) still serves."""
    server = Server(tmp_path)
    server.start()
    try:
        table_id, alice, bob = _two_people(server, "skyjo")

        async def play(steps: int) -> int:
            clients = [Client(server, table_id, alice), Client(server, table_id, bob)]
            for client in clients:
                await client.connect()
            for _ in range(steps):
                await _step(clients, random.Random(steps))
            assert clients[0].state is not None
            version: int = clients[0].state["version"]
            for client in clients:
                await client.close()
            return version

        version = asyncio.run(play(3))
        server.kill()
        database = sqlite3.connect(tmp_path / "veillee.sqlite3")
        with database:
            new = ["public", "invite", "host", "creator", "seen", "updated", "deadline", "deadline_version", "head"]
            for column in [*new, "note"]:
                database.execute(f"ALTER TABLE veillee_tables DROP COLUMN {column}")
            database.execute("DROP TABLE veillee_records")
        database.close()
        server.start()
        table = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()
        assert table["status"] == "playing" and table["version"] == version and table["host"] == 0
        assert asyncio.run(play(2)) == version + 2
        assert post(server, f"/api/tables/{table_id}/close", alice).status_code == 200
    finally:
        server.stop()
