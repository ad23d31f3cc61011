"""The ``hard`` level: single-observer Information-Set MCTS (Cowling, Powley & Whitehouse, 2012).

Generic over ``GameState``: it needs only ``determinize``, ``legal_actions``, ``apply``, ``to_act`` and
``result``. One tree is grown from the acting seat's information set; each iteration

1. samples a world ``decision.world.determinize(seat, rng)`` (hidden cards and future shuffles resampled),
2. descends the tree, considering only the children legal in that world, by UCB1 with *availability*
   counts (a child is judged against how often it could have been chosen, not how often its parent was
   visited), expanding one untried action,
3. rolls out with a cheap policy up to ``depth`` decisions,
4. scores the end with per-seat values, and credits each node with the value of the seat that chose it
   (multi-player rewards, not a two-player zero-sum sign flip).

Why depth-capped rollouts: a state is a whole match (SOON: several rounds, thousands of random decisions),
so a random rollout to the end is both slow and mostly noise. The rollout stops after ``depth`` decisions
and the game's ``evaluate`` (``veillee.bots.heuristics.<game>``) estimates each seat's chances from public
scores; a finished match scores ``terminal_values`` (win, plus a little for rank). A game without an
evaluator falls back to the neutral one and ``GENERIC_DEPTH``-long rollouts.

Budget: ``iterations`` (deterministic: tests and reproducible tournaments) and/or ``seconds`` (for play;
results then depend on the machine). The search stops at whichever comes first.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from veillee.bots.base import Decision
from veillee.bots.heuristics import Evaluator, Rollout, evaluator_for, rollout_for, terminal_values
from veillee.core import GameState

__all__ = ["ISMCTSBot", "Node", "search"]

EXPLORATION = 0.7
"""UCB1's constant; rewards are in [0, 1], and a smaller value than √2 suits short budgets."""


class Node:
    """Statistics of one action sequence from the root, as the observer sees it."""

    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that chose the action leading here (whose value this node accumulates)."""
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


def _ucb(child: Node) -> float:
    if child.visits == 0:
        return math.inf
    return child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)


def search(
    decision: Decision,
    rng: random.Random,
    *,
    iterations: int | None = 1000,
    seconds: float | None = None,
    depth: int = 4,
) -> Node:
    """Grow the tree for ``decision`` within the budget; returns the root (children keyed by action)."""
    if iterations is None and seconds is None:
        raise ValueError("ISMCTS needs a budget: iterations, seconds or both")
    evaluate = evaluator_for(decision.game)
    rollout = rollout_for(decision.game)
    seat = decision.seat
    root = Node(seat)
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while (iterations is None or done < iterations) and (deadline is None or time.perf_counter() < deadline):
        world = decision.world.determinize(seat, rng)
        _iterate(root, world, rng, depth, evaluate, rollout)
        done += 1
    return root


def _iterate(
    root: Node, world: GameState[Any], rng: random.Random, depth: int, evaluate: Evaluator, rollout: Rollout
) -> None:
    node = root
    path = []
    while not world.is_over:
        legal = world.legal_actions()
        actor = world.to_act
        assert actor is not None
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
        if untried:
            action = untried[rng.randrange(len(untried))]
            node = children[action] = Node(actor)
            world.apply(action)
            path.append(node)
            break
        best = -1.0
        chosen = legal[0]
        for action in legal:
            score = _ucb(children[action])
            if score > best:
                best, chosen = score, action
        node = children[chosen]
        world.apply(chosen)
        path.append(node)
    steps = 0
    while not world.is_over and steps < depth:
        world.apply(rollout(world, rng))
        steps += 1
    values = terminal_values(world) if world.is_over else evaluate(world)
    for visited in path:
        visited.visits += 1
        visited.reward += values[visited.seat]


class ISMCTSBot:
    """The ``hard`` level: ISMCTS with an iteration and/or time budget.

    The move played is the root's most visited child (robust child), ties broken by ``rng``.
    """

    def __init__(
        self, *, iterations: int | None = 400, seconds: float | None = 0.9, depth: int = 4, name: str = "hard"
    ) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.name = name

    def act(self, decision: Decision, rng: random.Random) -> Any:
        if len(decision.legal) == 1:
            return decision.legal[0]
        root = search(decision, rng, iterations=self.iterations, seconds=self.seconds, depth=self.depth)
        most = max((child.visits for child in root.children.values()), default=0)
        best = [a for a in decision.legal if a in root.children and root.children[a].visits == most]
        return best[rng.randrange(len(best))] if best else decision.legal[rng.randrange(len(decision.legal))]
