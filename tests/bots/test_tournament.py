"""The tournament: schedule, intervals, ratings, and the command's files (JSON, CSV, PNG)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from veillee.bots.tournament import TournamentConfig, run_tournament, schedule, wilson
from veillee.cli.main import main


def test_wilson_interval_known_values() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-3) and high == pytest.approx(0.9433, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_schedule_rotates_seats_for_every_pair() -> None:
    specs = schedule(TournamentConfig("soon", ("random", "normal", "hard"), games=4, seed=1))
    assert len(specs) == 12
    for pair in (("random", "normal"), ("random", "hard"), ("normal", "hard")):
        seatings = [s.seats for s in specs if set(s.seats) == set(pair)]
        assert seatings.count(pair) == 2 and seatings.count(pair[::-1]) == 2


def test_same_seed_same_tournament_and_jobs_do_not_matter() -> None:
    config = TournamentConfig("soon", ("random", "normal"), games=4, seed=3, options={"length": "express"})
    first, rows = run_tournament(config)
    _second, rows_again = run_tournament(config, jobs=2)
    strip = [{k: v for k, v in r.items() if k not in ("seconds", "slowest")} for r in rows]
    assert strip == [{k: v for k, v in r.items() if k not in ("seconds", "slowest")} for r in rows_again]
    normal = next(s for s in first["standings"] if s["bot"] == "normal")
    assert normal["matches"] == 4 and normal["wins"] >= 3
    assert normal["mu"] > next(s for s in first["standings"] if s["bot"] == "random")["mu"]


def test_command_writes_json_csv_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t"
    args = ["tournament", "soon", "-o", "length=express", "--bots", "random,easy,hard", "--games", "2"]
    code = main([*args, "--iterations", "20", "--seed", "4", "--out", str(out)])
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["matches"] == 6 and len(summary["match_rows"]) == 6
    assert (out / "standings.csv").read_text().startswith("bot,matches,wins,win_rate,ci95_low")
    assert len((out / "matches.csv").read_text().splitlines()) == 7
    assert len((out / "matches.jsonl").read_text().splitlines()) == 6
    assert (out / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Head to head" in capsys.readouterr().out


def test_command_refuses_unknown_levels(tmp_path: Path) -> None:
    assert main(["tournament", "soon", "--bots", "random,wizard", "--out", str(tmp_path)]) == 2


def test_a_field_fills_every_other_seat() -> None:
    config = TournamentConfig("soupcons", ("random", "normal"), games=3, seed=2, players=3, field="normal")
    specs = schedule(config)
    assert [s.seats for s in specs[:3]] == [
        ("random", "normal (field)", "normal (field)"),
        ("normal (field)", "random", "normal (field)"),
        ("normal (field)", "normal (field)", "random"),
    ]
    summary, _rows = run_tournament(
        TournamentConfig("soupcons", ("random",), games=3, seed=2, players=3, options={"round_cap": 20}, field="easy")
    )
    lines = {s["bot"]: s["matches"] for s in summary["standings"]}
    assert lines == {"random": 3, "easy (field)": 6}


def test_a_field_must_be_a_level() -> None:
    with pytest.raises(ValueError, match="levels are"):
        schedule(TournamentConfig("soupcons", ("random",), games=1, seed=1, players=3, field="wizard"))
