"""Load benchmark of ``veillee serve`` (not a test): many WebSocket clients on loopback playing at once.

Starts the server in a subprocess on a free port with a fresh SQLite database, opens ``--tables`` tables of
``--players`` seats (every seat a WebSocket client that plays random legal actions after a think time),
plays for ``--seconds`` and reports the connections held, accepted actions per second and the p50/p99
latency from sending an action to receiving the new state. Finished matches are replaced by new tables so
the load stays steady.

With ``--processes 3`` it starts three ``veillee serve`` processes on PostgreSQL and Redis behind HAProxy
(``deploy/haproxy.cfg``), the clients going through the balancer; ``--kill-after S`` kills one process with
``kill -9`` S seconds in (its clients reconnect through the balancer). At the end the highest version each
table reached in any client is compared with the actions stored: a move a client was shown but the
database lost would count in ``lost_moves``.

Needs the ``dev`` and ``bench`` extras (``pip install -e '.[dev,bench]'``: websockets, httpx, aiohttp).

    .venv/bin/python benchmarks/server_load.py --tables 100 --players 5 --seconds 60
    .venv/bin/python benchmarks/server_load.py --tables 400 --players 5 --warmup 0 --seconds 60 --processes 3 \
        --database-url postgresql+psycopg://... --redis-url redis://127.0.0.1:6379/0 --reset-database --kill-after 30
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
import httpx
import websockets
from sqlalchemy import create_engine, text


def run_loop(work: Any) -> Any:
    """The clients on uvloop where the server has it too (a dependency off Windows): the generator shares the
    machine's cores with the servers it measures, so its own CPU is taken from theirs."""
    # the collector tuned as ``veillee serve`` tunes it (``steady_collector``), written here so that an A/B run
    # of older server code (PYTHONPATH) keeps the same generator: its own pauses are not the servers' latency
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 100)
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.sent: list[float] = []
        """When each measured action was sent (``time.monotonic()``), in the order of ``latencies``."""
        self.connections = 0
        self.errors = 0
        self.matches = 0
        self.measure_from = 0.0
        """Actions sent before this (the connection storm of the start) are not measured."""
        self.error_codes: dict[str, int] = {}
        self.versions: dict[str, int] = {}
        """The highest version any client saw, by table: compared at the end with what was stored."""
        self.reconnects = 0
        self.connect_failures = 0
        self.lags: list[float] = []
        """How late the load generator's own event loop woke a 50 ms sleeper: when this is large, the clients
        themselves are the queue, and the latencies measure them as much as the servers."""
        self.http_errors = 0
        self.http_samples: list[str] = []
        self.opened: list[float] = []
        """When each table was open and started (``time.monotonic()``): how long the creation storm lasted."""


async def seat_client(
    url: str, table_id: str, token: str, think: float, stats: Stats, stop: float, rng: random.Random
) -> None:
    """One seat: plays a random legal action after a think time; if its connection ends (its process was
    killed), it reconnects through the same address (the balancer) and takes its seat again."""
    pending: tuple[int, float] | None = None
    first = True
    while time.monotonic() < stop:
        try:
            ws = await websockets.connect(url, max_size=None, open_timeout=20)
        except Exception:
            stats.connect_failures += 1
            await asyncio.sleep(0.5)
            continue
        if first:
            stats.connections += 1
            first = False
        try:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            seat = None
            while time.monotonic() < stop:
                try:
                    async with asyncio.timeout(max(0.05, stop - time.monotonic())):
                        text = await ws.recv()
                except TimeoutError:
                    break
                message = json.loads(text)
                if message["type"] == "welcome":
                    seat = message["seat"]
                    continue
                if message["type"] == "error":
                    stats.errors += 1
                    stats.error_codes[message["code"]] = stats.error_codes.get(message["code"], 0) + 1
                    pending = None
                    continue
                if message["type"] != "state" or message["seat"] != seat or seat is None:
                    continue
                state = message
                seen = stats.versions.get(table_id, 0)
                stats.versions[table_id] = max(seen, state["version"])
                if pending is not None and state["version"] > pending[0]:
                    if pending[1] >= stats.measure_from:
                        stats.latencies.append(time.monotonic() - pending[1])
                        stats.sent.append(pending[1])
                    pending = None
                if state["over"]:
                    stats.matches += 1
                    return
                if state["to_act"] == seat and state["legal"] and pending is None:
                    await asyncio.sleep(min(rng.uniform(0, 2 * think), max(0.0, stop - time.monotonic())))
                    pending = (state["version"], time.monotonic())
                    action = rng.choice(state["legal"])
                    await ws.send(json.dumps({"type": "act", "action": action, "version": state["version"]}))
            return
        except websockets.ConnectionClosed:
            stats.reconnects += 1
            await asyncio.sleep(rng.uniform(0.1, 0.5))  # as the page does: back off a little, then again
        finally:
            await ws.close()


async def run_table(
    http: aiohttp.ClientSession,
    opening: asyncio.Semaphore,
    base: str,
    game: str,
    players: int,
    options: dict[str, Any],
    think: float,
    stats: Stats,
    stop: float,
    rng: random.Random,
) -> None:
    while time.monotonic() < stop:
        try:
            async with opening:
                tokens, table_id = await open_table(http, game, players, options)
        except (aiohttp.ClientError, TimeoutError, KeyError, ValueError) as exc:  # a process died under it: again
            stats.http_errors += 1
            if len(stats.http_samples) < 5:
                stats.http_samples.append(repr(exc)[:200])
            await asyncio.sleep(0.5)
            continue
        stats.opened.append(time.monotonic())
        url = base.replace("http", "ws") + f"/ws/tables/{table_id}"
        await asyncio.gather(*(seat_client(url, table_id, t, think, stats, stop, rng) for t in tokens))


async def open_table(
    http: aiohttp.ClientSession, game: str, players: int, options: dict[str, Any]
) -> tuple[list[str], str]:
    """Create a table, seat its players and start it: its seat tokens and id."""
    body = {"game": game, "players": players, "options": options, "name": "p0"}
    table = await _post(http, "/api/tables", body)
    tokens = [table["you"]["token"]]
    for i in range(1, players):
        answer = await _post(http, f"/api/tables/{table['id']}/join", {"name": f"p{i}", "invite": table["invite_code"]})
        tokens.append(answer["token"])
    await _post(http, f"/api/tables/{table['id']}/start", None, {"Authorization": f"Bearer {tokens[0]}"})
    return tokens, table["id"]


async def _post(
    http: aiohttp.ClientSession, path: str, body: Any, headers: dict[str, str] | None = None
) -> dict[str, Any]:
    """One lobby request's JSON answer; a refusal raises ``ValueError`` (the table is made again)."""
    async with http.post(path, json=body, headers=headers) as response:
        answer: dict[str, Any] = await response.json()
        if response.status >= 400:
            raise ValueError(json.dumps(answer))
        return answer


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
            asked = time.monotonic()
            await asyncio.sleep(0.05)
            if asked >= stats.measure_from:
                stats.lags.append(time.monotonic() - asked - 0.05)

    # one HTTP client for every table, at most 32 requests in it at once; aiohttp's rather than httpx's: a
    # profile of this generator put half its CPU in httpx/httpcore while the tables were made (about 8 ms of
    # CPU a request: its pool scans its queue for every request it assigns), on the cores the servers need
    opening = asyncio.Semaphore(32)
    connector = aiohttp.TCPConnector(limit=32)
    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(base_url=base, connector=connector, timeout=timeout) as http:
        await asyncio.gather(
            watch(),
            *(
                run_table(
                    http,
                    opening,
                    base,
                    args.game,
                    args.players,
                    options,
                    args.think,
                    stats,
                    stop,
                    random.Random(rng.random()),
                )
                for _ in range(args.tables)
            ),
        )
    stats.connections = peak
    return stats


SERVE_FLAGS = [
    "--bot-delay",
    "0",
    "--log-level",
    "warning",
    # every client here shares 127.0.0.1, where real players come from many addresses: the per-address
    # limits would measure themselves, not the server
    "--rate-create",
    "1000000/minute",
    "--rate-join",
    "1000000/minute",
    "--rate-messages",
    "1000000/second",
    "--max-open-tables",
    "1000000",
]


def wait_until_up(base: str, path: str = "/health") -> None:
    for _ in range(1200):
        try:
            if httpx.get(f"{base}{path}", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{base} did not come up")


SERVER_PORTS: list[int] = []
"""The ports of the server processes (their ``/health`` counts what they forwarded and copied)."""


def start_processes(args: argparse.Namespace, data: str) -> tuple[str, list[subprocess.Popen[bytes]], str]:
    """The server processes (and HAProxy in front of several): the address clients use, the processes, and
    the database URL."""
    if args.processes == 1:
        url = args.database_url or f"sqlite:///{Path(data) / 'veillee.sqlite3'}"
        command = [sys.executable, "-m", "veillee", "serve", "--port", str(free_port()), "--database-url", url]
        log = open(Path(data) / "server.log", "wb")  # noqa: SIM115
        process = subprocess.Popen([*command, *SERVE_FLAGS], stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{command[5]}"
        try:
            wait_until_up(base, "/api/games")
        except BaseException:
            stop([process])
            raise
        return base, [process], url
    if not (args.database_url and args.redis_url):
        raise SystemExit("--processes > 1 needs --database-url (PostgreSQL) and --redis-url")
    if args.reset_database:
        engine = create_engine(args.database_url)
        with engine.begin() as connection:
            for name in ("veillee_ops", "veillee_actions", "veillee_seats", "veillee_tables"):
                if connection.execute(text("SELECT to_regclass(:n)"), {"n": name}).scalar():
                    connection.execute(text(f"DELETE FROM {name}"))
        engine.dispose()
    ports = [free_port() for _ in range(args.processes)]
    SERVER_PORTS.extend(ports)
    processes = []
    for number, port in enumerate(ports):
        command = [sys.executable, "-m", "veillee", "serve", "--port", str(port), "--database-url", args.database_url]
        command += ["--redis-url", args.redis_url, *SERVE_FLAGS]
        if not args.unnamed:  # deploy/haproxy.cfg's server names: each table lives where it was made
            command += ["--balancer-name", f"app{number + 1}"]
        log = open(Path(data) / f"server-{number}.log", "wb")  # noqa: SIM115
        processes.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
    try:  # a start that fails (no HAProxy, a server that does not come up) leaves nothing running
        for port in ports:
            wait_until_up(f"http://127.0.0.1:{port}")
        balancer_port = free_port()
        env = {**os.environ, "VEILLEE_LB_BIND": f"127.0.0.1:{balancer_port}"}
        for number, port in enumerate(ports, start=1):
            env[f"VEILLEE_APP{number}"] = f"127.0.0.1:{port}"
        log = open(Path(data) / "haproxy.log", "wb")  # noqa: SIM115
        config = Path(__file__).resolve().parents[1] / "deploy" / "haproxy.cfg"
        processes.append(
            subprocess.Popen(["haproxy", "-f", str(config), "-db"], stdout=log, stderr=subprocess.STDOUT, env=env)
        )
        base = f"http://127.0.0.1:{balancer_port}"
        wait_until_up(base)
    except BaseException:
        stop(processes)
        raise
    return base, processes, args.database_url


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    """Ends every process still running, the last started first."""
    for process in reversed(processes):
        if process.poll() is None:
            process.terminate()
            process.wait(10)


def stored_counts(url: str) -> dict[str, tuple[int, int]]:
    """For each table: how many actions are stored, and the highest action number."""
    engine = create_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT table_id, count(*), max(number) FROM veillee_actions GROUP BY table_id")
        ).all()
    engine.dispose()
    return {str(t): (int(c), int(m)) for t, c, m in rows}


def cluster_counts() -> dict[str, int]:
    """What the live processes of a cluster did, added up: requests forwarded to a table's owner (by kind),
    requests served for another process, actions applied to copies, tables handed over and taken."""
    total: dict[str, int] = {}
    for port in SERVER_PORTS:
        try:
            counts = httpx.get(f"http://127.0.0.1:{port}/health", timeout=10).json().get("counts", {})
        except (httpx.HTTPError, ValueError):
            continue  # the process killed during the run: its counts are lost
        for key, value in counts.items():
            total[key] = total.get(key, 0) + int(value)
    return dict(sorted(total.items()))


def windows(stats: Stats, width: float) -> list[float]:
    """The p99 latency (ms) of the actions sent in each ``width``-second window from the start."""
    buckets: dict[int, list[float]] = {}
    for sent, latency in zip(stats.sent, stats.latencies, strict=True):
        buckets.setdefault(int((sent - stats.measure_from) // width), []).append(latency)
    return [
        round(1000 * sorted(b)[int(0.99 * len(b))], 1) if (b := buckets.get(i)) else float("nan")
        for i in range(max(buckets, default=-1) + 1)
    ]


def storm(stats: Stats) -> dict[str, Any]:
    """The start of the run second by second: how many tables were open, how many measured actions were
    sent and their p99 (ms), for the first 20 s; and when half, nine tenths and all of the tables were open."""
    opened = sorted(t - stats.measure_from for t in stats.opened)
    return {
        "tables_open_at_s": {
            share: round(opened[min(len(opened) - 1, int(share * len(opened)))], 1) if opened else None
            for share in (0.5, 0.9, 1.0)
        },
        "by_second": [[sum(1 for t in opened if t < i + 1), *sent] for i, sent in enumerate(by_second(stats, 0.0, 20))],
    }


def by_second(stats: Stats, begin: float, seconds: int) -> list[list[Any]]:
    """For each second from ``begin`` (s into the run): the measured actions sent in it and their p99 (ms)."""
    buckets: list[list[float]] = [[] for _ in range(seconds)]
    for sent, latency in zip(stats.sent, stats.latencies, strict=True):
        if 0 <= (second := int(sent - stats.measure_from - begin)) < seconds:
            buckets[second].append(latency)
    return [[len(b), round(1000 * sorted(b)[int(0.99 * len(b))]) if b else None] for b in buckets]


def machine_busy() -> tuple[float, float, float]:
    """The machine's busy, total and stolen CPU time so far (``/proc/stat``, every core): their change over
    a run says how saturated the cores were, and how much of that a virtual machine's host took for others
    (steal), which no change of ours can win back."""
    fields = [int(x) for x in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields), fields[7]


def cpu_of_commands(names: tuple[str, ...]) -> float:
    """CPU time used so far by every live process whose command is one of ``names`` (PostgreSQL's backends,
    Redis): with the servers', the generator's and HAProxy's, where the machine's cores went."""
    total = 0.0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in names:
                    total += cpu_seconds(int(entry.name))
            except OSError:
                continue
    return total


SERVICES = ("postgres", "redis-server")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a live process has used: a figure the machine's other work hardly changes."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0  # the process killed during the run
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--game", default="soon")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client thinks before acting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--warmup", type=float, default=10, help="seconds of start-up not measured")
    parser.add_argument("--processes", type=int, default=1, help="server processes (more than 1: behind HAProxy)")
    parser.add_argument("--database-url", default=None, help="PostgreSQL URL (needed with --processes > 1)")
    parser.add_argument("--redis-url", default=None, help="Redis URL (needed with --processes > 1)")
    parser.add_argument("--reset-database", action="store_true", help="delete every table in the database first")
    parser.add_argument("--log-dir", default=None, help="keep the servers' (and HAProxy's) logs and data here")
    parser.add_argument(
        "--unnamed",
        action="store_true",
        help="start the processes without --balancer-name: tables are handed to where their players arrive",
    )
    parser.add_argument("--kill-after", type=float, default=None, help="kill -9 one server process after S seconds")
    parser.add_argument(
        "--generator-nice",
        type=int,
        default=0,
        help="scheduling priority of the clients once the servers run (e.g. -10, as root): clients stand in for "
        "players on machines of their own, so on a machine they share their lateness should not count",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        data = args.log_dir or scratch
        Path(data).mkdir(parents=True, exist_ok=True)
        base, processes, url = start_processes(args, data)
        if args.generator_nice:
            os.setpriority(os.PRIO_PROCESS, 0, args.generator_nice)  # this thread: the event loop of every client
        killed: list[float] = []

        async def killer() -> None:
            if args.kill_after is None:
                return
            await asyncio.sleep(args.kill_after)
            processes[0].send_signal(signal.SIGKILL)
            killed.append(time.monotonic() - started)

        steady: list[float] = []

        async def mark_steady() -> None:
            """Server CPU time and stored actions once the warm-up (creation, joins) is over."""
            await asyncio.sleep(args.warmup)
            cpu_then = sum(cpu_seconds(p.pid) for p in processes[: args.processes])
            stored_then = sum(c for c, _h in (await asyncio.to_thread(stored_counts, url)).values())
            steady.extend([cpu_then, stored_then])

        async def run() -> Stats:
            results = await asyncio.gather(main_async(args, base), killer(), mark_steady())
            return results[0]

        try:
            started = time.monotonic()
            busy_then, total_then, steal_then = machine_busy()
            services_then = cpu_of_commands(SERVICES)
            generator_then = time.process_time()
            stats = run_loop(run())
            generator_cpu = time.process_time() - generator_then
            busy_now, total_now, steal_now = machine_busy()
            services_cpu = cpu_of_commands(SERVICES) - services_then  # backends that ended are not counted
            balancer_cpu = cpu_seconds(processes[-1].pid) if args.processes > 1 else 0.0
            elapsed = time.monotonic() - started - args.warmup
            counts = stored_counts(url)
            cpu = sum(cpu_seconds(p.pid) for p in processes[: args.processes])
            counted = cluster_counts()
        finally:
            stop(processes)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    lost = sum(max(0, seen - counts.get(table, (0, 0))[0]) for table, seen in stats.versions.items())
    doubled = sum(1 for count, highest in counts.values() if count != highest)
    report = {
        "game": args.game,
        "processes": args.processes,
        "tables": args.tables,
        "players": args.players,
        "think_s": args.think,
        "seconds": round(elapsed, 1),
        "warmup_s": args.warmup,
        "killed_at_s": round(killed[0], 1) if killed else None,
        "connections_held": stats.connections,
        "actions": len(lat),
        "actions_per_second": round(len(lat) / elapsed, 1),
        "p50_ms": round(pct(0.50), 1),
        "p99_ms": round(pct(0.99), 1),
        "max_ms": round(1000 * lat[-1], 1) if lat else None,
        "mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else None,
        # the same p99 by 15-s window of the run (when the action was sent): the creation storm, the kill
        "p99_ms_by_15s": windows(stats, 15.0),
        # the first 20 s, second by second: [tables open by then, actions sent in it, their p99 in ms]
        "start": storm(stats),
        # the same from the second before the kill, for 12 s: [actions sent in it, their p99 in ms]
        "around_kill": by_second(stats, killed[0] - 1, 12) if killed else None,
        "errors": stats.errors,
        "error_codes": stats.error_codes,
        "http_errors": stats.http_errors,
        "http_error_samples": stats.http_samples,
        "reconnects": stats.reconnects,
        "connect_failures": stats.connect_failures,
        "lost_moves": lost,
        "tables_with_a_gap_or_double": doubled,
        "matches_finished": stats.matches,
        "server_cpu_s": round(cpu, 1),
        "stored_actions": sum(count for count, _highest in counts.values()),
        # what the servers spent per action they accepted (bots', timers' and the start's share included):
        # CPU time hardly depends on the machine's other work, unlike latency
        "server_cpu_s_per_1000_actions": round(1000 * cpu / max(1, sum(c for c, _h in counts.values())), 2),
        # the same after the warm-up only: what playing costs, without the creation of the tables
        "steady_cpu_s_per_1000_actions": (
            round(1000 * (cpu - steady[0]) / max(1, sum(c for c, _h in counts.values()) - steady[1]), 2)
            if steady and not killed
            else None
        ),
        # the rest of the machine: the clients' own process, how late its event loop ran (p99 of a 50 ms
        # sleeper's overshoot), HAProxy, and how busy every core was over the whole run
        "generator_cpu_s": round(generator_cpu, 1),
        "generator_loop_lag_p99_ms": round(1000 * sorted(stats.lags)[int(0.99 * len(stats.lags))], 1)
        if stats.lags
        else None,
        "generator_nice": args.generator_nice,
        "balancer_cpu_s": round(balancer_cpu, 1),
        "postgres_redis_cpu_s": round(services_cpu, 1),
        "machine_cores": os.cpu_count(),
        "machine_busy_share": round((busy_now - busy_then) / max(1, total_now - total_then), 3),
        "machine_steal_share": round((steal_now - steal_then) / max(1, total_now - total_then), 3),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if args.processes > 1:
        stored = max(1, sum(count for count, _highest in counts.values()))
        # the share of stored actions that reached a process other than their table's owner, and how many
        # times each action was applied again on a copy (both 0 when a table's players are on its owner)
        report["forwarded_action_share"] = round(counted.get("forwarded_submit", 0) / stored, 3)
        report["copy_applications_per_action"] = round(counted.get("copied", 0) / stored, 3)
        # how many accepted actions shared a transaction (group commit): actions per transaction written
        report["actions_per_store_transaction"] = round(
            counted.get("store_actions", 0) / max(1, counted.get("store_transactions", 0)), 2
        )
        report["cluster_counts"] = counted
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
