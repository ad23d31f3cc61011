"""No runaway work (issue 16): suspension, matches with nobody left, purges, and the turn clock on restart.

Before: a table of bots whose only person left played itself forever (three took 89% of a core), was
reloaded on every restart and could not be deleted; lobbies and finished tables stayed forever; the turn
timer started again from full after a restart.
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

from server.server_helpers import Client, Server, create_table, get_record, join, play_to_end, post, running_server

FAST = {"--suspend-after": "2", "--sweep-every": "0.2", "--bot-delay": "0.02"}


def _table(server: Server, table_id: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10)
    body: dict[str, Any] = answer.json()
    body["http_status"] = answer.status_code
    return body


def _with_bots(server: Server, game: str, bots: int, **extra: Any) -> tuple[str, str]:
    table = create_table(server, game, bots + 1, name="Alice", **extra)
    token = table["you"]["token"]
    for _ in range(bots):
        assert post(server, f"/api/tables/{table['id']}/bots", token, {"level": "random"}).status_code == 200
    assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200
    return table["id"], table["you"]["token"]


def _wait_for(predicate: Any, timeout: float = 20, step: float = 0.1) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("the condition did not come true in time")
        time.sleep(step)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("upkeep"), options=FAST) as running:
        yield running


def test_a_match_nobody_is_connected_to_is_suspended_and_resumes(server: Server) -> None:
    # a person's turn timer hands every one of her turns to a stand-in: without her, bots would play forever
    table_id, alice = _with_bots(server, "sorry", 2, turn_seconds=1, stand_in="random")

    async def visit(until_version: int | None = None) -> None:
        client = Client(server, table_id, alice)
        await client.connect()
        if until_version is not None:
            await client.wait(lambda m: m["type"] == "state" and m["version"] >= until_version, timeout=30)
        await client.close()

    asyncio.run(visit())
    _wait_for(lambda: _table(server, table_id)["suspended"], timeout=15)
    frozen = _table(server, table_id)["version"]
    time.sleep(2.5)  # more than two turn timers: nothing is played while nobody is there
    assert _table(server, table_id)["version"] == frozen
    asyncio.run(visit(until_version=frozen + 1))  # she is back: the match goes on
    assert _table(server, table_id)["version"] > frozen


def test_bots_never_play_a_match_with_no_person_left(tmp_path: Path) -> None:
    server = Server(tmp_path, options=FAST)
    server.start()
    try:
        table_id, alice = _with_bots(server, "sorry", 3)
        assert post(server, f"/api/tables/{table_id}/leave", alice).status_code == 200
        table = _table(server, table_id)
        assert table["status"] == "closed" and table["host"] is None
        version = table["version"]
        time.sleep(1)
        assert _table(server, table_id)["version"] == version
        server.kill()
        server.start()  # not reloaded as a running match, not played on
        time.sleep(1)
        assert _table(server, table_id)["status"] == "closed" and _table(server, table_id)["version"] == version
    finally:
        server.stop()


def _finish(server: Server, game: str = "soon") -> tuple[str, str]:
    table = create_table(server, game, 2, name="Alice")
    _seat, bob = join(server, table["id"], "Bob")
    alice = table["you"]["token"]
    assert post(server, f"/api/tables/{table['id']}/start", alice).status_code == 200

    async def play() -> None:
        clients = [Client(server, table["id"], alice), Client(server, table["id"], bob)]
        for client in clients:
            await client.connect()
        await play_to_end(clients, random.Random(5))
        for client in clients:
            await client.close()

    asyncio.run(play())
    return table["id"], alice


@pytest.mark.parametrize("keep", [True, False])
def test_abandoned_lobbies_and_ended_tables_are_purged(tmp_path: Path, keep: bool) -> None:
    options = {**FAST, "--abandon-after": "1.5", "--retention": "1.5"}
    if keep:
        options["--keep-records"] = ""
    with running_server(tmp_path, options=options) as server:
        lobby = create_table(server, "soon", 2, name="Alice")["id"]
        finished, _alice = _finish(server)
        closed_id, host = _with_bots(server, "sorry", 1)
        assert post(server, f"/api/tables/{closed_id}/close", host).status_code == 200
        _wait_for(lambda: all(_table(server, t)["http_status"] == 404 for t in (lobby, finished, closed_id)))
        record = get_record(server, finished)
        if keep:
            assert record.status_code == 200
            import veillee

            assert veillee.replay(record.json()).is_over
        else:
            assert record.status_code == 404 and record.json()["code"] == "table_not_found"
        assert get_record(server, lobby).status_code == 404


def test_a_lobby_with_someone_there_is_kept(tmp_path: Path) -> None:
    with running_server(tmp_path, options={**FAST, "--abandon-after": "1"}) as server:
        table = create_table(server, "soon", 2, name="Alice")

        async def stay() -> None:
            client = Client(server, table["id"], table["you"]["token"])
            await client.connect()
            await asyncio.sleep(2.5)
            assert _table(server, table["id"])["status"] == "lobby"
            await client.close()

        asyncio.run(stay())


def test_the_turn_clock_survives_a_restart(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        table = create_table(server, "soon", 2, name="Alice", turn_seconds=30)
        _seat, bob = join(server, table["id"], "Bob")
        assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200

        async def clock() -> float:
            client = Client(server, table["id"], bob)
            await client.connect()
            assert client.state is not None and client.state["turn_left"] is not None
            left: float = client.state["turn_left"]
            await client.close()
            return left

        first = asyncio.run(clock())
        time.sleep(3)
        server.kill()
        server.start()
        again = asyncio.run(clock())
        assert again <= first - 3 + 0.5, (first, again)  # not reset to the full 30 s
        assert again > 0
    finally:
        server.stop()
