"""Bots for every registered game: ``random``, ``easy``, ``normal`` (per-game heuristics), ``hard`` (ISMCTS)
and ``expert`` (``hard``'s search with a network learned by self-play, ``veillee.expert``), plus ``ismcts``,
a textbook search with no game knowledge that researchers measure the levels against.

Bots only ever receive what their seat may know (``veillee.bots.driver`` builds it), so they are honest by
construction; a game added to the registry is playable by every level with no change here (the heuristic
falls back to a generic one-ply lookahead, the search to neutral evaluation).

>>> import veillee
>>> from veillee.bots import make_bot, play_match
>>> state = veillee.new_game("soon", players=2, seed=3, length="express")
>>> outcome = play_match(state, [make_bot("normal", "soon"), make_bot("random", "soon")], seed=3)
>>> state.is_over
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from veillee.bots.base import Agent, Decision, RandomBot
from veillee.bots.baseline import PlainISMCTSBot
from veillee.bots.driver import MatchOutcome, decision_for, play_match
from veillee.bots.heuristics import HeuristicBot
from veillee.bots.ismcts import ISMCTSBot
from veillee.core import GameState

__all__ = [
    "LEVELS",
    "RESEARCH_LEVELS",
    "Agent",
    "Decision",
    "HeuristicBot",
    "ISMCTSBot",
    "MatchOutcome",
    "PlainISMCTSBot",
    "RandomBot",
    "choose",
    "decision_for",
    "make_bot",
    "play_match",
]

LEVELS = ("random", "easy", "normal", "hard", "expert")
"""The levels every front-end offers, weakest first: the one declaration the terminal, the server (its
``/api/games`` lists them for the browser's picker) and tournaments read."""

RESEARCH_LEVELS = (*LEVELS, "ismcts")
"""Every level a tournament or the terminal accepts: the front-end levels and the ``ismcts`` research baseline
(``veillee.bots.baseline``: textbook ISMCTS, random rollouts, no game knowledge), which the browser does not
offer."""

HARD_ROLLOUTS = 20_000
"""``hard``'s rollout cap beside its 0.9 s: high enough that the time decides (Sorry!'s rollouts, which stop
at the next round's end, run about 5,000 a CPU second), low enough to bound a move on a fast machine."""

EASY_MISTAKES = 0.3
"""Share of ``easy``'s moves that are random slips."""


def make_bot(
    level: str,
    game: str,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Agent:
    """A bot of ``level`` (one of ``RESEARCH_LEVELS``) for ``game``. For the search levels (``hard``,
    ``expert``, ``ismcts``), ``iterations``/``seconds`` override the default budget (``hard``: 0.9 s, at most 20000
    rollouts; ``ismcts``: 0.9 s); give only ``iterations`` for a machine-independent bot. ``clock`` measures
    their seconds: wall time by default, ``time.process_time`` for CPU time (fair measures on a busy machine)."""
    if level == "random":
        return RandomBot()
    if level == "easy":
        return HeuristicBot(game, name="easy", mistakes=EASY_MISTAKES)
    if level == "normal":
        return HeuristicBot(game, name="normal")
    if level == "hard":
        if iterations is None and seconds is None:
            return ISMCTSBot(game, iterations=HARD_ROLLOUTS, seconds=0.9, clock=clock)
        return ISMCTSBot(game, iterations=iterations, seconds=seconds, clock=clock)
    if level == "expert":
        # The one upward import: the expert reads observation vectors (``veillee.rl.encoders``, numpy), a
        # layer above the bots; imported here so that the other levels never load numpy.
        from veillee.expert.bot import ExpertBot

        if iterations is None and seconds is None:
            return ExpertBot(game, iterations=HARD_ROLLOUTS, seconds=0.9, clock=clock)
        return ExpertBot(game, iterations=iterations, seconds=seconds, clock=clock)
    if level == "ismcts":
        if iterations is None and seconds is None:
            return PlainISMCTSBot(seconds=0.9, clock=clock)
        return PlainISMCTSBot(iterations=iterations, seconds=seconds, clock=clock)
    raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(RESEARCH_LEVELS)}")


def choose(level: str, state: GameState[Any], seat: int, rng: random.Random) -> Any:
    """One move of a ``level`` bot for ``seat`` of the true ``state`` (for front-ends that own the match).

    The bot itself gets only ``decision_for(state, seat, ...)``: the view, the legal actions and a world
    sampled from ``rng``; the true state never reaches it.
    """
    return make_bot(level, state.game_name).act(decision_for(state, seat, rng), rng)
