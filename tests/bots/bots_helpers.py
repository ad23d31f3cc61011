"""Helpers shared by the bot tests: reachability walks for the no-peeking test, short matches per game."""

from __future__ import annotations

import enum
import gc
import types
from typing import Any

import veillee

SHORT_OPTIONS: dict[str, dict[str, Any]] = {"soon": {"length": "express"}}
"""Options that keep a match short enough for CI (games not listed use their defaults)."""

_ATOMS = (str, bytes, int, float, complex, bool, type(None), range)
_OPAQUE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType, enum.Enum)


def reachable(*roots: object) -> dict[int, object]:
    """Every object reachable from ``roots`` through ``gc.get_referents``, by id.

    Classes, modules, functions and enum members are neither entered nor counted: they are shared by
    every state of a game and hold no match data (entering a class would reach the whole program).
    """
    seen: dict[int, object] = {}
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if isinstance(obj, (*_ATOMS, *_OPAQUE)) or id(obj) in seen:
            continue
        seen[id(obj)] = obj
        stack.extend(gc.get_referents(obj))
    return seen


def mutable_parts(state: object) -> dict[int, object]:
    """The state itself and every mutable container reachable from it: what an agent must never hold."""
    return {
        key: obj
        for key, obj in reachable(state).items()
        if isinstance(obj, (list, dict, set, bytearray, veillee.GameState))
    }


def short_game(game: str, seed: int, players: int | None = None) -> veillee.GameState[Any]:
    info = veillee.game_info(game)
    return veillee.new_game(game, players or info.min_players, seed, **SHORT_OPTIONS.get(game, {}))
