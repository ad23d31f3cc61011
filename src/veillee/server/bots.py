"""The server's one adapter to ``veillee.bots``: which levels exist, and how a bot seat chooses its action.

A bot gets what its seat may know and nothing else (the rule of ``veillee.bots``): a ``Decision`` holding its
view, the legal actions and a determinized world from ``Match.determinize``, which carries nothing of
the true state (no history, no event log). ``prepare`` runs on the event loop (it reads the match, which
only the loop mutates); ``decide`` runs on a worker thread and touches nothing shared, so a bot that thinks
(``hard`` searches for about a second) never blocks the other tables' messages.
"""

from __future__ import annotations

import random
from functools import lru_cache

from veillee.bots import LEVELS, Agent, Decision, make_bot
from veillee.bots.driver import needs_world
from veillee.core import JSON
from veillee.core.match import Match

__all__ = ["LEVELS", "decide", "prepare"]


def prepare(match: Match, seat: int, rng: random.Random, level: str) -> Decision:
    """Gather, on the event loop, what the bot at ``seat`` may use (a world only for a bot that needs one)."""
    world = match.determinize(seat, rng) if needs_world(_bot(level, match.game_name)) else None
    return Decision(match.game_name, seat, match.seat_view(seat), tuple(match.legal_actions()), world)


@lru_cache(maxsize=64)
def _bot(level: str, game: str) -> Agent:
    return make_bot(level, game)


def decide(decision: Decision, level: str, rng: random.Random) -> JSON:
    """The bot's action as JSON (the server submits it through the same path as a person's)."""
    action = _bot(level, decision.game).act(decision, rng)
    answer: JSON = action.to_json()
    return answer
