"""``--ray`` on a real Ray instance with 2 CPUs on 127.0.0.1: the same results as local runs, and a worker
killed in the middle of a batch costs a retry, never a match counted twice.

One head (``ray start --head``) serves the module; the killed-worker test starts its own local instance
through ``--ray`` alone. All of it runs in one xdist group: two Ray instances at once would share 2 cores.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import veillee

if importlib.util.find_spec("ray") is None:  # scripts/test.sh installs the cluster extra: CI must run these
    if os.environ.get("CI"):
        raise RuntimeError("Ray is missing: scripts/test.sh installs it with pip install -e '.[dev,cluster]'")
    pytest.skip("Ray is not installed (pip install -e '.[cluster]')", allow_module_level=True)

from cluster.ray_helpers import (
    children,
    command_line,
    driver_logs,
    free_port,
    kill_all,
    ray_env,
    ray_head,
    run_veillee,
    short_folder,
    tournament_files,
    without_timing,
)
from veillee.cli.simulate import Simulation, play_batch

pytestmark = pytest.mark.xdist_group("ray")

TIME_LINE = re.compile(r"^[\d.]+ s, [\d,]+ decisions/s$", re.MULTILINE)


@pytest.fixture(scope="module")
def env() -> Iterator[dict[str, str]]:
    with short_folder() as folder:
        yield ray_env(folder)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> Iterator[str]:
    with ray_head(tmp_path_factory.mktemp("ray"), env) as address:
        yield address


def test_simulate_on_ray_is_the_same_as_local_runs(cluster: str, env: dict[str, str], tmp_path: Path) -> None:
    args = ["simulate", "sorry", "-p", "3", "-n", "400", "--seed", "5"]
    results = {}
    for name, where in (("serial", []), ("jobs", ["-j", "2"]), ("ray", ["--ray", cluster])):
        path = tmp_path / f"{name}.json"
        run = run_veillee(env, *args, *where, "--json", str(path))
        assert run.returncode == 0, run.stderr
        assert TIME_LINE.search(run.stdout), run.stdout
        results[name] = (without_timing(json.loads(path.read_text())), TIME_LINE.sub("", run.stdout))
    assert f"played on: Ray cluster at {cluster}, 2 CPUs" in " ".join(run.stderr.split())
    assert results["serial"] == results["jobs"] == results["ray"]
    assert results["ray"][0]["matches"] == 400 and "Win rate by seat" in results["ray"][1]


def test_tournament_on_ray_writes_the_same_files_as_local_runs(
    cluster: str, env: dict[str, str], tmp_path: Path
) -> None:
    args = ["tournament", "sorry", "--bots", "random,normal,hard", "--iterations", "10", "--games", "2"]
    files = {}
    for name, where in (("serial", []), ("jobs", ["-j", "2"]), ("ray", ["--ray", cluster])):
        run = run_veillee(env, *args, "--seed", "3", "--out", str(tmp_path / name), *where)
        assert run.returncode == 0, run.stderr
        files[name] = tournament_files(tmp_path / name)
    assert "Ray cluster at" in run.stderr
    assert files["serial"] == files["jobs"] == files["ray"]
    assert files["ray"]["summary"]["matches"] == 6 and len(files["ray"]["matches"].splitlines()) == 7


def test_the_executor_on_ray_raises_the_works_own_errors_without_retrying(
    cluster: str, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from veillee.execution import ExecutionError
    from veillee.execution.ray_cluster import RayExecutor

    for name, value in env.items():
        if name.startswith("RAY_"):
            monkeypatch.setenv(name, value)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    with RayExecutor(cluster) as executor:
        assert executor.workers == 2
        good = Simulation("sorry", 2, {}, 8)
        results = list(executor.map(play_batch, good, range(30), largest_batch=4))
        assert results == play_batch(good, range(30))
        with pytest.raises(veillee.InvalidOption):
            list(executor.map(play_batch, Simulation("sorry", 2, {"deck_list": "nope"}, 8), range(4), largest_batch=2))
        with pytest.raises(ExecutionError, match="already initialised"):
            RayExecutor(cluster)
        # A driver with another veillee (another commit): every worker refuses its batches, the run stops.
        monkeypatch.setattr("veillee.execution.ray_cluster.fingerprint", lambda: "0.1.0+another-commit")
        with pytest.raises(ExecutionError, match=re.escape("driver runs 0.1.0+another-commit")):
            list(executor.map(play_batch, good, range(4), largest_batch=2))


def test_a_killed_worker_has_its_matches_played_again_and_counted_once(env: dict[str, str], tmp_path: Path) -> None:
    """A local instance (``--ray -j 2``); a worker running a batch is SIGKILLed; the run still matches serial."""
    args = ["tournament", "sorry", "--bots", "hard,normal", "--iterations", "40", "--games", "6", "--seed", "9"]
    serial = run_veillee(env, *args, "--out", str(tmp_path / "serial"))
    assert serial.returncode == 0, serial.stderr
    command = [sys.executable, "-m", "veillee", *args, "--out", str(tmp_path / "ray"), "--ray", "-j", "2"]
    with short_folder() as folder:
        local = ray_env(folder)  # this instance's own logs, to see the lost attempt
        run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=local)
        victim = None
        try:
            deadline = time.monotonic() + 180
            while victim is None and run.poll() is None and time.monotonic() < deadline:
                busy = [pid for pid in children(run.pid) if command_line(pid).startswith(b"ray::veillee_batch")]
                if busy:
                    victim = busy[0]
                    os.kill(victim, signal.SIGKILL)  # a worker process in the middle of a batch
                else:
                    time.sleep(0.01)
            out, err = run.communicate(timeout=300)
        finally:
            if run.poll() is None:
                left = children(run.pid)
                run.kill()
                kill_all(left)
        logs = driver_logs(folder)
    assert victim is not None, "no worker was seen running a batch"
    assert run.returncode == 0, err
    assert "local Ray instance, 2 CPUs" in err
    assert "failed with error WORKER_DIED" in logs  # Ray saw the attempt die, and ran the batch again
    ray_files, serial_files = tournament_files(tmp_path / "ray"), tournament_files(tmp_path / "serial")
    assert ray_files == serial_files
    indices = [row["index"] for row in json.loads((tmp_path / "ray" / "summary.json").read_text())["match_rows"]]
    assert indices == list(range(6)) and ray_files["summary"]["matches"] == 6
    assert "Head to head" in out


def test_an_address_where_nothing_listens_fails_in_seconds_with_a_reason(env: dict[str, str]) -> None:
    started = time.monotonic()
    run = run_veillee(env, "simulate", "sorry", "-n", "3", "--ray", f"127.0.0.1:{free_port()}")
    assert run.returncode == 2 and "nothing answers at 127.0.0.1:" in run.stderr
    assert "ray start --head" in " ".join(run.stderr.split()) and "Win rate" not in run.stdout
    assert time.monotonic() - started < 60  # Ray alone would retry for minutes
