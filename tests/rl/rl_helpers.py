"""Shared cases for the research-interface tests: every game, every player count, short options."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import veillee

SHORT: dict[str, dict[str, Any]] = {
    "soon": {"length": "express"},
    "sorry": {},
    "soupcons": {"round_cap": 3},
    "skyjo": {"target": 10},
}
"""Options that keep a match short, for tests that play whole matches."""

CASES = [(game, players) for game in sorted(SHORT) for players in veillee.game_info(game).player_counts]
"""Every game with every player count."""

SMALL = [("soon", 2), ("sorry", 3), ("soupcons", 4), ("skyjo", 2)]
"""One player count per game, for the heavier tests."""


def random_states(game: str, players: int, seed: int, every: int = 7, limit: int = 400) -> Iterator[Any]:
    """States along a random match of ``game`` (every ``every`` decisions, at most ``limit`` decisions)."""
    state = veillee.new_game(game, players, seed, **SHORT[game])
    rng = random.Random(seed)
    for step in range(limit):
        if state.is_over:
            break
        if step % every == 0:
            yield state.clone()
        state.apply(rng.choice(state.legal_actions()))
    yield state
