"""Several ``veillee serve`` processes serving the same tables over one PostgreSQL database and one Redis.

Real processes, real PostgreSQL, Redis and HAProxy (``scripts/test.sh`` starts them as root, as CI does;
elsewhere the tests are skipped saying which service is missing): players on different processes see each
other's moves; the owner of a table is killed with ``kill -9`` in the middle of a match under play, another
process takes it over, its players reconnect, bots and turn timers resume, and the record holds every
acknowledged move exactly once.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.cluster_helpers import (
    Balancer,
    check_record,
    cluster,
    eventually,
    haproxy_available,
    health,
    needs_services,
    owner_of,
    play,
    reconnect_again,
    revive,
    stored_actions,
    wait_for_processes,
)
from server.server_helpers import Client, Server, create_table, get_record, join, post

pytestmark = needs_services()


@pytest.fixture
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Three processes of one cluster, for one test: under xdist the tests of the "postgres" group may come
    in any order, and a cluster left up would keep a single-process server (test_postgres) off the database."""
    with cluster(tmp_path_factory.mktemp("cluster"), 3) as started:
        yield started


def test_players_on_two_processes_play_one_match_with_bots_and_a_spectator(servers: list[Server]) -> None:
    revive(servers)
    a, b, c = servers
    listed = create_table(a, "sorry", 2, name="Dora", public=True)
    assert listed["id"] in [t["id"] for t in httpx.get(f"{c.http}/api/tables", timeout=10).json()["tables"]]
    table = create_table(a, "sorry", 4, name="Alice")  # a owns it: it made it
    tid, alice = table["id"], table["you"]["token"]
    _seat, bob = join(b, tid, "Bob")  # b forwards to a, which hands the fresh table to b (it was asked from b)
    refused = httpx.post(f"{c.http}/api/tables/{tid}/join", json={"name": "Eve", "invite": "wrong"}, timeout=10)
    assert (refused.status_code, refused.json()["code"]) == (403, "bad_invite")  # said as the owner says it
    assert post(c, f"/api/tables/{tid}/start", bob).json()["code"] == "not_host"
    for _ in range(2):
        assert post(b, f"/api/tables/{tid}/bots", alice, {"level": "easy"}).status_code == 200
    assert post(b, f"/api/tables/{tid}/start", alice).json()["status"] == "playing"
    assert owner_of(tid, servers) is b  # where its lobby requests came from (a balancer hashes them there)

    async def scenario() -> list[Client]:
        clients = [Client(a, tid, alice), Client(b, tid, bob), Client(b, tid), Client(a, tid)]
        for client in clients:
            await client.connect()

        async def no_reconnect(_client: Client) -> None:
            raise AssertionError("no process died here")

        await play(clients, random.Random(7), no_reconnect)
        return clients

    clients = asyncio.run(scenario())
    for client in clients:  # each saw every move, on whichever process it is connected to
        versions = sorted({m["version"] for m in map(_json, client.frames) if m["type"] == "state"})
        assert versions == list(range(versions[0], versions[-1] + 1))
    record = get_record(b, tid).json()
    stored = stored_actions(tid)
    check_record(record, clients, stored)
    assert {by for _n, by, _at in stored} == {"player", "bot"}
    assert owner_of(tid, servers) is b  # Bob is connected to it: it keeps the table (no handover to a)


def _json(text: str) -> dict[str, Any]:
    import json

    value: dict[str, Any] = json.loads(text)
    return value


def test_kill_9_of_the_owner_mid_match_another_process_takes_over(servers: list[Server]) -> None:
    """Alice is on the owner's process, Bob and Carol on the others; Carol lets her turn timer play for her
    once, and the owner is killed while her timer runs: it must still play, on the new owner, once."""
    revive(servers)
    a, b, c = servers
    table = create_table(a, "soupcons", 4, name="Alice", turn_seconds=1)
    tid, alice = table["id"], table["you"]["token"]
    # the lobby requests on a, which keeps the table (one from b or c would hand the fresh table there)
    _s, bob = join(a, tid, "Bob")
    carol_seat, carol = join(a, tid, "Carol")
    assert post(a, f"/api/tables/{tid}/bots", alice, {"level": "easy"}).status_code == 200
    assert post(a, f"/api/tables/{tid}/start", alice).status_code == 200
    assert owner_of(tid, servers) is a
    killed_at: list[float] = []

    def sleepy(client: Client, state: dict[str, Any]) -> bool:
        """Carol waits for her timer until a while after the kill, then plays."""
        if client.seat != carol_seat or (killed_at and time.time() > killed_at[0] + 3):
            return False
        if state["version"] >= 6 and not killed_at:
            a.kill()  # the owner dies while Carol's timer runs on it
            killed_at.append(time.time())
        return True

    async def reconnect(client: Client) -> None:
        client.url = f"{b.ws}/ws/tables/{tid}"  # as a load balancer would: to a live process
        for _ in range(50):
            try:
                await client.connect()
                return
            except (OSError, TimeoutError):
                await asyncio.sleep(0.2)

    async def scenario() -> list[Client]:
        clients = [Client(a, tid, alice), Client(b, tid, bob), Client(c, tid, carol), Client(c, tid)]
        for client in clients:
            await client.connect()
        await play(clients, random.Random(11), reconnect, sleepy)
        return clients

    clients = asyncio.run(scenario())
    assert killed_at, "the owner was never killed"
    wait_for_processes([b, c], 2)
    assert owner_of(tid, servers) in (b, c)  # one of the survivors took it
    record = get_record(c, tid).json()
    stored = stored_actions(tid)
    check_record(record, clients, stored)
    assert {"player", "bot"} <= {by for _n, by, _at in stored}
    assert any(by == "timer" and at > killed_at[0] for _n, by, at in stored)  # the timer resumed
    assert b.process is not None and c.process is not None  # the survivors are still up


@pytest.mark.skipif(not haproxy_available(), reason="haproxy is not installed (scripts/test.sh installs it as root)")
def test_behind_haproxy_a_table_lives_on_one_process_and_survives_the_kill_of_its_owner(
    servers: list[Server], tmp_path: Path
) -> None:
    """Everything through HAProxy and deploy/haproxy.cfg: create, join, start, play. The balancer sends every
    request about the table to one process (a hash of its id), and the process that made the table (the
    creation has no id yet: round robin) hands it over to that one, so every connection is on the owner. The
    owner is killed; the clients reconnect through the balancer, to one live process, which ends up owning it."""
    revive(servers)
    balancer = Balancer(servers, tmp_path)
    try:
        front = Server(tmp_path, port=balancer.port)  # talk to the balancer as to one server

        async def where(count: int) -> Server:
            """The process where the table's ``count`` connections all are (they are nowhere else)."""
            found: list[Server] = []

            def one_home() -> bool:
                live = [s for s in servers if s.process is not None and s.process.poll() is None]
                counts = {s.port: health(s)["connections"] for s in live}
                found[:] = [s for s in live if counts[s.port]]
                return len(found) == 1 and counts[found[0].port] == count

            await asyncio.to_thread(eventually, one_home, 10, "every connection of the table on one process")
            return found[0]

        async def made_elsewhere() -> tuple[dict[str, Any], Client, Server]:
            """A table whose creation landed on another process than the one its id hashes to (a third of
            them land on the right one already: those are left in the lobby)."""
            for _ in range(20):
                table = create_table(front, "soupcons", 3, name="Alice")
                maker = owner_of(table["id"], servers)
                watcher = Client(front, table["id"])
                await watcher.connect()
                home = await where(1)
                if home is not maker:
                    return table, watcher, home
                await watcher.close()
                await asyncio.to_thread(eventually, lambda h=home: health(h)["connections"] == 0, 10, "closed")
            raise AssertionError("every table was made on the process its id hashes to")

        owners: list[Server] = []
        killed: list[Server] = []

        def kill_when_under_way(_client: Client, state: dict[str, Any]) -> bool:
            if state["version"] >= 5 and not killed:
                owners[0].kill()
                killed.append(owners[0])
            return False

        async def scenario() -> list[Client]:
            nonlocal tid
            table, watcher, home = await made_elsewhere()
            tid, alice = table["id"], table["you"]["token"]
            _s, bob = join(front, tid, "Bob")  # forwarded by ``home`` to the maker, which hands it to ``home``
            assert post(front, f"/api/tables/{tid}/bots", alice, {"level": "easy"}).status_code == 200
            assert post(front, f"/api/tables/{tid}/start", alice).status_code == 200
            clients = [Client(front, tid, alice), Client(front, tid, bob), watcher]
            for client in clients[:2]:
                await client.connect()
            assert await where(3) is home  # the balancer sent every connection to the same process
            # ... and the table's owner follows its players there
            await asyncio.to_thread(eventually, lambda: owner_of(tid, servers) is home, 10, "the handover")
            owners.append(home)
            await play(clients, random.Random(5), reconnect_again, kill_when_under_way)
            assert killed == [home]
            survivor = await where(3)  # reconnected through the balancer: together again, on a live process
            await asyncio.to_thread(eventually, lambda: owner_of(tid, servers) is survivor, 10, "owned there")
            return clients

        tid = ""
        clients = asyncio.run(scenario())
        record = get_record(balancer, tid).json()
        check_record(record, clients, stored_actions(tid))
    finally:
        balancer.stop()


@pytest.mark.skipif(not haproxy_available(), reason="haproxy is not installed (scripts/test.sh installs it as root)")
def test_behind_haproxy_a_named_process_keeps_the_tables_it_makes_until_it_dies(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    """Processes started with ``--balancer-name appN`` (deploy/haproxy.cfg's server names) make tables with
    ids ``appN.xxx``, and the balancer sends their requests to ``appN``: the joins, the start and every
    connection land on the maker, so nothing is forwarded and no table changes hands. Once the maker is
    killed under play, its table's requests go by the hash to a live process, which takes it over."""
    envs = {n: {"VEILLEE_BALANCER_NAME": f"app{n + 1}"} for n in range(3)}
    with cluster(tmp_path_factory.mktemp("named"), 3, envs=envs) as servers:
        balancer = Balancer(servers, tmp_path)
        try:
            front = Server(tmp_path, port=balancer.port)
            tables = [create_table(front, "soon", 2, name="Alice") for _ in range(6)]
            makers = {t["id"]: owner_of(t["id"], servers) for t in tables}
            tokens = {}
            for table in tables:
                maker = makers[table["id"]]
                assert maker is not None and table["id"].startswith(f"app{servers.index(maker) + 1}.")
                tokens[table["id"]] = [table["you"]["token"], join(front, table["id"], "Bob")[1]]
                assert post(front, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200
            assert len({id(m) for m in makers.values()}) > 1  # round robin: the creations were spread
            counts = [health(s)["counts"] for s in servers]
            assert sum(c.get("forwarded_join", 0) + c.get("forwarded_start", 0) for c in counts) == 0, counts
            assert sum(c.get("handed_over", 0) for c in counts) == 0, counts
            assert all(owner_of(t["id"], servers) is makers[t["id"]] for t in tables)

            tid = tables[0]["id"]
            maker = makers[tid]
            assert maker is not None
            killed: list[Server] = []

            def kill_when_under_way(_client: Client, state: dict[str, Any]) -> bool:
                if state["version"] >= 3 and not killed:
                    maker.kill()
                    killed.append(maker)
                return False

            async def scenario() -> list[Client]:
                clients = [Client(front, tid, token) for token in tokens[tid]]
                for client in clients:
                    await client.connect()
                await play(clients, random.Random(11), reconnect_again, kill_when_under_way)
                return clients

            clients = asyncio.run(scenario())
            assert killed == [maker]  # under play
            eventually(lambda: owner_of(tid, servers) not in (None, maker), 10, "taken over by a live process")
            check_record(get_record(balancer, tid).json(), clients, stored_actions(tid))
        finally:
            balancer.stop()
