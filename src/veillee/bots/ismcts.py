"""The ``hard`` level: single-observer Information-Set MCTS (Cowling, Powley & Whitehouse, 2012), guided by
the game's ``normal`` policy.

Generic over ``GameState``: it needs only ``determinize``, ``clone``, ``view``, ``legal_actions``, ``apply``,
``to_act`` and ``result``. One tree is grown from the acting seat's information set. The search works in
*batches*: each batch

1. samples one world ``decision.world.determinize(seat, rng)`` (hidden cards and future shuffles resampled)
   and one rollout seed,
2. runs one iteration for **every** root action on a clone of that same world with that same seed
   (common random numbers): two moves are then compared on the same hidden cards and the same future
   draws, so the difference between their values is the move's doing, not the deal's;
3. below the root, descends by UCB1 with *availability* counts (a child is judged against how often it
   could have been chosen, not how often its parent was visited), considering only the children legal in
   that world, down to ``tree_depth`` plies; a new node tries the rollout policy's move first;
4. rolls out with the game's ``normal`` policy (``veillee.bots.heuristics``, fed the world's view of the
   seat to act) until the round ends or ``depth`` decisions have been played; the game's ``OPPONENT_MIX``
   (or its ``opponent_mix`` hook, a model built from the searcher's view) plays that share of the other
   seats' moves at random instead (its model of the opponents);
5. scores the end per seat and credits each node with the value of the seat that chose it (multi-player
   rewards, not a two-player zero-sum sign flip).

The root compares the legal actions, or, where the game's heuristic module has a ``candidates`` hook, only
those it names and the ``normal`` move (Soupçons: one claim per offered card). Where the module has a
``world_weight`` hook, each sampled world counts at the root as much as that model finds it likely
(importance weights; no game ships one: Soupçons' giver model, ``heuristics/soupcons_worlds.py``, measured
no gain). The move played is the
``normal`` move unless another root action beats it on evidence: since every root
action saw the same worlds, the bot compares them pair by pair, world by world, and plays the action whose
mean gain over the ``normal`` move is highest once ``confidence`` standard errors are taken off, if that is
still a gain. Search thus overrides the heuristic only where it sees a difference, not the noise of a few
dozen sampled futures.

Why it is built this way (measured, figures in ``docs/bots.md``): a state is a whole match, and one move
changes a SOON or Skyjo match's outcome by a few percent at most. Plain ISMCTS (uniform expansion, short
random or caricature rollouts, most-visited child) could not see such differences within a one-second
budget and lost to the heuristic it was meant to beat. Heuristic rollouts make the futures plausible,
stopping at the round's end scores the move where it matters, and common random numbers remove most of
the deal's noise from the comparison.

Budget: ``iterations`` (deterministic: tests and reproducible tournaments) and/or ``seconds`` (for play;
results then depend on the machine). The budget is checked between batches, so a search always compares
the actions in the race on the same worlds; a batch that would end after the deadline (judging by the
last one) is not started.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from veillee.bots.base import Decision, choose_uniform
from veillee.bots.baseline import PlainISMCTSBot
from veillee.bots.heuristics import (
    Evaluator,
    OpponentMix,
    Rollout,
    candidates_for,
    confidence_for,
    evaluator_for,
    opponent_mix_for,
    policy_for,
    rollout_for,
    rollout_mix_for,
    rollout_rounds_for,
    round_for,
    search_as_baseline_for,
    search_depth_for,
    terminal_values,
    tree_depth_for,
    world_weight_for,
)
from veillee.core import GameState

__all__ = ["LEAVES", "EvaluateMany", "ISMCTSBot", "Node", "search"]

EXPLORATION = 0.7
"""UCB1's constant below the root; rewards are in [0, 1], and a smaller value than √2 suits short budgets."""


MIN_WORLDS = 10
"""Fewer sampled worlds than this say too little to overrule the ``normal`` move or drop an action."""
DROP = 2.0
"""Standard errors below the leader at which a root action leaves the race."""
LEAVES = 32
"""With a batch evaluator, about how many leaves a group of worlds gives it at once (a network reads 32
rows in a few times the time of one; measured in ``benchmarks/expert_leaves.py``)."""

EvaluateMany = Callable[[Sequence[GameState[Any]]], Sequence[Sequence[float]]]
"""Per-seat values of many rollouts' ends at once (unfinished matches only), in order."""


class Node:
    """Statistics of one action sequence from the root, as the observer sees it."""

    __slots__ = ("available", "children", "reward", "samples", "seat", "visits", "weights")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat that chose the action leading here (whose value this node accumulates)."""
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.samples: list[float] = []
        """At the root's children only: the value of each batch, in order (for paired comparisons)."""
        self.weights: list[float] | None = None
        """At the root only, where the game weights its worlds (``world_weight``): each batch's world's
        weight, in order; None where every world counts once."""

    @property
    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


def _ucb(child: Node) -> float:
    if child.visits == 0:
        return math.inf
    return child.reward / child.visits + EXPLORATION * math.sqrt(math.log(child.available) / child.visits)


@dataclass(frozen=True, slots=True)
class _Game:
    """What the search needs to know of a game, looked up once per search."""

    evaluate: Evaluator
    rollout: Rollout
    round_of: Callable[[GameState[Any]], Hashable]
    depth: int
    mix: float = 0.0
    """The share of rollout moves played uniformly at random instead of by the rollout policy."""
    rounds: int = 1
    """How many round ends a rollout plays through before the evaluator judges (1: the move's own round)."""
    evaluate_many: EvaluateMany | None = None
    """Judges many rollouts' ends at once (``expert``'s network); ``evaluate`` is then not used."""
    seat: int | None = None
    """The searching seat (for ``others``)."""
    others: OpponentMix | None = None
    """The share of the *other* seats' rollout moves played uniformly at random, per world (the opponent
    model; ``None``: none)."""

    def play(self, world: GameState[Any], rng: random.Random) -> Any:
        """One rollout move: the policy's, or with probability ``mix`` (``others(world)`` for a seat other
        than the searcher's) a uniformly random legal one."""
        if self.others is not None and world.to_act != self.seat and rng.random() < self.others(world):
            return choose_uniform(world.legal_actions(), rng)
        if self.mix and rng.random() < self.mix:
            return choose_uniform(world.legal_actions(), rng)
        return self.rollout(world, rng)


def search(
    decision: Decision,
    rng: random.Random,
    *,
    iterations: int | None = 1000,
    seconds: float | None = None,
    depth: int | None = None,
    tree_depth: int = 1,
    keep: Any = None,
    drop: float | None = DROP,
    clock: Callable[[], float] = time.perf_counter,
    mix: float | None = None,
    evaluate: Evaluator | None = None,
    actions: Sequence[Any] | None = None,
    evaluate_many: EvaluateMany | None = None,
    weigh: bool = True,
) -> Node:
    """Grow the tree for ``decision`` within the budget; returns the root (children keyed by action).

    ``iterations`` counts rollouts (a batch costs one per root action still in the race; at least one batch
    is run); ``depth`` caps a rollout (default: the game's ``SEARCH_DEPTH``); ``tree_depth`` is how many
    plies the tree may grow below the root before the rollout policy takes over.

    Racing: from ``MIN_WORLDS`` batches on, a root action whose paired value is below the leader's by more
    than ``drop`` standard errors leaves the race (its ``samples`` stop growing), so the budget goes to the
    moves still in doubt; ``keep`` (the ``normal`` move) never leaves, and the search stops early once it
    is alone. ``drop=None`` keeps every action to the end. ``clock`` measures ``seconds`` (wall time by
    default; ``time.process_time`` gives CPU time, for fair measures on a busy machine). ``mix``: the share
    of rollout moves played at random (default: the game's ``ROLLOUT_MIX``, 0 for most games).

    ``evaluate`` replaces the game's evaluator where a rollout stops before the match's end (``expert``
    passes its learned value); ``actions`` restricts the root to these legal actions (``expert`` passes
    the ones its learned prior deems worth a look), in the game's order. ``evaluate_many`` judges the
    leaves in batches instead (``expert``'s network): each batch's leaves are judged together before any
    is backed up, and, where the tree is the root only, a *group* of several worlds (about ``LEAVES``
    leaves; sized so as to end before the deadline and the iteration budget) is played before its leaves
    are judged and the race is checked. The worlds and rollouts are the same as without groups (their
    seeds are drawn in the same order); only the race's checks come less often.

    ``weigh``: where the game's heuristic module has a ``world_weight`` hook (its model of how the other
    seats chose what the sampler draws uniformly), each world's weight is recorded in ``root.weights`` and
    the race and the paired comparisons use weighted means (importance sampling: the worlds are drawn as
    before, and count as much as the model says they are likely). Only the root's comparisons are
    weighted; deeper nodes' UCB statistics are not. ``weigh=False`` ignores the hook.
    """
    if iterations is None and seconds is None:
        raise ValueError("ISMCTS needs a budget: iterations, seconds or both")
    game = _Game(
        evaluator_for(decision.game) if evaluate is None else evaluate,
        rollout_for(decision.game),
        round_for(decision.game),
        search_depth_for(decision.game) if depth is None else depth,
        rollout_mix_for(decision.game) if mix is None else mix,
        rollout_rounds_for(decision.game),
        evaluate_many,
        decision.seat,
        opponent_mix_for(decision.game, decision.seat_view),
    )
    seat = decision.seat
    root = Node(seat)
    root.children = {action: Node(seat) for action in (decision.legal if actions is None else actions)}
    weight = world_weight_for(decision.game) if weigh else None
    if weight is not None:
        root.weights = []
    deadline = None if seconds is None else clock() + seconds
    racing = list(root.children.items())
    done = 0
    worlds = 1  # the first group is one world: it times a world for the deadline's estimate
    while True:
        started = clock() if deadline is not None else 0.0
        pending: list[tuple[Node, list[Node], GameState[Any]]] = []
        for _ in range(worlds):
            world = decision.world.determinize(seat, rng)
            if weight is not None and root.weights is not None:
                root.weights.append(weight(decision.seat_view, world))
            seed = rng.getrandbits(64)
            start = game.round_of(world)
            for action, child in racing:
                twin = world.clone()
                twin.apply(action)
                pending.append((child, _play(child, twin, start, random.Random(seed), tree_depth - 1, game), twin))
        for (child, path, _), values in zip(pending, _judge([leaf for _, _, leaf in pending], game), strict=True):
            _backup(path, values)
            value = values[seat]
            child.visits += 1
            child.reward += value
            child.samples.append(value)
        done += len(racing) * worlds
        root.visits += worlds
        if drop is not None and root.visits >= MIN_WORLDS:
            racing = _race(racing, keep, drop, root.weights)
            if len(racing) == 1:
                break
        if iterations is not None and done >= iterations:
            break
        now = each = 0.0
        if deadline is not None:
            now = clock()
            each = (now - started) / worlds
            if now + each >= deadline:
                break  # the next world, as long as these, would end after the deadline
        worlds = _group(game, racing, root.visits, tree_depth, done, iterations, deadline, now, each)
    return root


def _group(
    game: _Game,
    racing: list[tuple[Any, Node]],
    visits: int,
    tree_depth: int,
    done: int,
    iterations: int | None,
    deadline: float | None,
    now: float,
    each: float,
) -> int:
    """How many worlds the next group plays before its leaves are judged together: one, unless the game's
    leaves are judged by a batch evaluator (``evaluate_many``: ``expert``'s network reads a batch of
    leaves in about the time it reads one), the tree is the root only (deeper nodes choose by the visits
    before them, which a group would hold back) and neither the budget nor the first race check
    (``MIN_WORLDS``) falls inside the group; then enough for about ``LEAVES`` leaves."""
    if game.evaluate_many is None or tree_depth > 1:
        return 1
    worlds = max(1, LEAVES // len(racing))
    if visits < MIN_WORLDS:
        worlds = min(worlds, MIN_WORLDS - visits)
    if iterations is not None:
        worlds = min(worlds, -(-(iterations - done) // len(racing)))
    if deadline is not None and each > 0.0:
        worlds = min(worlds, max(1, int((deadline - now) / each)))
    return worlds


def _race(
    racing: list[tuple[Any, Node]], keep: Any, drop: float, weights: list[float] | None = None
) -> list[tuple[Any, Node]]:
    """The actions still in the race: every one not clearly below the leader (all have the same worlds)."""
    if weights is None:
        _, leader = max(racing, key=lambda item: item[1].mean)
    else:
        _, leader = max(racing, key=lambda item: _mean(item[1].samples, weights))
    return [
        (action, node)
        for action, node in racing
        if action == keep or node is leader or _upper_bound(node.samples, leader.samples, drop, weights) >= 0.0
    ]


def _mean(samples: list[float], weights: list[float] | None) -> float:
    """The mean of a root action's values over its worlds, weighted by the worlds' weights if any."""
    if not samples:
        return 0.0
    if weights is None:
        return sum(samples) / len(samples)
    w = weights[: len(samples)]
    total = sum(w)
    return sum(a * b for a, b in zip(samples, w, strict=True)) / total if total > 0.0 else 0.0


def _iterate(
    node: Node, world: GameState[Any], start: Hashable, rng: random.Random, plies: int, game: _Game
) -> list[float]:
    """One descent below ``node`` (already applied to ``world``), a rollout until the round ``start`` ends,
    and the backup; returns the per-seat values so that the caller can credit ``node`` itself."""
    path = _play(node, world, start, rng, plies, game)
    values = _values(world, game.evaluate)
    _backup(path, values)
    return values


def _play(
    node: Node, world: GameState[Any], start: Hashable, rng: random.Random, plies: int, game: _Game
) -> list[Node]:
    """One descent below ``node`` (already applied to ``world``) and a rollout until the round ``start``
    ends, played on ``world`` in place; returns the tree nodes the descent went through (for the backup,
    once the leaf is judged)."""
    path: list[Node] = []
    while plies > 0 and not world.is_over and game.round_of(world) == start:
        legal = world.legal_actions()
        actor = world.to_act
        assert actor is not None
        children = node.children
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
        untried = [a for a in legal if a not in children]
        if untried:
            preferred = game.play(world, rng)
            action = preferred if preferred in untried else choose_uniform(untried, rng)
            node = children[action] = Node(actor)
            world.apply(action)
            path.append(node)
            break
        chosen = max(legal, key=lambda a: _ucb(children[a]))
        node = children[chosen]
        world.apply(chosen)
        path.append(node)
        plies -= 1
    steps = 0
    ends = 0
    current = start
    while not world.is_over and steps < game.depth:
        now = game.round_of(world)
        if now != current:
            ends += 1
            if ends >= game.rounds:
                break
            current = now
        world.apply(game.play(world, rng))
        steps += 1
    return path


def _backup(path: list[Node], values: Sequence[float]) -> None:
    """Credit each node of a descent with the value of the seat that chose it."""
    for visited in path:
        visited.visits += 1
        visited.reward += values[visited.seat]


def _values(world: GameState[Any], evaluate: Evaluator) -> list[float]:
    """Per-seat values: the result once the match is over, the evaluator's chances before."""
    return terminal_values(world) if world.is_over else evaluate(world)


def _judge(leaves: list[GameState[Any]], game: _Game) -> list[list[float]]:
    """Per-seat values of rollouts' ends: results where the match is over; elsewhere the evaluator, or, if
    the game was given one, the batch evaluator once for all of them (one network pass, not one a leaf)."""
    if game.evaluate_many is None:
        return [_values(leaf, game.evaluate) for leaf in leaves]
    values: list[list[float]] = [terminal_values(leaf) if leaf.is_over else [] for leaf in leaves]
    open_ = [i for i, leaf in enumerate(leaves) if not leaf.is_over]
    if open_:
        for i, judged in zip(open_, game.evaluate_many([leaves[i] for i in open_]), strict=True):
            values[i] = list(judged)
    return values


class ISMCTSBot:
    """The ``hard`` level: heuristic-guided ISMCTS with an iteration and/or time budget (see the module
    docstring). ``tree_depth`` defaults to the game's ``TREE_DEPTH`` (1: root only); ``confidence`` is how
    many standard errors of the paired gain a move must clear to be played instead of the ``normal`` move
    (default: the game's ``CONFIDENCE``, else 1);
    ``clock`` measures ``seconds`` (``time.process_time``: CPU time).

    Where the game's ``search_as_baseline`` hook says so for a decision, and ``candidates`` does not leave
    it to ``normal``, the decision is searched as the ``ismcts`` baseline searches it, with this bot's
    budget: for fields that the heuristic's rollouts model wrongly (Soupçons' seats that ignore claims; its
    hook ships off, ``docs/bots.md``, issue 21, twelfth pass)."""

    def __init__(
        self,
        game: str,
        *,
        iterations: int | None = 20_000,
        seconds: float | None = 0.9,
        tree_depth: int | None = None,
        confidence: float | None = None,
        name: str = "hard",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.tree_depth = tree_depth_for(game) if tree_depth is None else tree_depth
        self.confidence = confidence_for(game) if confidence is None else confidence
        self.name = name
        self.clock = clock
        self._policy = policy_for(game)
        self._candidates = candidates_for(game)
        self._as_baseline = search_as_baseline_for(game)
        self._baseline = PlainISMCTSBot(iterations=iterations, seconds=seconds, name=name, clock=clock)

    def act(self, decision: Decision, rng: random.Random) -> Any:
        if len(decision.legal) == 1:
            return decision.legal[0]
        if self._as_baseline is not None and self._as_baseline(decision.seat_view):
            searched = self._candidates is None or self._candidates(decision.seat_view, decision.legal)
            return self._baseline.act(decision, rng) if searched else self._policy(decision, rng)
        usual = self._policy(decision, rng)
        actions = None
        if self._candidates is not None:
            kept = set(self._candidates(decision.seat_view, decision.legal))
            kept.add(usual)
            actions = [action for action in decision.legal if action in kept]
            if len(actions) == 1:
                return usual
        root = search(
            decision,
            rng,
            iterations=self.iterations,
            seconds=self.seconds,
            tree_depth=self.tree_depth,
            keep=usual,
            clock=self.clock,
            actions=actions,
        )
        baseline = root.children[usual].samples
        if len(baseline) < MIN_WORLDS:
            return usual
        best, best_gain = usual, 0.0
        for action, child in root.children.items():
            gain = _lower_bound(child.samples, baseline, self.confidence, root.weights)
            if gain > best_gain:
                best, best_gain = action, gain
        return best


def _paired(samples: list[float], baseline: list[float], weights: list[float] | None = None) -> tuple[float, float]:
    """The mean gain of ``samples`` over the same worlds of ``baseline``, and its standard error; with
    ``weights`` (one a world), the weighted mean and the usual ratio estimator's standard error
    (``sqrt(sum w²(g - mean)²) / sum w``, times ``sqrt(n / (n - 1))``: the unweighted formula when every
    weight is equal)."""
    n = len(samples)
    gains = [a - b for a, b in zip(samples, baseline[:n], strict=True)]
    if weights is None:
        mean = sum(gains) / n
        if n < 2:
            return mean, 0.0
        variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
        return mean, math.sqrt(variance / n)
    w = weights[:n]
    total = sum(w)
    if total <= 0.0:
        return 0.0, 0.0
    mean = sum(x * g for x, g in zip(w, gains, strict=True)) / total
    if n < 2:
        return mean, 0.0
    spread = sum((x * (g - mean)) ** 2 for x, g in zip(w, gains, strict=True))
    return mean, math.sqrt(spread * n / (n - 1)) / total


def _lower_bound(
    samples: list[float], baseline: list[float], confidence: float, weights: list[float] | None = None
) -> float:
    """The mean paired gain of ``samples`` over ``baseline`` minus ``confidence`` standard errors."""
    mean, error = _paired(samples, baseline, weights)
    return mean - confidence * error


def _upper_bound(
    samples: list[float], baseline: list[float], confidence: float, weights: list[float] | None = None
) -> float:
    """The mean paired gain of ``samples`` over ``baseline`` plus ``confidence`` standard errors."""
    mean, error = _paired(samples, baseline, weights)
    return mean + confidence * error
