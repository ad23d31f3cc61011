"""The match driver: asks each seat's agent for its decisions, giving it only what that seat may know.

Every bot gets its decisions from ``decision_for`` (simulations, tournaments, the terminal) or from the
server's ``prepare``, which builds the same ``Decision``, so "a bot never sees a hidden card" is a property
of the decision that a test checks, not a promise each bot makes. Each decision the driver builds:

* the seat's typed view (an immutable value, so it shares nothing with the state);
* its ``legal_actions()`` (immutable action values);
* for agents that ask for one (``needs_world``), a determinized world ``state.determinize(seat, rng)``:
  every card hidden from the seat dealt anew, a new seed, and no past (``GameState.determinize`` drops the
  history, the event log and any stacked deck, which all hold the truth). Nothing mutable the agent
  receives belongs to the true state. Sampling is skipped for the others: it cost random bots 7 to 150
  times their own time.

Randomness: match ``seed`` gives one stream per seat for the agent and one per seat for determinization
(``derive_seed``), so a match is the same whatever other matches run beside it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from veillee.bots.base import Agent, Decision
from veillee.core import GameState, IllegalAction, Result, derive_seed

__all__ = ["MatchOutcome", "decision_for", "needs_world", "play_match"]


def decision_for(state: GameState[Any], seat: int, rng: random.Random, *, world: bool = True) -> Decision:
    """What ``seat`` may know now, with a world sampled from ``rng`` if ``world``."""
    return Decision(
        game=state.game_name,
        seat=seat,
        seat_view=state.seat_view(seat),
        legal=tuple(state.legal_actions()),
        sampled=state.determinize(seat, rng) if world else None,
    )


def needs_world(agent: object) -> bool:
    """Whether ``agent`` reads ``decision.world`` (agents that do not say so are given one)."""
    return bool(getattr(agent, "needs_world", True))


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
    worlds = [needs_world(agent) for agent in agents]
    seconds = [0.0] * n
    slowest = [0.0] * n
    counts = [0] * n
    decisions = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if decisions >= max_decisions:
            raise RuntimeError(f"the match did not end within {max_decisions} decisions")
        decision = decision_for(state, seat, world_rngs[seat], world=worlds[seat])
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
