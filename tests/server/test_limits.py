"""Limits (issue 16): rate limits per client address, a cap on open tables, one server per data directory,
and the documented ``slow_client`` close.

Every test client runs on 127.0.0.1; ``veillee serve`` trusts ``X-Forwarded-For`` from 127.0.0.1 (uvicorn's
``FORWARDED_ALLOW_IPS`` default, the reverse-proxy set-up), which lets one test speak from several addresses.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from server.server_helpers import Client, Server, create_table, join, post, running_server

LIMITS = {"--rate-create": "4/minute", "--rate-join": "3/minute", "--rate-messages": "10/second"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("limits"), options={**LIMITS, "--max-open-tables": "2"}) as running:
        yield running


def _create(server: Server, address: str, **extra: Any) -> httpx.Response:
    body = {"game": "soon", "players": 2, "name": "Alice", **extra}
    return httpx.post(f"{server.http}/api/tables", json=body, headers={"X-Forwarded-For": address}, timeout=10)


def test_open_tables_are_capped_per_address_and_closing_one_frees_a_place(server: Server) -> None:
    first, second = _create(server, "10.0.0.1"), _create(server, "10.0.0.1")
    assert first.status_code == second.status_code == 201
    third = _create(server, "10.0.0.1")
    assert third.status_code == 429 and third.json()["code"] == "too_many_tables", third.text
    assert _create(server, "10.0.0.2").status_code == 201  # another address is not concerned
    token = first.json()["you"]["token"]
    assert post(server, f"/api/tables/{first.json()['id']}/close", token).status_code == 200
    assert _create(server, "10.0.0.1").status_code == 201


def test_table_creation_and_joins_are_rate_limited_per_address(server: Server) -> None:
    tables = [_create(server, f"10.0.1.{n}") for n in range(4)]
    assert all(t.status_code == 201 for t in tables)
    answers = [_create(server, "10.0.2.1") for _ in range(2)]  # 2 tables: under the cap, within the rate
    assert all(a.status_code == 201 for a in answers)
    for answer in answers:
        post(server, f"/api/tables/{answer.json()['id']}/close", answer.json()["you"]["token"])
    assert [_create(server, "10.0.2.1").status_code for _ in range(2)] == [201, 201]
    limited = _create(server, "10.0.2.1")  # the 5th creation within a minute
    assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
    assert 1 <= int(limited.headers["Retry-After"]) <= 60
    assert limited.json()["retry_after"] == int(limited.headers["Retry-After"])
    # joins: three seats a minute from one address, whatever the tables
    codes = [t.json()["invite_code"] for t in tables]
    joined = [
        httpx.post(
            f"{server.http}/api/tables/{t.json()['id']}/join",
            json={"name": "Bob", "invite": code},
            headers={"X-Forwarded-For": "10.0.3.1"},
            timeout=10,
        )
        for t, code in zip(tables, codes, strict=True)
    ]
    assert [j.status_code for j in joined] == [200, 200, 200, 429]
    assert joined[3].json()["code"] == "rate_limited" and "Retry-After" in joined[3].headers


def test_websocket_messages_are_rate_limited_and_the_connection_lives_on(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice", public=True)

    async def flood() -> None:
        client = Client(server, table["id"], table["you"]["token"])
        await client.connect()
        for _ in range(40):
            await client.send({"type": "ping"})
        error = await client.wait(lambda m: m["type"] == "error")
        assert error is not None and error["code"] == "rate_limited" and error["retry_after"] >= 1
        await asyncio.sleep(0.3)
        pongs = sum(1 for f in client.frames if '"pong"' in f)
        assert pongs <= 10
        assert sum(1 for e in client.errors if e["code"] == "rate_limited") == 1  # one error, not one per frame
        await asyncio.sleep(error["retry_after"])
        await client.send({"type": "ping"})
        await client.wait(lambda m: m["type"] == "pong")
        await client.close()

    asyncio.run(flood())


def test_a_second_server_on_the_same_data_directory_refuses_to_start(tmp_path: Path) -> None:
    first = Server(tmp_path)
    first.start()
    try:
        second = Server(tmp_path)
        with pytest.raises(RuntimeError, match="another veillee server is already using"):
            second.start()
        assert create_table(first, "soon", 2, name="Alice")  # the first one is unharmed
        first.kill()  # a crash releases the lock
        second.start()
        second.stop()
    finally:
        first.stop()


# A client is slow when the frames waiting for it pass the server's limit; the test's client must therefore
# stay stalled until the server has judged it so. It used to stop asking after a fixed 6,000 hellos and then
# read: when the kernel's socket buffers absorbed the answers (their size varies with the machine's load and
# TCP autotuning) or the server had not caught up yet, the server never saw a slow client, answered every
# hello to a client that was reading by then, and rightly closed nothing (the 60 s stalls seen beside the
# cluster tests). Now it floods until the server drops it (``/health`` counts it no more), then reads.
def _connections(server: Server) -> int:
    count: int = httpx.get(f"{server.http}/health", timeout=10).json()["connections"]
    return count


def test_a_slow_client_is_closed_with_1013_slow_client(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        table = create_table(server, "sorry", 2, name="Alice")
        join(server, table["id"], "Bob")
        assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200

        async def stall() -> None:
            # max_queue=1: the client library stops reading the socket, as a frozen phone would (nor does it
            # ping: a frozen phone does not answer pings either)
            url = f"{server.ws}/ws/tables/{table['id']}"
            async with websockets.connect(url, max_queue=1, max_size=None, ping_interval=None) as socket:
                hello = json.dumps({"type": "hello", "lang": "fr"})  # a spectator snapshot with presentation

                async def flood() -> None:
                    with contextlib.suppress(websockets.ConnectionClosed):
                        while True:
                            for _ in range(100):
                                await socket.send(hello)
                            await asyncio.sleep(0.02)

                flooding = asyncio.create_task(flood())
                deadline = time.monotonic() + 60
                while await asyncio.to_thread(_connections, server) > 0:  # not yet judged slow
                    assert time.monotonic() < deadline, "the server never judged the stalled client slow"
                    await asyncio.sleep(0.2)
                received = 0
                with pytest.raises(websockets.ConnectionClosed) as closed:
                    while True:
                        await asyncio.wait_for(socket.recv(), 30)
                        received += 1
                flooding.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await flooding
                assert closed.value.rcvd is not None, "the connection was reset without a close frame"
                assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (1013, "slow_client")
                assert received > 0  # the frames already on their way came first

        asyncio.run(stall())
        # the server is fine
        assert httpx.get(f"{server.http}/api/tables/{table['id']}", timeout=10).status_code == 200
