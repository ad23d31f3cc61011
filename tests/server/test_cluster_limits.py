"""Rate limits are shared by the processes of a cluster (counted in Redis): a client that reaches several
processes (through the load balancer, or on purpose) gets one budget, not one per process.

Real processes on PostgreSQL and Redis. Every test client runs on 127.0.0.1, which ``veillee serve`` trusts
for ``X-Forwarded-For`` (as behind HAProxy), so one test speaks from several addresses.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from server.cluster_helpers import cluster, needs_services
from server.server_helpers import Server
from veillee.server.guard import FLUSH_EVERY

pytestmark = needs_services()

LIMITS = {"--rate-create": "4/minute", "--rate-join": "3/minute", "--rate-messages": "6/minute"}


@pytest.fixture
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    with cluster(tmp_path_factory.mktemp("limits"), 2, options=LIMITS) as started:
        yield started


def _early_in_a_window(period: float = 60.0, needed: float = 25.0) -> None:
    """Messages are counted in fixed windows (``BatchedCounts``, a minute here): a flood that crossed a window's
    end would start counting again and see no refusal, so it begins with at least ``needed`` seconds left."""
    left = period - time.time() % period
    if left < needed:
        time.sleep(left + 0.05)


def _post(server: Server, path: str, address: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(f"{server.http}{path}", json=body, headers={"X-Forwarded-For": address}, timeout=20)


def test_limits_count_once_over_all_processes(servers: list[Server]) -> None:
    a, b = servers
    body = {"game": "soon", "players": 4, "name": "Alice", "public": True}
    made = [_post(s, "/api/tables", "10.1.0.1", body) for s in (a, b, a, b)]  # 4 a minute: two on each
    assert [m.status_code for m in made] == [201] * 4
    over = [_post(s, "/api/tables", "10.1.0.1", body) for s in (a, b)]  # each process saw only two
    assert [(o.status_code, o.json()["code"]) for o in over] == [(429, "rate_limited")] * 2
    assert all(1 <= o.json()["retry_after"] <= 60 for o in over)
    assert _post(b, "/api/tables", "10.1.0.2", body).status_code == 201  # another address is not concerned

    tid = made[0].json()["id"]
    joins = [_post(s, f"/api/tables/{tid}/join", "10.1.0.3", {"name": f"P{n}"}) for n, s in enumerate((a, b, a))]
    assert [j.status_code for j in joins] == [200, 200, 200]
    refused = _post(b, f"/api/tables/{tid}/join", "10.1.0.3", {"name": "P4"})
    assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
    seats = httpx.get(f"{a.http}/api/tables/{tid}", timeout=10).json()["seats"]
    assert [s["kind"] for s in seats].count("human") == 4  # Alice and three: the refused join took nothing

    async def flood() -> list[str]:
        """Four pings to each process from one address, in turn: six a minute in all, so two are refused.
        (Processes add up their counts of messages every ``FLUSH_EVERY`` seconds: the pings wait for that.)"""
        headers = {"X-Forwarded-For": "10.1.0.4"}
        sockets = [await websockets.connect(f"{s.ws}/ws/tables/{tid}", additional_headers=headers) for s in (a, b)]
        answers: list[str] = []
        for socket in sockets:
            await socket.recv()  # the welcome
        for _round in range(4):
            for socket in sockets:
                await socket.send(json.dumps({"type": "ping"}))
                while True:
                    message = json.loads(await asyncio.wait_for(socket.recv(), 20))
                    if message["type"] in ("pong", "error"):
                        answers.append(message.get("code", "pong"))
                        break
                await asyncio.sleep(3 * FLUSH_EVERY)
        for socket in sockets:
            await socket.close()
        return answers

    _early_in_a_window()
    answers = asyncio.run(flood())
    assert answers.count("pong") == 6 and answers.count("rate_limited") == 2, answers
