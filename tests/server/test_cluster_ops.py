"""Forwarded operations happen at most once (several ``veillee serve`` processes over PostgreSQL and Redis).

A lobby operation or an action that reaches a process which does not own the table is forwarded to the
owner. If the owner stores it and dies before answering, the forwarding process sends it again, to itself
or to the new owner: the operation's id, stored with its effect, makes the retry answer what the first
attempt did instead of doing it twice. One test kills a real owner between storing and answering (the
test-only ``VEILLEE_TEST_CRASH_AFTER_STORE`` hook); the other plays retries against the real store.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from server.cluster_helpers import POSTGRES, REDIS, cluster, empty_database, needs_services
from server.server_helpers import Client, Server, create_table, post
from veillee.server.cluster import CRASH_ENV, CRASH_STATUS, ClusterService
from veillee.server.hub import Hub
from veillee.server.messages import CreateTableRequest, ServiceError
from veillee.server.settings import ServerSettings
from veillee.server.store import Store
from veillee.server.upkeep import Upkeep

pytestmark = needs_services()


@pytest.fixture
def doomed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Two processes; the first dies right after storing the first join forwarded to it."""
    root = tmp_path_factory.mktemp("ops")
    with cluster(root, 2, envs={0: {CRASH_ENV: "join"}}) as started:
        yield started


def test_a_join_stored_by_an_owner_that_died_before_answering_is_not_done_twice(doomed: list[Server]) -> None:
    a, b = doomed
    table = create_table(a, "soupcons", 4, name="Alice")  # a makes it, so a owns it
    tid, alice = table["id"], table["you"]["token"]
    answer = httpx.post(
        f"{b.http}/api/tables/{tid}/join", json={"name": "Bob", "invite": table["invite_code"]}, timeout=60
    )
    assert a.process is not None
    assert a.process.wait(10) == CRASH_STATUS, "the owner did not die after storing the join"
    a.process = None
    assert answer.status_code == 200, answer.text  # b took the table over and answered from the stored join
    seat, bob = answer.json()["seat"], answer.json()["token"]
    seats = httpx.get(f"{b.http}/api/tables/{tid}", timeout=10).json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "human", "empty", "empty"]  # one Bob, not two
    assert (seat, seats[seat]["name"]) == (1, "Bob")
    assert post(b, f"/api/tables/{tid}/bots", bob, {"level": "easy"}).json()["code"] == "not_host"  # his seat

    async def hello() -> int | None:
        client = Client(b, tid, bob)
        await client.connect()
        await client.close()
        return client.seat

    assert asyncio.run(hello()) == 1  # the token b answered holds the seat a stored
    assert post(b, f"/api/tables/{tid}/bots", alice, {"level": "easy"}).json() == {"seat": 2}


def test_retried_operations_answer_what_was_stored_and_change_nothing() -> None:
    """What a new owner does with a request whose first attempt its former owner stored: the same calls
    twice with one id (the second as the retry, marked ``again`` as ``ClusterService._routed`` marks it), on a
    real PostgreSQL store and Redis bus. A first sending is not looked up (it cannot have been done): done
    again, it is refused by the table's own checks."""
    assert POSTGRES is not None and REDIS is not None
    empty_database()

    async def scenario() -> None:
        async with _service() as (service, store):
            request = CreateTableRequest(game="sorry", players=3, name="Alice")
            table, alice = await service.create(request)
            join: dict[str, Any] = {"name": "Bob", "invite": table.invite, "seat": None, "token": "t" * 32}
            first = await service._here("join", table.id, {**join, "op": "join-1"})
            again = await service._here("join", table.id, {**join, "op": "join-1", "again": True})
            assert first == (1, "t" * 32) and list(again) == [1, "t" * 32]
            with pytest.raises(ServiceError, match="seat_taken"):  # not a retry: not looked up
                await service._here("join", table.id, {**join, "seat": 1, "op": "join-1"})
            bot = {"token": alice, "level": "easy", "seat": None, "op": "bot-1"}
            assert await service._here("add_bot", table.id, bot) == 2
            bot["again"] = True
            assert await service._here("add_bot", table.id, bot) == 2
            assert [s.kind for s in (await store.load(table.id) or _missing()).seats] == ["human", "human", "bot"]
            start: dict[str, Any] = {"token": alice, "op": "start-1"}
            assert await service._here("start", table.id, start) == table.id
            assert await service._here("start", table.id, {**start, "again": True}) == table.id
            match = table.match
            assert match is not None and match.to_act is not None  # (a bot's seat too: its delay is an hour)
            first = match.legal_actions()[0].to_json()
            act = {"seat": match.to_act, "action": first, "version": match.version}
            assert await service._submit_here(table.id, act) is None
            assert await service._submit_here(table.id, act) is None  # the retry: accepted, not stale
            loaded = await store.load(table.id) or _missing()
            assert len(loaded.actions) == 1 and match.version == 1
            other = {**act, "action": {**first, "extra": 1}}  # another request on the old version: stale
            assert (await service._submit_here(table.id, other) or [""])[0] == "stale_version"
            assert await service._here("add_bot", table.id, bot) == 2  # the match runs: still the stored answer

    asyncio.run(scenario())


@asynccontextmanager
async def _service() -> AsyncIterator[tuple[ClusterService, Store]]:
    """One cluster process's service on the real PostgreSQL store and Redis bus (bots wait an hour)."""
    assert POSTGRES is not None and REDIS is not None
    store = Store(POSTGRES)
    service = ClusterService(store, Hub(), ServerSettings(bot_delay=3600), REDIS)
    await service.load()
    try:
        yield service, store
    finally:
        await service.close()
        await service.cancel_all()
        store.close()


def _missing() -> Any:
    raise AssertionError("the table is not in the store")


def test_a_purged_table_leaves_no_owner_hint_in_redis() -> None:
    """Owner hints never expire: the purge (upkeep, after a table's retention) deletes its hint with it."""
    assert POSTGRES is not None and REDIS is not None
    empty_database()

    async def scenario() -> None:
        async with _service() as (service, store):
            kept, _ = await service.create(CreateTableRequest(game="sorry", players=3, name="Alice"))
            gone, _ = await service.create(CreateTableRequest(game="sorry", players=3, name="Bob"))
            hint = service.bus.owner_key
            assert await service.bus.redis.get(hint(gone.id)) == service.process
            await Upkeep(service)._purge(gone.id)
            assert await store.load(gone.id) is None
            assert await service.bus.redis.exists(hint(gone.id)) == 0
            assert await service.bus.redis.get(hint(kept.id)) == service.process  # only the purged table's

    asyncio.run(scenario())
