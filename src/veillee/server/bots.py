"""The server's one adapter to bots: which levels exist, and how a bot seat chooses its action.

A bot gets what its seat may know and nothing else (the rule of ``veillee.bots``): its view, the legal
actions, and, for levels that search, a determinized world built by ``Match.determinize``. ``prepare`` runs
on the event loop (it reads the match, which only the loop mutates); ``decide`` runs on a worker thread and
touches nothing shared, so a slow bot never blocks other tables.

Until ``veillee.bots`` exposes its levels, every level plays a uniformly random legal action from a seeded
stream; switching to the real levels is a change to this module only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from veillee.core import JSON, GameState
from veillee.core.match import Match

__all__ = ["LEVELS", "BotTurn", "decide", "prepare"]

LEVELS = ("random", "easy", "normal", "hard")
"""The bot levels a table may ask for (the names ``veillee.bots`` uses)."""


@dataclass(frozen=True, slots=True)
class BotTurn:
    """One decision of a bot seat, with only that seat's knowledge."""

    game: str
    seat: int
    level: str
    view: JSON
    legal: tuple[Any, ...]
    world: GameState[Any] | None
    """A determinized world for levels that search; ``None`` for those that do not need one."""


def _needs_world(level: str) -> bool:
    return False  # no level searches yet (see the module docstring)


def prepare(match: Match, seat: int, level: str, rng: random.Random) -> BotTurn:
    """Gather, on the event loop, what the bot at ``seat`` may use."""
    world = match.determinize(seat, rng) if _needs_world(level) else None
    return BotTurn(match.game_name, seat, level, match.view(seat), tuple(match.legal_actions()), world)


def decide(turn: BotTurn, rng: random.Random) -> JSON:
    """The bot's action, as JSON (the server submits it through the same path as a person's)."""
    action = turn.legal[rng.randrange(len(turn.legal))]
    answer: JSON = action.to_json()
    return answer
