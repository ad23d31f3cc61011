"""A table's ownership follows its players (several ``veillee serve`` processes over PostgreSQL and Redis).

Two real processes and no balancer: the table is made on one, its players all connect to the other, and the
owner hands the table over to where they are; play goes on there without forwarding, the bot plays on the
new owner, and a move made while the handover is under way (the test-only ``VEILLEE_TEST_HANDOVER_PAUSE``
holds the release for 2 s) is applied once, by the new owner.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator

import pytest

from server.cluster_helpers import (
    check_record,
    cluster,
    eventually,
    health,
    needs_services,
    owner_of,
    play,
    stored_actions,
)
from server.server_helpers import Client, Server, create_table, get_record, join, post
from veillee.server.ownership import HANDOVER_PAUSE_ENV

pytestmark = needs_services()


@pytest.fixture
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Two processes; the first, when it hands a table over, waits 2 s before releasing it."""
    with cluster(tmp_path_factory.mktemp("handover"), 2, envs={0: {HANDOVER_PAUSE_ENV: "2"}}) as started:
        yield started


async def drain(clients: list[Client], quiet: float = 0.3) -> None:
    """Read every client's frames until none comes for ``quiet`` seconds (the bot's moves are instant)."""
    for client in clients:
        while True:
            try:
                await client.receive(timeout=quiet)
            except TimeoutError:
                break


def test_ownership_moves_to_the_process_of_the_players_and_nothing_is_lost_or_doubled(pair: list[Server]) -> None:
    a, b = pair
    table = create_table(a, "soupcons", 4, name="Alice")  # a makes it, so a owns it
    tid, alice = table["id"], table["you"]["token"]
    # every lobby request on a: one from b would hand the fresh table to b at once (the next test)
    _s, bob = join(a, tid, "Bob")
    _s, carol = join(a, tid, "Carol")
    assert post(a, f"/api/tables/{tid}/bots", alice, {"level": "easy"}).status_code == 200
    assert post(a, f"/api/tables/{tid}/start", alice).status_code == 200
    assert owner_of(tid, pair) is a
    handed: list[float] = []

    async def scenario() -> list[Client]:
        watcher = Client(a, tid)  # a spectator on the owner keeps the table there: no handover yet
        players = [Client(b, tid, alice), Client(b, tid, bob), Client(b, tid, carol)]
        for client in [watcher, *players]:
            await client.connect()
        for _ in range(50):  # until the bot has played whatever it had to: a person is to act
            await drain(players)
            state = players[0].state
            assert state is not None and not state["over"]
            if state["to_act"] in {c.seat for c in players}:
                break
        mover = next(c for c in players if c.seat == state["to_act"])
        state = mover.state
        assert state is not None and state["legal"]
        forwarded = health(b)["counts"].get("forwarded_submit", 0)
        assert owner_of(tid, pair) is a and health(a)["handing"] == 0  # players elsewhere, a spectator here
        await watcher.close()  # a has no connection left at the table: it hands it over to b (its scan)
        await asyncio.to_thread(eventually, lambda: health(a)["handing"] == 1, 10, "the handover begins")
        handed.append(time.time())
        version = state["version"]
        await mover.send({"type": "act", "action": random.Random(3).choice(state["legal"]), "version": version})
        assert health(a)["handing"] == 1  # the move was made while a still holds the table, handing it over
        answer = await mover.wait(lambda m: m["type"] == "error" or (m["type"] == "state" and m["version"] > version))
        assert answer is not None and answer["type"] == "state", answer  # applied, by the new owner
        await asyncio.to_thread(eventually, lambda: owner_of(tid, pair) is b, 10, "b owns the table")
        assert health(a)["counts"]["handed_over"] == 1 and health(b)["counts"]["taken"] == 1
        after = health(b)["counts"].get("forwarded_submit", 0)
        assert after >= forwarded + 1  # that move went to a first, which answered "not the owner, ask b"

        async def no_reconnect(_client: Client) -> None:
            raise AssertionError("no process died here")

        await play(players, random.Random(7), no_reconnect)
        assert health(b)["counts"].get("forwarded_submit", 0) == after  # from then on, played where they are
        assert health(a)["tables"] == 0  # a keeps no copy of a table it has no connection to
        assert owner_of(tid, pair) is b
        return players

    clients = asyncio.run(scenario())
    record = get_record(a, tid).json()
    stored = stored_actions(tid)
    check_record(record, clients, stored)  # every move once, in order, as every client saw it
    assert any(by == "bot" and at > handed[0] for _n, by, at in stored)  # the bot went on, on b


def test_a_fresh_table_goes_once_to_the_process_its_lobby_requests_come_from(pair: list[Server]) -> None:
    """Made on a (round robin), asked about from b (where a hashing balancer sends the table's requests):
    b owns it before any player connects, and its later joins and start are done on b, not forwarded."""
    a, b = pair
    table = create_table(a, "soupcons", 4, name="Alice")
    tid, alice = table["id"], table["you"]["token"]
    forwarded = health(b)["counts"].get("forwarded_join", 0)
    join(b, tid, "Bob")  # forwarded to a, which then hands the table to b (after a's 2 s test pause)
    eventually(lambda: owner_of(tid, pair) is b, 15, "b owns the table it was asked about from")
    join(b, tid, "Carol")
    join(b, tid, "Dan")
    assert post(b, f"/api/tables/{tid}/start", alice).status_code == 200
    assert health(b)["counts"].get("forwarded_join", 0) == forwarded + 1  # Bob's only
    assert health(b)["counts"].get("forwarded_start", 0) == 0
    assert owner_of(tid, pair) is b

    # once only: a table b made and a asked about first is not sent back and forth while a spectator is on b
    other = create_table(b, "soupcons", 4, name="Eve")

    async def spectate() -> None:
        watcher = Client(b, other["id"])
        await watcher.connect()
        join(a, other["id"], "Frank")  # forwarded to b, which has a connection there: it keeps the table
        await asyncio.sleep(1.5)
        await watcher.close()

    asyncio.run(spectate())
    assert owner_of(other["id"], pair) is b
