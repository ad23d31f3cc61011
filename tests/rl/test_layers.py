"""veillee.rl is a layer above the games and the bots: nothing below imports it, the rules and bots never
load numpy, and ``import veillee.rl`` loads neither PettingZoo, Gymnasium nor OpenSpiel until asked."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "veillee"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_layer_below_imports_veillee_rl() -> None:
    for layer in ("core", "games", "bots", "cli", "server"):
        for path in (SRC / layer).rglob("*.py"):
            bad = {name for name in _imports(path) if name.startswith("veillee.rl")}
            assert not bad, f"{path.relative_to(SRC)} imports {bad}"


def test_importing_the_rl_package_loads_only_numpy() -> None:
    code = (
        "import sys, veillee, veillee.bots\n"
        "assert 'numpy' not in sys.modules, 'the rules or bots loaded numpy'\n"
        "import veillee.rl\n"
        "heavy = {'pettingzoo', 'gymnasium', 'pyspiel', 'torch'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
