"""Shared helpers of the server tests: a real ``veillee serve`` process and real WebSocket clients."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import websockets

SMALL_OPTIONS: dict[str, dict[str, Any]] = {"soon": {"length": "express"}, "soupcons": {"round_cap": 3}}
"""Options that keep a full match short enough for the suite (other games play their defaults)."""

GENEROUS = {
    "--rate-create": "10000/minute",
    "--rate-join": "10000/minute",
    "--rate-messages": "100000/second",
    "--rate-chat": "100000/second",
    "--max-open-tables": "100000",
}
"""The limits of a test server (every test client shares 127.0.0.1); tests of the limits set their own."""

INVITES: dict[str, str] = {}
"""Invite codes of the tables ``create_table`` made, so ``join`` can use them as a friend would."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``veillee serve`` in a subprocess on a free port of 127.0.0.1, with its own data directory."""

    def __init__(
        self,
        data_dir: Path,
        port: int | None = None,
        database_url: str | None = None,
        options: dict[str, str] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.database_url = database_url
        self.options = {**GENEROUS, **(options or {})}
        """``veillee serve`` flags (``{"--suspend-after": "1"}``); a flag without a value maps to ``""``."""
        self.process: subprocess.Popen[bytes] | None = None
        self.startup_timeout = 30.0
        self.env: dict[str, str] = {}
        """Environment variables of this server's process only (a test-only hook)."""

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "veillee", "serve", "--port", str(self.port), "--bot-delay", "0"]
        command += ["--data-dir", str(self.data_dir), "--log-level", "warning"]
        if self.database_url:
            command += ["--database-url", self.database_url]
        for flag, value in self.options.items():
            command += [flag] if value == "" else [flag, value]
        env = dict(os.environ)
        env.pop("VEILLEE_DATABASE_URL", None)
        env.update(self.env)
        self.log = open(self.data_dir / f"server-{time.monotonic_ns()}.log", "wb")  # noqa: SIM115
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + self.startup_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_text()}")
            try:
                if httpx.get(f"{self.http}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start within {self.startup_timeout} s")

    def kill(self) -> None:
        """``kill -9``: no shutdown code runs, as in a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def log_text(self) -> str:
        self.log.flush()
        return "".join(p.read_text(errors="replace") for p in self.data_dir.glob("server-*.log"))


@contextmanager
def running_server(
    data_dir: Path, database_url: str | None = None, options: dict[str, str] | None = None
) -> Iterator[Server]:
    server = Server(data_dir, database_url=database_url, options=options)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def create_table(server: Server, game: str, players: int, **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": players, "options": SMALL_OPTIONS.get(game, {}), **extra}
    answer = httpx.post(f"{server.http}/api/tables", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    INVITES[table["id"]] = table["invite_code"]
    return table


def join(server: Server, table_id: str, name: str, invite: str | None = None) -> tuple[int, str]:
    """Take a seat with the table's invite code (the one ``create_table`` got, unless ``invite`` is given)."""
    body = {"name": name, "invite": invite or INVITES.get(table_id)}
    answer = httpx.post(f"{server.http}/api/tables/{table_id}/join", json=body, timeout=10)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    return body["seat"], body["token"]


def get_record(server: Server, table_id: str, invite: bool = True) -> httpx.Response:
    """``GET /api/tables/{id}/record`` with the table's invite code (a private table's record needs it)."""
    code = INVITES.get(table_id) if invite else None
    headers = {"X-Invite-Code": code} if code else {}
    return httpx.get(f"{server.http}/api/tables/{table_id}/record", headers=headers, timeout=10)


def post(server: Server, path: str, token: str | None = None, body: Any = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(f"{server.http}{path}", json=body, headers=headers, timeout=10)


class Client:
    """A WebSocket client that records every frame it receives and keeps the latest state."""

    def __init__(self, server: Server, table_id: str, token: str | None = None) -> None:
        self.url = f"{server.ws}/ws/tables/{table_id}"
        self.token = token
        self.frames: list[str] = []
        self.state: dict[str, Any] | None = None
        self.events: list[Any] = []
        self.errors: list[dict[str, Any]] = []
        self.seat: int | None = None
        self.socket: Any = None

    async def connect(self, events_from: int | None = None) -> None:
        self.socket = await websockets.connect(self.url, max_size=None)
        if self.token is not None:
            start = len(self.events) if events_from is None else events_from
            await self.send({"type": "hello", "token": self.token, "events_from": start})
            welcome = await self.wait(lambda m: m["type"] == "welcome" and m["seat"] is not None)
        else:
            welcome = await self.wait(lambda m: m["type"] == "welcome")
        assert welcome is not None
        if welcome["table"]["status"] != "lobby":
            await self.wait(lambda m: m["type"] == "state" and m["seat"] == welcome["seat"])

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()

    async def send(self, message: Any) -> None:
        await self.socket.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def receive(self, timeout: float = 20) -> dict[str, Any]:
        text = await asyncio.wait_for(self.socket.recv(), timeout)
        self.frames.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "state" and (self.token is None or message["seat"] is not None):
            if self.state is None or message["version"] >= self.state["version"]:
                if message["events_start"] <= len(self.events):
                    del self.events[message["events_start"] :]
                    self.events.extend(message["events"])
                self.state = message
        elif message["type"] == "welcome":
            self.seat = message["seat"]
        elif message["type"] == "error":
            self.errors.append(message)
        return message

    async def wait(self, predicate: Any, timeout: float = 20, optional: bool = False) -> dict[str, Any] | None:
        """Read frames until one satisfies ``predicate``."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                if optional:
                    return None
                raise TimeoutError("no expected message")
            try:
                message = await self.receive(left)
            except TimeoutError:
                if optional:
                    return None
                raise
            if predicate(message):
                return message


async def play_to_end(clients: list[Client], rng: random.Random, max_steps: int = 20000) -> dict[str, Any]:
    """Every client reads its frames; the one whose seat must act picks a random legal action."""
    finished: asyncio.Event = asyncio.Event()

    async def run(client: Client) -> None:
        steps = 0
        while not finished.is_set() and steps < max_steps:
            state = client.state
            if state is not None and state["over"]:
                finished.set()
                return
            if state is not None and state["to_act"] == client.seat and state["legal"]:
                version = state["version"]
                await client.send({"type": "act", "action": rng.choice(state["legal"]), "version": version})
                steps += 1
                await client.wait(lambda m, v=version: m["type"] == "error" or m.get("version", -1) > v)
            else:
                try:
                    await client.receive(timeout=0.5)
                except TimeoutError:
                    continue

    await asyncio.wait_for(asyncio.gather(*(run(c) for c in clients)), 120)
    final = clients[0].state
    assert final is not None and final["over"]
    return final
