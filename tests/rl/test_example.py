"""The one-minute smoke version of examples/train_skyjo_maskable_ppo.py: the whole pipeline (training
against random then normal, greedy evaluation, learning curve, saved model) runs and writes its files.
The full training is not a test (20 minutes); its measured result is in docs/rl.md."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("torch")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_skyjo_maskable_ppo.py"


def test_the_training_example_runs_end_to_end_in_smoke_mode(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("train_skyjo_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--smoke", "--envs", "4", "--out", str(tmp_path)])
    assert result["smoke"] is True and result["matches"] == 4
    assert result["steps"] > result["steps_vs_random"] > 0  # both phases trained
    assert 0.0 <= result["wilson95"][0] <= result["win_rate"] <= result["wilson95"][1] <= 1.0
    assert json.loads((tmp_path / "result.json").read_text()) == result
    png = (tmp_path / "learning_curve.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 5_000
    assert (tmp_path / "model.zip").stat().st_size > 10_000


def test_wilson_interval() -> None:
    spec = importlib.util.spec_from_file_location("train_skyjo_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    low, high = module.wilson(150, 200)
    assert (round(low, 3), round(high, 3)) == (0.686, 0.805)
    assert module.wilson(0, 0) == (0.0, 1.0)
