"""The match driver: asks each seat's agent for its decisions, giving it only what that seat may know.

Bots, and later people in the terminal and on the server, are all agents driven here, so "a bot never sees
a hidden card" is a property of one function (``decision_for``) that a test checks, not a promise each bot
makes. Each decision the driver builds:

* the seat's ``view`` (JSON, so it shares nothing with the state);
* its ``legal_actions()`` (immutable action values);
* a determinized world ``state.determinize(seat, rng)``, then *sealed*: the engine's clone keeps the true
  event log (SOON's ``deal`` event lists every hand) and the stacked deck of tests, so the driver drops
  them and copies the options dict. Nothing mutable the agent receives then belongs to the true state.
  One exception: a game whose views are built from its event log (Soupçons reads its ``deal`` event) keeps
  the log, since dropping it would break the world; that log still holds true facts, which only a fix in
  the games' ``determinize`` can remove (reported; no bot here reads ``_log``).

Randomness: match ``seed`` gives one stream per seat for the agent and one per seat for determinization
(``derive_seed``), so a match is the same whatever other matches run beside it.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from veillee.bots.base import Agent, Decision
from veillee.core import GameState, IllegalAction, Result, derive_seed

__all__ = ["MatchOutcome", "decision_for", "play_match", "seal"]


def seal(world: GameState[Any], seat: int, view: Any) -> GameState[Any]:
    """Cut what a determinized world still carries of the truth (see the module docstring).

    The log is dropped only if the world still shows ``seat`` the same ``view`` without it. This belongs in
    ``GameState.determinize`` (reported to core); until then the driver does it.
    """
    log = world._log
    world._log = []
    world._stack = None
    world.options = copy.deepcopy(world.options)
    try:
        needs_log = world.view(seat) != view
    except (IndexError, KeyError, ValueError, TypeError):
        needs_log = True
    if needs_log:
        world._log = list(log)
    return world


def decision_for(state: GameState[Any], seat: int, rng: random.Random) -> Decision:
    """What ``seat`` may know now, with a world sampled from ``rng``."""
    view = state.view(seat)
    return Decision(
        game=state.game_name,
        seat=seat,
        view=view,
        legal=tuple(state.legal_actions()),
        world=seal(state.determinize(seat, rng), seat, view),
    )


@dataclass
class MatchOutcome:
    """What a tournament keeps of one match."""

    result: Result
    decisions: int
    seconds: list[float] = field(default_factory=list)
    """Per seat: the total time its agent spent choosing."""
    slowest: list[float] = field(default_factory=list)
    """Per seat: the longest single decision."""
    counts: list[int] = field(default_factory=list)
    """Per seat: the number of decisions it made."""


Observer = Callable[[GameState[Any], Decision, Any], None]
"""Called after each choice with the true state (before the action), the decision and the action."""


def play_match(
    state: GameState[Any],
    agents: Sequence[Agent],
    seed: int,
    *,
    max_decisions: int = 1_000_000,
    observer: Observer | None = None,
) -> MatchOutcome:
    """Play ``state`` to its end, seat ``i`` played by ``agents[i]``; returns the result and timings.

    An agent that returns an illegal action raises ``IllegalAction`` naming it (a bot bug, never a rule
    question); ``max_decisions`` guards against a game that would never end.
    """
    n = state.num_players
    if len(agents) != n:
        raise ValueError(f"{n} seats need {n} agents, not {len(agents)}")
    agent_rngs = [random.Random(derive_seed(seed, "agent", seat)) for seat in range(n)]
    world_rngs = [random.Random(derive_seed(seed, "world", seat)) for seat in range(n)]
    seconds = [0.0] * n
    slowest = [0.0] * n
    counts = [0] * n
    decisions = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if decisions >= max_decisions:
            raise RuntimeError(f"the match did not end within {max_decisions} decisions")
        decision = decision_for(state, seat, world_rngs[seat])
        started = time.perf_counter()
        action = agents[seat].act(decision, agent_rngs[seat])
        spent = time.perf_counter() - started
        seconds[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
        counts[seat] += 1
        if observer is not None:
            observer(state, decision, action)
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(f"{agents[seat].name} (seat {seat}) chose {action}: {exc}") from exc
        decisions += 1
    return MatchOutcome(state.result(), decisions, seconds, slowest, counts)
