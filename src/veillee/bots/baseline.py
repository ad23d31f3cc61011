"""The ``ismcts`` research baseline: textbook single-observer ISMCTS with uniformly random rollouts.

Cowling, Powley & Whitehouse, « Information Set Monte Carlo Tree Search » (IEEE TCIAIG 4(2), 2012), SO-ISMCTS
as the paper gives it, with no game knowledge at all, so that every level can be measured against a
standard algorithm (``docs/bots.md``). Each iteration

1. samples one world from the acting seat's knowledge (``decision.world.determinize(seat, rng)``: hidden
   cards and future shuffles dealt anew);
2. descends the one tree of that seat's information set: among the children whose action is legal in that
   world, by UCB1 with *availability* counts (``mean + c·sqrt(ln n'/n)``, ``n'`` the number of descents in
   which the child was legal), until a node has an action of that world not yet in the tree;
3. expands one such action, chosen uniformly;
4. plays uniformly random actions to the end of the match;
5. credits every node on the path with the result (``Result.returns``: 1 for a win, 0 otherwise) of the
   seat that chose its action.

It plays the most visited root action. Budget: ``iterations`` (deterministic) and/or ``seconds`` (0.9 s by
default, like ``hard``); an iteration that would end after the deadline, judging by the last one, is not
started.

It is measured at equal time against our levels, so it is written for speed: a sampled world is the
search's own throwaway copy, and it is driven through the engine's ``_legal``/``_do`` (what ``legal_actions``
and ``apply`` call after their bookkeeping): the actions come from ``_legal`` itself, so the legality check,
the history and the defensive list copy would only cost time (about a tenth of a random playout).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from veillee.bots.base import Decision

__all__ = ["EXPLORATION", "BaselineNode", "PlainISMCTSBot", "plain_search"]

EXPLORATION = 0.7
"""UCB1's constant: the value Cowling, Powley & Whitehouse use for their card games (rewards in [0, 1])."""


class BaselineNode:
    """One action sequence from the root, as the observer sees it."""

    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat whose action leads here: this node accumulates that seat's rewards."""
        self.children: dict[Any, BaselineNode] = {}
        self.visits = 0
        self.available = 1
        """Descents in which this node's action was legal (``n'``); it was at its creation."""
        self.reward = 0.0


def plain_search(
    decision: Decision,
    rng: random.Random,
    *,
    iterations: int | None = 1000,
    seconds: float | None = None,
    exploration: float = EXPLORATION,
    clock: Callable[[], float] = time.perf_counter,
) -> BaselineNode:
    """Run SO-ISMCTS for ``decision`` within the budget (at least one iteration); returns the root, whose
    children are keyed by the legal actions. ``clock`` measures ``seconds`` (wall time by default;
    ``time.process_time`` gives CPU time, for fair measures on a busy machine)."""
    if iterations is None and seconds is None:
        raise ValueError("ISMCTS needs a budget: iterations, seconds or both")
    seat = decision.seat
    source = decision.world
    root = BaselineNode(seat)
    random_ = rng.random
    log = math.log
    sqrt = math.sqrt
    now = clock
    deadline = None if seconds is None else now() + seconds
    done = 0
    while True:
        started = now()
        world = source.determinize(seat, rng)
        legal_of = world._legal
        do = world._do
        node = root
        path = [root]
        while not world.is_over:  # selection, then one expansion
            legal = legal_of()
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            actor = world.to_act
            assert actor is not None
            if untried:
                action = untried[int(random_() * len(untried))]
                node = children[action] = BaselineNode(actor)
                do(action)
                path.append(node)
                break
            best = None
            best_action = None
            best_score = -1.0
            for action in legal:
                child = children[action]
                score = child.reward / child.visits + exploration * sqrt(log(child.available) / child.visits)
                if score > best_score:
                    best, best_action, best_score = child, action, score
            assert best is not None
            do(best_action)
            node = best
            path.append(node)
        while not world.is_over:  # uniformly random rollout to the end of the match
            legal = legal_of()
            do(legal[int(random_() * len(legal))])
        world._legal_cache = None
        returns = world.result().returns
        for visited in path:
            visited.visits += 1
            visited.reward += returns[visited.seat]
        done += 1
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and 2 * now() - started >= deadline:
            break  # the next iteration, as long as this one, would end after the deadline
    return root


class PlainISMCTSBot:
    """The ``ismcts`` research baseline (module docstring): no heuristic, random rollouts, most visited move."""

    def __init__(
        self,
        *,
        iterations: int | None = None,
        seconds: float | None = 0.9,
        exploration: float = EXPLORATION,
        name: str = "ismcts",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs a budget: iterations, seconds or both")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.name = name
        self.clock = clock

    def act(self, decision: Decision, rng: random.Random) -> Any:
        if len(decision.legal) == 1:
            return decision.legal[0]
        root = plain_search(
            decision,
            rng,
            iterations=self.iterations,
            seconds=self.seconds,
            exploration=self.exploration,
            clock=self.clock,
        )
        visits = {action: node.visits for action, node in root.children.items()}
        # Most visited; ties (a tiny budget) go to the first in the game's order, so the move is reproducible.
        return max(decision.legal, key=lambda action: visits.get(action, 0))
