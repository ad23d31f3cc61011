"""What a bot is: an agent that gets one seat's knowledge and returns one action.

Every bot is an ``Agent``: simulations, tournaments, the terminal and the server all hand it a ``Decision``
and apply the action it returns, so a level plays the same everywhere. People choose through their front-end
(a menu in the terminal, the browser's table), from the same legal actions.

A ``Decision`` carries only what the acting seat may know: its view, its legal actions and a *determinized*
world (a full state sampled from that seat's knowledge, holding no reference to the true state). The RNG is
injected by the driver: a bot never touches the global ``random`` module, so a match is reproducible from
its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from veillee.core import JSON, GameState, View

_A = TypeVar("_A")

__all__ = ["Agent", "Decision", "RandomBot"]


@dataclass(frozen=True, slots=True)
class Decision:
    """Everything an agent may use to choose: built by the driver for one seat at one decision."""

    game: str
    """The registry name of the game (heuristics are looked up by it)."""
    seat: int
    """The acting seat."""
    seat_view: View
    """``state.seat_view(seat)``: exactly what this seat may know, as the game's immutable typed view."""
    legal: tuple[Any, ...]
    """The legal actions, in the game's deterministic order."""
    sampled: GameState[Any] | None = None
    """The determinized world, present when the agent asked for one (``Agent.needs_world``)."""

    @property
    def view(self) -> JSON:
        """The seat's view as JSON (derived from the typed view, which shares nothing with the state)."""
        return self.seat_view.to_json()

    @property
    def world(self) -> GameState[Any]:
        """A determinized state: consistent with the view, every hidden card resampled, no log of the truth.

        Search bots sample more worlds with ``world.determinize(seat, rng)``. Sampling costs much more than a
        random or heuristic move, so the driver builds it only for agents whose ``needs_world`` is true.
        """
        if self.sampled is None:
            raise RuntimeError("this decision has no world: the agent's needs_world is false")
        return self.sampled


class Agent(Protocol):
    """Anything that can take a seat: ``act`` returns one of ``decision.legal``.

    An agent may set ``needs_world = False`` (a class attribute) when it never reads ``decision.world``: the
    driver then skips sampling one, which is most of a fast bot's cost. Agents without it get a world.
    """

    @property
    def name(self) -> str:
        """A short label for tables and charts (``"normal"``)."""
        ...

    def act(self, decision: Decision, rng: random.Random) -> Any:
        """One action of ``decision.legal``; all randomness must come from ``rng``."""
        ...


class RandomBot:
    """The ``random`` level: a uniformly random legal action (the baseline every other level must beat)."""

    name = "random"
    needs_world = False

    def act(self, decision: Decision, rng: random.Random) -> Any:
        return rng.choice(decision.legal)


def choose_uniform(legal: Sequence[_A], rng: random.Random) -> _A:
    """A uniformly random action: one helper so every fallback draws from ``rng`` the same way."""
    return legal[rng.randrange(len(legal))]
