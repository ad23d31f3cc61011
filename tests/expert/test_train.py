"""``veillee train`` in miniature (CI never trains for real): two self-play matches with tiny searches, a
checkpoint, a learning-curve point and PNG, a resume, and the same weights again from the same seed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")

import veillee
from veillee.expert.net import check, load
from veillee.expert.train import TrainConfig, train


def _config(out: Path, games: int, measure: int = 0) -> TrainConfig:
    return TrainConfig(
        game="sorry",
        players=2,
        out=out,
        seed=5,
        games=games,
        hours=0.1,
        hidden=16,
        iterations=4,
        measure_matches=measure,
        measure_iterations=4,
        calibrate_positions=2,
        calibrate_iterations=8,
        calibrate_value_matches=1,
    )


def test_train_checkpoints_resumes_and_is_reproducible(tmp_path: Path) -> None:
    first = train(_config(tmp_path / "a", games=2, measure=1))
    for name in ("checkpoint.pt", "buffer.npz", "weights.npz", "learning_curve.png", "curve.json"):
        assert (tmp_path / "a" / name).is_file(), name
    network = load(first)
    assert network.meta["games"] == 2 and network.meta["rules_version"] == veillee.new_game("sorry", 2, 0).rules_version
    check(network, veillee.new_game("sorry", 2, 1))
    assert network.meta["prior_calibration"]["positions"] == 2 and "prior_width" in network.meta
    assert network.meta["value_calibration"]["matches"] == 1 and network.meta["value_calibration"]["positions"] > 0
    errors = network.meta["value_mse"]
    assert network.meta["mix"] == min((0.0, 0.25, 0.5, 0.75, 1.0), key=lambda m: errors[str(m)]) and set(errors) == {
        "0.0",
        "0.25",
        "0.5",
        "0.75",
        "1.0",
    }
    resumed = load(train(_config(tmp_path / "a", games=3), resume=tmp_path / "a"))
    assert resumed.meta["games"] == 3
    straight = load(train(_config(tmp_path / "b", games=3)))
    for name, array in resumed.arrays.items():
        np.testing.assert_array_equal(array, straight.arrays[name], err_msg=name)


def test_the_command_refuses_bad_settings(tmp_path: Path) -> None:
    cli = [sys.executable, "-m", "veillee", "train"]
    run = subprocess.run([*cli, "sorry", "--hours", "0"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "--hours must be positive" in run.stdout
    run = subprocess.run([*cli, "sorry", "--resume", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "holds no checkpoint.pt" in run.stdout
    run = subprocess.run([*cli, "chess"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and "unknown game 'chess'" in run.stdout
