"""Helpers of the multi-process server tests: several real ``veillee serve`` processes on one PostgreSQL
database and one Redis, HAProxy in front, and players that reconnect when their process dies."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import subprocess
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
import websockets
from sqlalchemy import create_engine, text

import veillee
from server.server_helpers import Client, Server, free_port
from veillee.core.match import Match
from veillee.server.bus import bus_prefix

POSTGRES = os.environ.get("VEILLEE_TEST_POSTGRES_URL")
REDIS = os.environ.get("VEILLEE_TEST_REDIS_URL")
ROOT = Path(__file__).resolve().parents[2]
HAPROXY_CFG = ROOT / "deploy" / "haproxy.cfg"


def needs_services() -> list[Any]:
    """Skip (saying which) where PostgreSQL or Redis is not provided; ``scripts/test.sh`` provides both."""
    return [
        pytest.mark.skipif(not POSTGRES, reason="VEILLEE_TEST_POSTGRES_URL is not set (scripts/postgres.sh)"),
        pytest.mark.skipif(not REDIS, reason="VEILLEE_TEST_REDIS_URL is not set (scripts/redis.sh)"),
        pytest.mark.xdist_group("postgres"),  # one test at a time on the one test database
    ]


def empty_database() -> None:
    """Start from no table (processes of the cluster take over every open table they find) and no count of
    the shared rate limits (an earlier test's would still run for a minute)."""
    assert POSTGRES is not None and REDIS is not None
    client = redis.Redis.from_url(REDIS)
    stale = list(client.scan_iter(match=f"{bus_prefix(POSTGRES)}:limits:*", count=1000))
    if stale:
        client.delete(*stale)
    client.close()
    engine = create_engine(POSTGRES)
    with engine.begin() as connection:
        for name in ("veillee_ops", "veillee_actions", "veillee_seats", "veillee_records", "veillee_tables"):
            exists = connection.execute(text("SELECT to_regclass(:n)"), {"n": name}).scalar()
            if exists:
                connection.execute(text(f"DELETE FROM {name}"))
    engine.dispose()


def stored_actions(table_id: str) -> list[tuple[int, str, float]]:
    """``(number, by, at)`` of every stored action of a table, in order."""
    assert POSTGRES is not None
    engine = create_engine(POSTGRES)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT number, by, at FROM veillee_actions WHERE table_id = :t ORDER BY number"), {"t": table_id}
        ).all()
    engine.dispose()
    return [(int(n), str(b), float(at)) for n, b, at in rows]


@contextmanager
def cluster(
    root: Path, count: int, options: dict[str, str] | None = None, envs: dict[int, dict[str, str]] | None = None
) -> Iterator[list[Server]]:
    """``count`` processes of one cluster, each with its own port (and log directory); ``envs``: environment
    variables of some of them, by number."""
    assert POSTGRES is not None and REDIS is not None
    empty_database()
    servers = []
    for number in range(count):
        (root / f"p{number}").mkdir()
        log_level = os.environ.get("VEILLEE_TEST_LOG", "warning")  # info: each takeover is logged
        flags = {"--redis-url": REDIS, "--sweep-every": "1", "--log-level": log_level, **(options or {})}
        servers.append(Server(root / f"p{number}", database_url=POSTGRES, options=flags))
        servers[-1].startup_timeout = 90.0  # three processes importing at once on a busy 2-core machine
        servers[-1].env = (envs or {}).get(number, {})
    try:
        with ThreadPoolExecutor(count) as pool:  # in parallel: each start is mostly waiting for imports
            list(pool.map(Server.start, servers))
        wait_for_processes(servers, count)
        yield servers
    finally:
        for server in servers:
            server.stop()


def revive(servers: list[Server]) -> None:
    """Start again the processes a test killed, and wait until all hear each other."""
    dead = [s for s in servers if s.process is None or s.process.poll() is not None]
    with ThreadPoolExecutor(max(1, len(dead))) as pool:
        list(pool.map(Server.start, dead))
    wait_for_processes(servers, len(servers))


def wait_for_processes(servers: list[Server], count: int, timeout: float = 15) -> None:
    """Until every live process has heard the others' heartbeats."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        live = [s for s in servers if s.process is not None]
        reports = [httpx.get(f"{s.http}/health", timeout=5).json() for s in live]
        if all(r.get("processes") == count for r in reports):
            return
        time.sleep(0.2)
    raise TimeoutError("the processes did not hear each other")


def health(server: Server) -> dict[str, Any]:
    """A process's ``/health``: its ``process`` id, ``connections``, ``owned``, ``handing``, ``counts``."""
    report: dict[str, Any] = httpx.get(f"{server.http}/health", timeout=10).json()
    return report


def owner_of(table_id: str, servers: list[Server]) -> Server | None:
    """The process that owns the table, by the key it set in Redis once it held the table's lock."""
    assert REDIS is not None and POSTGRES is not None
    client = redis.Redis.from_url(REDIS, decode_responses=True)
    process = client.get(f"{bus_prefix(POSTGRES)}:owner:{table_id}")
    client.close()
    live = [s for s in servers if s.process is not None and s.process.poll() is None]
    return next((s for s in live if health(s)["process"] == process), None)


def eventually(check: Callable[[], bool], timeout: float = 15, what: str = "the condition") -> None:
    """Until ``check()`` holds (polled every 0.1 s); ``AssertionError`` naming ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.1)


class Balancer:
    """HAProxy (Debian's package) with the repository's ``deploy/haproxy.cfg``, in front of ``servers``."""

    def __init__(self, servers: list[Server], log_dir: Path) -> None:
        self.port = free_port()
        env = dict(os.environ)
        env["VEILLEE_LB_BIND"] = f"127.0.0.1:{self.port}"
        for number, server in enumerate(servers, start=1):
            env[f"VEILLEE_APP{number}"] = f"127.0.0.1:{server.port}"
        self.log = open(log_dir / "haproxy.log", "wb")  # noqa: SIM115
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        self.process = subprocess.Popen(
            [haproxy, "-f", str(HAPROXY_CFG), "-db"], stdout=self.log, stderr=subprocess.STDOUT, env=env
        )
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.http}/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("HAProxy did not start: " + (log_dir / "haproxy.log").read_text(errors="replace"))

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


def haproxy_available() -> bool:
    return shutil.which("haproxy") is not None or Path("/usr/sbin/haproxy").exists()


Reconnect = Callable[[Client], Awaitable[None]]


async def reconnect_again(client: Client) -> None:
    """Connect again to the same address (a balancer's) until it answers, as the page does: up to 10 s."""
    for _ in range(50):
        try:
            await client.connect()
            return
        except Exception:  # refused, reset, or a process that dies under the handshake
            await asyncio.sleep(0.2)


async def play(
    clients: list[Client],
    rng: random.Random,
    reconnect: Reconnect,
    sleepy: Callable[[Client, dict[str, Any]], bool] = lambda _c, _s: False,
    timeout: float = 60,
) -> None:
    """Every seated client plays a random legal action when it must act (unless ``sleepy`` says it waits for
    its turn timer); a client whose connection ends reconnects with ``reconnect``; until the match is over."""
    over = asyncio.Event()

    async def run(client: Client) -> None:
        while not over.is_set():
            state = client.state
            if state is not None and state["over"]:
                over.set()
                return
            try:
                acting = state is not None and client.seat is not None and state["to_act"] == client.seat
                if acting and state is not None and state["legal"] and not sleepy(client, state):
                    version = state["version"]
                    await client.send({"type": "act", "action": rng.choice(state["legal"]), "version": version})
                    answer = await client.wait(
                        lambda m, v=version: m["type"] == "error" or (m["type"] == "state" and m["version"] > v)
                    )
                    if answer is not None and answer["type"] == "error":
                        await client.wait(lambda m, v=version: m["type"] == "state" and m["version"] > v, 5, True)
                else:
                    await client.receive(timeout=0.3)
            except TimeoutError:
                continue
            except websockets.ConnectionClosed:
                await reconnect(client)

    await asyncio.wait_for(asyncio.gather(*(run(c) for c in clients)), timeout)
    for client in clients:  # the others' last state may still be on its way
        while client.state is None or not client.state["over"]:
            try:
                await client.receive(timeout=10)
            except websockets.ConnectionClosed:
                await reconnect(client)


def check_record(record: dict[str, Any], clients: list[Client], stored: list[tuple[int, str, float]]) -> Any:
    """The record replays; it holds exactly the stored actions, numbered 1..n once each; and every client's
    log is exactly its seat's (or a spectator's) events of the replay: nothing lost, nothing twice."""
    state = veillee.replay(record)
    assert state.is_over
    assert [n for n, _by, _at in stored] == list(range(1, len(record["actions"]) + 1))
    match = Match(state)
    for client in clients:
        assert client.state is not None and client.state["over"]
        assert client.state["version"] == len(record["actions"])
        assert client.events == match.snapshot(client.seat, 0).to_json()["events"], f"seat {client.seat}"
    return state
