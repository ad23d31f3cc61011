"""Golden playthroughs: a rule change or a leak shows up as a diff of tests/golden/<game>.txt."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import veillee
from veillee.core.golden import playthrough
from veillee.games import REGISTRY

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.mark.parametrize("name", veillee.game_names())
def test_golden_playthrough_is_unchanged(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    assert path.exists(), f"no golden file for {name}: run .venv/bin/python scripts/regen_golden.py"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(REGISTRY, name)
    if actual != expected:
        diff = "".join(
            list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), "golden", "now"))[:60]
        )
        pytest.fail(f"{name} plays differently (intended? run scripts/regen_golden.py):\n{diff}")
