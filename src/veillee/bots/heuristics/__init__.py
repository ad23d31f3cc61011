"""Per-game heuristics, looked up by game name, with a generic fallback so new games need no change here.

A game's heuristic is the module ``veillee.bots.heuristics.<game>``; it may define

* ``choose(view, legal, rng) -> action``: the ``normal`` policy, reading only the seat's view and its legal
  actions (and the game package's public constants to interpret them);
* ``evaluate(world) -> list[float]``: each seat's chances (0..1) in a state that is not over, used by the
  search bot at the end of its depth-capped rollouts. It reads only public information of ``world``;
* ``round_of(world) -> Hashable``: which round a sampled world is in; the search's rollouts stop when it
  changes, since a round's end is where a move's worth shows (default: the whole match is one round);
* ``SEARCH_DEPTH``: the most decisions a rollout plays before ``evaluate`` judges (default ``GENERIC_DEPTH``);
* ``TREE_DEPTH``: how many plies the search's tree may grow below the root (default 1: root only), for a
  game whose rollouts are cheap enough to feed a deeper tree;
* ``ROLLOUT_MIX``: the share of the search's rollout moves played uniformly at random (default 0): a game
  whose heuristic is not to be trusted blind mixes in random moves, so the futures it sees are not only
  the ones its own heuristic would play;
* ``OPPONENT_MIX``: the share of the *other* seats' rollout moves played uniformly at random (default 0):
  the search's model of its opponents, for a game where the fields it meets do not play like its own
  heuristic (Soupçons: a textbook ``ismcts`` ignores claims and accepts about half the cards);
* ``opponent_mix(view) -> (world -> float)``: the same share, per decision of a sampled world, from a model
  the searcher builds of the other seats from its view (Soupçons: each seat's answers at random as far as
  its past answers say it ignores claims); it replaces ``OPPONENT_MIX``;
* ``ROLLOUT_ROUNDS``: how many round ends a rollout plays through (default 1): more when what a move
  leaves in hand counts in the next round too;
* ``CONFIDENCE``: how many standard errors of gain a move needs to replace the ``normal`` move (default 1);
* ``candidates(view, legal) -> list[action]``: the legal moves the search compares at its root (default:
  all of them), for a game whose decisions offer many moves that differ in ways a short search cannot
  tell apart; the search adds the ``normal`` move if it is missing (an empty list leaves the decision to
  ``choose``);
* ``search_as_baseline(view) -> bool``: whether ``hard`` searches this decision as the ``ismcts`` baseline
  does (uniformly random rollouts to the end, a tree of the whole game, the most visited move) rather than
  with the heuristic-guided search, where ``candidates`` does not leave it to ``choose`` (default: never).
  For a game whose heuristic models some fields badly, so that rollouts played by it mislead the search
  against them (Soupçons against seats that ignore claims, issue 21);
* ``world_weight(view, world) -> float``: how much likelier ``world`` (a world sampled from ``view``) is
  under the module's model of the other seats than under the sampler's uniform draws, for what the sampler
  draws uniformly although players do not choose it so (e.g. which of a giver's cards is on offer). The
  search then weights each sampled world's results by it (importance weights, default: none, every world
  counts once). It must read only ``view`` and ``world`` (a sample, never the truth). No game defines it:
  Soupçons' giver model (``soupcons_worlds.py``) was measured without gain (docs/bots.md, issue 21);
* ``rollout(world, rng) -> action``: the search's rollout policy for whoever acts in a sampled world, when
  the game has a faster way to play ``choose`` there than building that seat's view at every step. It must
  read only what the acting seat's view shows (its own hand and public facts of ``world``).

The search's rollouts play ``rollout``, or else ``choose`` for every seat of the sampled world, fed that
world's view.

A game without such a module gets ``generic_choose`` (a one-ply lookahead with short random rollouts on the
determinized world) and ``neutral_evaluate``: bots then still play it, only less well.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from types import ModuleType
from typing import Any, TypeVar, cast

from veillee.bots.base import Decision, choose_uniform
from veillee.core import JSON, GameState

_A = TypeVar("_A")

__all__ = [
    "Candidates",
    "Evaluator",
    "HeuristicBot",
    "OpponentMix",
    "Policy",
    "Rollout",
    "SearchAsBaseline",
    "WorldWeight",
    "candidates_for",
    "confidence_for",
    "evaluator_for",
    "generic_choose",
    "neutral_evaluate",
    "opponent_mix_for",
    "policy_for",
    "rollout_for",
    "rollout_mix_for",
    "rollout_rounds_for",
    "round_for",
    "search_as_baseline_for",
    "search_depth_for",
    "terminal_values",
    "tree_depth_for",
    "world_weight_for",
]

Policy = Callable[[Decision, random.Random], Any]
Evaluator = Callable[[GameState[Any]], list[float]]
Rollout = Callable[[GameState[Any], random.Random], Any]
Candidates = Callable[[Any, Sequence[Any]], list[Any]]
WorldWeight = Callable[[Any, GameState[Any]], float]
OpponentMix = Callable[[GameState[Any]], float]
SearchAsBaseline = Callable[[Any], bool]

GENERIC_ROLLOUTS = 4
GENERIC_DEPTH = 30
GENERIC_WIDTH = 16


@cache
def _module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"veillee.bots.heuristics.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"veillee.bots.heuristics.{game}":
            raise
        return None


def terminal_values(state: GameState[Any]) -> list[float]:
    """Each seat's reward at the end of a match: 1 for a win, with a little credit for a better rank.

    ``result().returns`` alone makes every loss equal; the rank term (a tenth at most) tells search that
    second of four beats last, which lowers the variance of multi-player rewards without changing who wins.
    """
    result = state.result()
    n = len(result.scores)
    if n < 2:
        return list(result.returns)
    return [0.9 * r + 0.1 * (n - rank) / (n - 1) for r, rank in zip(result.returns, result.ranks, strict=True)]


def neutral_evaluate(state: GameState[Any]) -> list[float]:
    """For a game with no evaluator: every seat is as likely to win as any other."""
    n = state.num_players
    return [1.0 / n] * n


def evaluator_for(game: str) -> Evaluator:
    """The game's ``evaluate`` or the neutral one."""
    module = _module(game)
    evaluate = getattr(module, "evaluate", None) if module is not None else None
    return evaluate if evaluate is not None else neutral_evaluate


def rollout_for(game: str) -> Rollout:
    """The search's rollout policy on a sampled world: the game's ``choose`` for whoever acts, reading that
    world's view (a seat of a sampled world knows only what its view says, like a real player), or a
    uniformly random action for a game with no heuristic."""
    module = _module(game)
    fast = getattr(module, "rollout", None) if module is not None else None
    if fast is not None:
        return fast  # type: ignore[no-any-return]
    choose = getattr(module, "choose", None) if module is not None else None

    def rollout(world: GameState[Any], rng: random.Random) -> Any:
        legal = world.legal_actions()
        if choose is None or len(legal) == 1:
            return choose_uniform(legal, rng)
        return choose(world.seat_view(world.to_act), legal, rng)

    return rollout


def _whole_match(world: GameState[Any]) -> Hashable:
    return None


def round_for(game: str) -> Callable[[GameState[Any]], Hashable]:
    """The game's ``round_of``, or one that puts the whole match in one round."""
    module = _module(game)
    round_of = getattr(module, "round_of", None) if module is not None else None
    return round_of if round_of is not None else _whole_match


def search_depth_for(game: str) -> int:
    """The game's ``SEARCH_DEPTH``, or ``GENERIC_DEPTH``."""
    module = _module(game)
    depth = getattr(module, "SEARCH_DEPTH", None) if module is not None else None
    return depth if isinstance(depth, int) else GENERIC_DEPTH


def tree_depth_for(game: str) -> int:
    """The game's ``TREE_DEPTH``, or 1 (the search judges the root's actions only)."""
    module = _module(game)
    depth = getattr(module, "TREE_DEPTH", None) if module is not None else None
    return depth if isinstance(depth, int) else 1


def rollout_mix_for(game: str) -> float:
    """The game's ``ROLLOUT_MIX`` (the share of random moves in the search's rollouts), or 0."""
    module = _module(game)
    mix = getattr(module, "ROLLOUT_MIX", None) if module is not None else None
    return float(mix) if isinstance(mix, (int, float)) else 0.0


def opponent_mix_for(game: str, view: Any) -> OpponentMix | None:
    """The share of the other seats' rollout moves played at random, per sampled world: the game's
    ``opponent_mix`` hook's model for the searcher's ``view``, else its ``OPPONENT_MIX`` for every move;
    ``None`` where neither asks for any."""
    module = _module(game)
    hook = getattr(module, "opponent_mix", None) if module is not None else None
    if callable(hook):
        return cast(OpponentMix, hook(view))
    mix = getattr(module, "OPPONENT_MIX", None) if module is not None else None
    if not isinstance(mix, (int, float)) or mix <= 0:
        return None
    share = float(mix)
    return lambda world: share


def rollout_rounds_for(game: str) -> int:
    """The game's ``ROLLOUT_ROUNDS`` (how many round ends the search's rollouts play through), or 1."""
    module = _module(game)
    rounds = getattr(module, "ROLLOUT_ROUNDS", None) if module is not None else None
    return rounds if isinstance(rounds, int) and rounds >= 1 else 1


def confidence_for(game: str) -> float:
    """The game's ``CONFIDENCE`` (standard errors a move must gain over ``normal``'s to replace it), or 1."""
    module = _module(game)
    confidence = getattr(module, "CONFIDENCE", None) if module is not None else None
    return float(confidence) if isinstance(confidence, (int, float)) else 1.0


def search_as_baseline_for(game: str) -> SearchAsBaseline | None:
    """The game's ``search_as_baseline`` (whether ``hard`` searches a decision as the ``ismcts`` baseline
    does, from the seat's view), or None: never."""
    module = _module(game)
    hook = getattr(module, "search_as_baseline", None) if module is not None else None
    return cast(SearchAsBaseline, hook) if callable(hook) else None


def candidates_for(game: str) -> Candidates | None:
    """The game's ``candidates`` (which legal moves the search compares at its root), or None: all."""
    module = _module(game)
    candidates = getattr(module, "candidates", None) if module is not None else None
    return candidates if callable(candidates) else None


def world_weight_for(game: str) -> WorldWeight | None:
    """The game's ``world_weight`` (the likelihood of a sampled world under its model of the other seats,
    relative to the sampler's), or None: every sampled world counts the same."""
    module = _module(game)
    weight = getattr(module, "world_weight", None) if module is not None else None
    return weight if callable(weight) else None


def policy_for(game: str) -> Policy:
    """The game's ``choose`` as a policy over decisions, or ``generic_choose``."""
    module = _module(game)
    choose = getattr(module, "choose", None) if module is not None else None
    if choose is None:
        return generic_choose

    def policy(decision: Decision, rng: random.Random) -> Any:
        return choose(decision.seat_view, decision.legal, rng)

    return policy


def generic_choose(decision: Decision, rng: random.Random) -> Any:
    """One-ply lookahead: each action (at most ``GENERIC_WIDTH``) is tried on the determinized world and
    followed by short random rollouts, scored by the game's evaluator; the best average wins."""
    legal = list(decision.legal)
    if len(legal) == 1:
        return legal[0]
    if len(legal) > GENERIC_WIDTH:
        legal = rng.sample(legal, GENERIC_WIDTH)
    evaluate = evaluator_for(decision.game)
    seat = decision.seat
    best: list[Any] = []
    best_value = -1.0
    for action in legal:
        total = 0.0
        for _ in range(GENERIC_ROLLOUTS):
            world = decision.world.determinize(seat, rng)
            world.apply(action)
            for _ in range(GENERIC_DEPTH):
                if world.is_over:
                    break
                world.apply(choose_uniform(world.legal_actions(), rng))
            total += (terminal_values(world) if world.is_over else evaluate(world))[seat]
        if total > best_value + 1e-12:
            best, best_value = [action], total
        elif abs(total - best_value) <= 1e-12:
            best.append(action)
    return choose_uniform(best, rng)


class HeuristicBot:
    """The ``easy`` and ``normal`` levels: the game's heuristic, ``easy`` with deliberate slips.

    ``mistakes`` is the chance of a uniformly random move instead of the heuristic's: a beginner who plays
    sensibly most of the time, which is what people expect of "easy".
    """

    def __init__(self, game: str, *, name: str = "normal", mistakes: float = 0.0) -> None:
        self.game = game
        self.name = name
        self.mistakes = mistakes
        self._policy = policy_for(game)
        self.needs_world = self._policy is generic_choose

    def act(self, decision: Decision, rng: random.Random) -> Any:
        if len(decision.legal) == 1:
            return decision.legal[0]
        if self.mistakes and rng.random() < self.mistakes:
            return choose_uniform(decision.legal, rng)
        return self._policy(decision, rng)


def best_of(scored: Sequence[tuple[float, _A]], rng: random.Random) -> _A:
    """The action with the highest score, ties broken by ``rng`` (heuristics share this)."""
    top = max(score for score, _ in scored)
    return choose_uniform([action for score, action in scored if score >= top - 1e-9], rng)


def seat_of(view: JSON) -> int:
    """The seat a view belongs to (heuristics only ever get a seat's own view)."""
    seat = view["seat"]
    assert isinstance(seat, int)
    return seat
