"""Load benchmark of ``veillee serve`` (not a test): many WebSocket clients on loopback playing at once.

Starts the server in a subprocess on a free port with a fresh SQLite database, opens ``--tables`` tables of
``--players`` seats (every seat a WebSocket client that plays random legal actions after a think time),
plays for ``--seconds`` and reports the connections held, accepted actions per second and the p50/p99
latency from sending an action to receiving the new state. Finished matches are rematched so the load
stays steady.

    .venv/bin/python benchmarks/server_load.py --tables 100 --players 5 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.connections = 0
        self.errors = 0
        self.matches = 0
        self.measure_from = 0.0
        """Actions sent before this (the connection storm of the start) are not measured."""


async def seat_client(url: str, token: str, think: float, stats: Stats, stop: float, rng: random.Random) -> None:
    async with websockets.connect(url, max_size=None) as ws:
        stats.connections += 1
        await ws.send(json.dumps({"type": "hello", "token": token}))
        seat = None
        state: dict[str, Any] | None = None
        pending: tuple[int, float] | None = None
        while time.monotonic() < stop:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] == "welcome":
                seat = message["seat"]
                continue
            if message["type"] == "error":
                stats.errors += 1
                pending = None
                continue
            if message["type"] != "state" or message["seat"] != seat or seat is None:
                continue
            state = message
            if pending is not None and state["version"] > pending[0]:
                if pending[1] >= stats.measure_from:
                    stats.latencies.append(time.monotonic() - pending[1])
                pending = None
            if state["over"]:
                stats.matches += 1
                break
            if state["to_act"] == seat and state["legal"] and pending is None:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                pending = (state["version"], time.monotonic())
                await ws.send(
                    json.dumps({"type": "act", "action": rng.choice(state["legal"]), "version": state["version"]})
                )
        stats.connections -= 0  # held until here


async def run_table(
    base: str,
    game: str,
    players: int,
    options: dict[str, Any],
    think: float,
    stats: Stats,
    stop: float,
    rng: random.Random,
) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < stop:
            table = (
                await http.post(
                    "/api/tables", json={"game": game, "players": players, "options": options, "name": "p0"}
                )
            ).json()
            tokens = [table["you"]["token"]]
            for i in range(1, players):
                tokens.append(
                    (
                        await http.post(
                            f"/api/tables/{table['id']}/join", json={"name": f"p{i}", "invite": table["invite_code"]}
                        )
                    ).json()["token"]
                )
            await http.post(f"/api/tables/{table['id']}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
            url = base.replace("http", "ws") + f"/ws/tables/{table['id']}"
            await asyncio.gather(*(seat_client(url, t, think, stats, stop, rng) for t in tokens))


async def main_async(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    rng = random.Random(args.seed)
    options = {"length": "express"} if args.game == "soon" else {}
    stop = time.monotonic() + args.warmup + args.seconds
    stats.measure_from = time.monotonic() + args.warmup
    peak = 0

    async def watch() -> None:
        nonlocal peak
        while time.monotonic() < stop:
            peak = max(peak, stats.connections)
            await asyncio.sleep(0.5)

    await asyncio.gather(
        watch(),
        *(
            run_table(base, args.game, args.players, options, args.think, stats, stop, random.Random(rng.random()))
            for _ in range(args.tables)
        ),
    )
    stats.connections = peak
    return stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--game", default="soon")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client thinks before acting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=float, default=10, help="seconds of start-up not measured")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        log = open(Path(data) / "server.log", "wb")  # noqa: SIM115
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "veillee",
                "serve",
                "--port",
                str(port),
                "--data-dir",
                data,
                "--bot-delay",
                "0",
                "--log-level",
                "warning",
                # every client here shares 127.0.0.1, where real players come from many addresses: the
                # per-address limits would measure themselves, not the server
                "--rate-create",
                "1000000/minute",
                "--rate-join",
                "1000000/minute",
                "--rate-messages",
                "1000000/second",
                "--max-open-tables",
                "1000000",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(600):
                try:
                    httpx.get(f"{base}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            started = time.monotonic()
            stats = asyncio.run(main_async(args, base))
            elapsed = time.monotonic() - started - args.warmup
        finally:
            server.terminate()
            server.wait(10)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    report = {
        "game": args.game,
        "tables": args.tables,
        "players": args.players,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "connections_held": stats.connections,
        "actions": len(lat),
        "actions_per_second": round(len(lat) / elapsed, 1),
        "p50_ms": round(pct(0.50), 1),
        "p99_ms": round(pct(0.99), 1),
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else None,
        "errors": stats.errors,
        "matches_finished": stats.matches,
    }
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
