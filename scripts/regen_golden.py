"""Rewrite the golden playthroughs in tests/golden/ after an intended change; review the diff."""

from pathlib import Path

import veillee
from veillee.core.golden import playthrough
from veillee.games import REGISTRY

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"

if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name in veillee.game_names():
        (GOLDEN / f"{name}.txt").write_text(playthrough(REGISTRY, name), encoding="utf-8")
        print(f"wrote tests/golden/{name}.txt")
