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


def test_simulations_play_soupcons_with_the_bots_round_cap_unless_told() -> None:
    """Issue 14: unattended play takes each option's automated default (Soupçons: round cap 20)."""
    from veillee.cli.options import unattended_options

    assert unattended_options("soupcons", {}) == {"round_cap": 20}
    assert unattended_options("soupcons", {"round_cap": 3}) == {"round_cap": 3}
    assert unattended_options("soon", {"length": "express"}) == {"length": "express"}


def test_help_works_for_every_command() -> None:
    """Issue 16: ``veillee --help`` crashed on an unescaped % in the tournament's help, the first command a
    newcomer types."""
    run = veillee("--help")
    assert run.returncode == 0 and "tournament" in run.stdout, run.stderr
    for command in ("play", "simulate", "replay", "games", "serve", "tournament", "train"):
        run = veillee(command, "--help")
        assert run.returncode == 0 and "usage:" in run.stdout, (command, run.stderr)


def test_replay_refuses_deeply_nested_json_in_plain_words(tmp_path: Path) -> None:
    """Issue 16: a deeply nested file ended in a RecursionError traceback."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    run = veillee("replay", str(path))
    assert run.returncode == 1 and "nested too deeply" in run.stderr
    assert "Traceback" not in run.stderr


def test_serve_refuses_a_balancer_name_that_cannot_begin_a_table_id(tmp_path: Path) -> None:
    for name in ("app.1", "", "a" * 17, "é"):
        run = subprocess.run(
            [sys.executable, "-m", "veillee", "serve", "--data-dir", str(tmp_path), "--balancer-name", name],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert run.returncode == 2 and "--balancer-name" in run.stderr, (name, run.stderr)
