"""Multiple-observer ISMCTS (Cowling, Powley & Whitehouse 2012, MO-ISMCTS): the ``ismcts`` baseline's search
with one tree per seat, each keyed by the moves as that seat sees them.

Why: the single-observer baseline (``baseline.py``) grows one tree keyed by the true moves, so below a move
that hides something (a Soupçons offer: a card face down) the other seats' nodes are told apart by what
they cannot see. A receiver in that tree answers each card as if it saw it, and the giver searching it
learns to fear refusals no real receiver can make. Here each seat descends its own tree by what it
observes (``key(action, actor, observer)``, the game's ``tree_key`` hook), so a receiver's answer is one
choice for every card behind a claim, as in play. The same key drops what no seat of the model reads
(Soupçons: the claims, against seats that ignore them), so the search does not split its iterations among
moves that only differ there.

Each iteration samples a world from the searcher's knowledge, descends every tree together (the acting
seat chooses by UCB1 with availability counts in its own tree; every tree then follows the move as its
seat observes it), expands once, plays uniformly random moves to the end and credits each tree's nodes
with its seat's result. It returns the searcher's root, whose children are keyed by ``key`` too.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from veillee.bots.base import Decision
from veillee.bots.baseline import EXPLORATION
from veillee.bots.heuristics import TreeKey

__all__ = ["observer_search"]


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0


def observer_search(
    decision: Decision,
    rng: random.Random,
    key: TreeKey,
    *,
    actions: Sequence[Any] | None = None,
    iterations: int | None = 1000,
    seconds: float | None = None,
    exploration: float = EXPLORATION,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[Any, int]:
    """Run MO-ISMCTS for ``decision`` within the budget (at least one iteration). ``actions`` restricts the
    root (default: every legal move); returns each root action's visits (the first action of each key
    stands for it)."""
    if iterations is None and seconds is None:
        raise ValueError("ISMCTS needs a budget: iterations, seconds or both")
    seat = decision.seat
    players = decision.world.num_players
    root_actions: dict[Hashable, Any] = {}
    for action in decision.legal if actions is None else actions:
        root_actions.setdefault(key(action, seat, seat), action)
    roots = [_Node() for _ in range(players)]
    random_ = rng.random
    log, sqrt = math.log, math.sqrt
    deadline = None if seconds is None else clock() + seconds
    done = 0
    while True:
        started = clock()
        world = decision.world.determinize(seat, rng)
        legal_of, do = world._legal, world._do
        nodes = list(roots)
        paths: list[list[_Node]] = [[node] for node in roots]
        first = True
        while not world.is_over:  # selection, then one expansion
            actor = world.to_act
            assert actor is not None
            if first:
                moves = root_actions
                first = False
            else:
                moves = {}
                for action in legal_of():
                    moves.setdefault(key(action, actor, actor), action)
            children = nodes[actor].children
            untried = []
            for move in moves:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.available += 1
            if untried:
                move = untried[int(random_() * len(untried))]
            else:
                best_score = -1.0
                for candidate in moves:
                    child = children[candidate]
                    score = child.reward / child.visits + exploration * sqrt(log(child.available) / child.visits)
                    if score > best_score:
                        move, best_score = candidate, score
            action = moves[move]
            do(action)
            for observer in range(players):
                seen = move if observer == actor else key(action, actor, observer)
                below = nodes[observer].children
                node = below.get(seen)
                if node is None:
                    node = below[seen] = _Node()
                nodes[observer] = node
                paths[observer].append(node)
            if untried:
                break
        while not world.is_over:  # uniformly random rollout to the end of the match
            legal = legal_of()
            do(legal[int(random_() * len(legal))])
        world._legal_cache = None
        returns = world.result().returns
        for observer, path in enumerate(paths):
            reward = returns[observer]
            for node in path:
                node.visits += 1
                node.reward += reward
        done += 1
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and 2 * clock() - started >= deadline:
            break  # the next iteration, as long as this one, would end after the deadline
    children = roots[seat].children
    return {action: children[move].visits if move in children else 0 for move, action in root_actions.items()}
