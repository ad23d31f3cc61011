"""A real Ray head on the loopback interface for the tests, and the processes under a process."""

from __future__ import annotations

import csv
import io
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

RAY = str(Path(sys.executable).parent / "ray")


def ray_env(folder: Path) -> dict[str, str]:
    """The environment of every Ray process of the tests: on 127.0.0.1 only, with its files (sessions, logs,
    sockets) under ``folder`` and the tests' own token there (Ray's token authentication; ~/.ray unused), no
    usage report, and no cluster address or setting inherited from the environment. ``folder`` must have a
    short path: Ray's socket paths under it must stay within the 107 characters a Unix socket allows."""
    token = folder / "ray-token"
    if not token.exists():
        token.write_text(secrets.token_hex(32))
        token.chmod(0o600)
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(
        RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0",
        RAY_USAGE_STATS_ENABLED="0",
        RAY_AUTH_MODE="token",
        RAY_AUTH_TOKEN_PATH=str(token),
        RAY_TMPDIR=str(folder),
    )
    return env


@contextmanager
def short_folder() -> Iterator[Path]:
    """A fresh folder with a short path (``/tmp/vr...``), removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="vr"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def driver_logs(folder: Path) -> str:
    """What Ray's drivers logged in every session under ``folder`` (e.g. a task attempt lost to WORKER_DIED)."""
    logs = sorted(folder.glob("ray/session_*/logs/python-core-driver-*"))
    return "".join(log.read_text(errors="replace") for log in logs)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> set[int]:
    """Every live process under ``pid`` (read from /proc: no tool needed)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            parents.setdefault(ppid, []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@contextmanager
def ray_head(tmp: Path, env: dict[str, str], cpus: int = 2) -> Iterator[str]:
    """``ray start --head --block`` on 127.0.0.1 with ``cpus`` CPUs; yields its address; stops every process
    it started (by id) at the end."""
    port = free_port()
    log = tmp / "ray-head.log"
    with open(log, "wb") as out:
        head = subprocess.Popen(
            [RAY, "start", "--head", "--block", f"--port={port}", f"--num-cpus={cpus}", "--include-dashboard=false",
             "--disable-usage-stats", f"--object-store-memory={200 * 2**20}"],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=tmp, start_new_session=True,
        )  # fmt: skip
    started: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while b"Ray runtime started" not in log.read_bytes():
            if head.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("ray start --head failed:\n" + log.read_text(errors="replace"))
            time.sleep(0.2)
        started = children(head.pid)
        yield f"127.0.0.1:{port}"
    finally:
        started |= children(head.pid)
        head.send_signal(signal.SIGTERM)  # --block stops the processes it started
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            head.kill()
            head.wait()
        kill_all(started)


def kill_all(pids: set[int]) -> None:
    """SIGKILL processes these tests started (by id), whichever are still there."""
    for pid in pids:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def run_veillee(env: dict[str, str], *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "veillee", *args], capture_output=True, text=True, timeout=timeout, check=False,
        env=env,
    )  # fmt: skip


TIMING = ("seconds", "slowest", "mean_decision_ms", "slowest_decision_ms", "decisions_per_second")
"""Wall-clock fields: the only ones allowed to differ between two runs of the same command."""


def without_timing(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    return value


def tournament_files(out: Path) -> dict[str, Any]:
    """What a tournament wrote, timing columns aside; matches.csv whole, byte for byte."""
    standings = list(csv.reader(io.StringIO((out / "standings.csv").read_text())))
    return {
        "summary": without_timing(json.loads((out / "summary.json").read_text())),
        "standings": [row[:-2] for row in standings],  # the last two columns are milliseconds
        "matches": (out / "matches.csv").read_bytes(),
    }
