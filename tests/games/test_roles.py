"""Every game package fills the same module roles (docs/architecture.md) with no runtime import cycle."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import veillee

ROLES = (
    "__init__",
    "cards",
    "options",
    "actions",
    "events",
    "state",
    "rules",
    "scoring",
    "explain",
    "view",
    "determinize",
    "render",
)


def _package(game: str) -> Path:
    return Path(importlib.import_module(f"veillee.games.{game}").__file__ or "").parent


@pytest.mark.parametrize("game", veillee.game_names())
def test_every_role_has_its_module(game: str) -> None:
    present = {path.stem for path in _package(game).glob("*.py")}
    assert not set(ROLES) - present, f"{game} lacks {sorted(set(ROLES) - present)}"


def _runtime_imports(path: Path, package: str) -> set[str]:
    """Modules of ``package`` that ``path`` imports when it runs (``TYPE_CHECKING`` blocks excluded,
    imports inside functions included: a deferred import still closes a cycle)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(package + "."):
            found.add(node.module.split(".")[3])
        elif isinstance(node, ast.ImportFrom) and node.module == package:
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[3] for a in node.names if a.name.startswith(package + "."))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


@pytest.mark.parametrize("game", veillee.game_names())
def test_no_runtime_import_cycle_inside_a_game(game: str) -> None:
    package = f"veillee.games.{game}"
    modules = {path.stem: path for path in _package(game).glob("*.py") if path.stem != "__init__"}
    graph = {name: _runtime_imports(path, package) & set(modules) for name, path in modules.items()}
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> None:
        if state.get(name) == 1:
            raise AssertionError(f"{game}: import cycle {' -> '.join([*trail, name])}")
        if state.get(name) == 2:
            return
        state[name] = 1
        for other in sorted(graph[name]):
            visit(other, [*trail, name])
        state[name] = 2

    for name in sorted(graph):
        visit(name, [])


@pytest.mark.parametrize("game", veillee.game_names())
def test_the_declaration_is_complete(game: str) -> None:
    info = veillee.game_info(game)
    assert info.state is not None and info.view is not None and info.events
    assert len(info.options) > 0
    for event_type in info.events:
        assert hasattr(event_type, "__event__"), event_type
