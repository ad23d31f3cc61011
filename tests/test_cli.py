"""The veillee command, run as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def veillee(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "veillee", *args], capture_output=True, text=True, timeout=300, check=False
    )


def test_simulate_prints_a_summary_and_is_the_same_with_jobs(tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    run = veillee("simulate", "soon", "-p", "3", "-n", "30", "--seed", "4", "--json", str(one))
    assert run.returncode == 0, run.stderr
    assert "Win rate by seat" in run.stdout and "lightning" in run.stdout
    assert (
        veillee("simulate", "soon", "-p", "3", "-n", "30", "--seed", "4", "-j", "2", "--json", str(two)).returncode == 0
    )
    first, second = json.loads(one.read_text()), json.loads(two.read_text())
    for report in (first, second):
        report.pop("seconds")
        report.pop("decisions_per_second")
    assert first == second
    assert first["matches"] == 30 and abs(sum(first["win_rate_by_seat"]) - 1) < 0.2


def test_simulate_refuses_bad_options() -> None:
    run = veillee("simulate", "soon", "-o", "length=forever")
    assert run.returncode == 2 and "one of express, classic, endurance" in run.stderr
    run = veillee("simulate", "chess")
    assert run.returncode == 2 and "no game named" in run.stderr


def test_replay_checks_a_saved_match_and_refuses_a_tampered_one(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    assert veillee("simulate", "soon", "-n", "1", "-o", "length=express", "--save", str(path)).returncode == 0
    run = veillee("replay", str(path))
    assert run.returncode == 0 and "all legal" in run.stdout and "winner" in run.stdout
    record = json.loads(path.read_text())
    record["actions"][3] = {"type": "lightning", "target": 1}
    path.write_text(json.dumps(record))
    run = veillee("replay", str(path))
    assert run.returncode == 1 and "action 4" in run.stderr


def test_games_lists_soon() -> None:
    run = veillee("games")
    assert run.returncode == 0 and "SOON" in run.stdout
