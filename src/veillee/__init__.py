"""veillée: four French card games with exact rules, bots and a simulator.

>>> import veillee
>>> state = veillee.new_game("soon", players=3, seed=7)
>>> state.to_act in range(3)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from veillee.core import (
    GameInfo,
    GameState,
    IllegalAction,
    InvalidAction,
    InvalidOption,
    InvalidRecord,
    Result,
    UnknownGame,
    VeilleeError,
)
from veillee.core import replay as _replay
from veillee.games import REGISTRY

__all__ = [
    "GameInfo",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvalidOption",
    "InvalidRecord",
    "Result",
    "UnknownGame",
    "VeilleeError",
    "game_info",
    "game_names",
    "new_game",
    "replay",
]

__version__ = "0.1.0"


def game_names() -> list[str]:
    """The registered games, sorted: ``["skyjo", "soon", "sorry", "soupcons"]`` once all are in."""
    return REGISTRY.names()


def game_info(name: str) -> GameInfo:
    """Player counts, options and title of the game called ``name``."""
    return REGISTRY.get(name)


def new_game(
    name: str, players: int, seed: int = 0, *, deck: Sequence[object] | None = None, **options: Any
) -> GameState[Any]:
    """A new match; options are per game (``veillee.game_info(name).options``).

    ``deck`` stacks the top of the first deck (tests and puzzles); the rest is shuffled from ``seed``.
    """
    return REGISTRY.new_game(name, players, seed, deck=deck, **options)


def replay(record: object) -> GameState[Any]:
    """The match a game record describes, every action checked; raises ``InvalidRecord``."""
    return _replay(record, REGISTRY)
