"""The ``expert`` level: ``hard``'s determinized search, focused and judged by a network learned in self-play.

It is ``hard`` (``veillee.bots.ismcts``: batches of rollouts on common sampled worlds, racing, the ``normal``
move unless paired evidence says otherwise) with two learned parts (``veillee.expert.net``), each used only
as far as a measure recorded in the weights says it helps:

* the **prior** (policy head, on the acting seat's observation) chooses which root actions enter the race:
  the ``normal`` move and the ``width`` most likely others. The budget is spent on fewer moves, so each gets
  more worlds and the paired test sees smaller differences. The width is the weights' ``prior_width``:
  the narrowest race that keeps ``hard``'s own choices often enough, measured against ``hard``
  (``veillee.expert.calibrate``); without one, every legal move races, as in ``hard``;
* the **value** (value head) judges where a rollout stops before the match ends (the round's end in SOON,
  Skyjo and Sorry!, a depth cap in Soupçons): ``mix`` of the learned value and ``1 - mix`` of the game's
  hand-written evaluation, as AlphaGo mixed its value network with rollout outcomes (Silver et al., 2016);
  ``mix`` is the share that predicted held-out self-play results best in training (``veillee.expert.train``),
  0 (the hand-written evaluation alone) when the weights record none.

So weights that know little make ``expert`` play exactly as ``hard``: with no narrowing and no learned value,
``act`` hands the decision to ``hard`` itself (same budget, same random stream).

No peeking: the bot reads only its ``Decision``. The observation is encoded from ``decision.world``'s view of
the acting seat, which equals the seat's true view (a determinized world resamples only what the seat may
not know), and leaves are sampled worlds. Weights that are missing for a game and player count, or that do
not fit it (``WeightsMismatch``), make the bot play ``hard`` with the same budget, with a warning.
"""

from __future__ import annotations

import math
import random
import time
import warnings
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from functools import lru_cache
from typing import Any

import numpy as np
from threadpoolctl import ThreadpoolController

from veillee.bots.base import Decision
from veillee.bots.heuristics import Evaluator, candidates_for, evaluator_for, policy_for, tree_depth_for
from veillee.bots.ismcts import MIN_WORLDS, EvaluateMany, ISMCTSBot, Node, _lower_bound, search
from veillee.core import GameState
from veillee.expert.net import Network, WeightsMismatch, check, shipped
from veillee.rl.encoders import state_encoder

__all__ = ["VALUE_GAIN", "WIDTH", "ExpertBot", "leaf_evaluator", "leaf_values", "one_blas_thread", "order", "prior"]

VALUE_GAIN = 0.1
"""How much of the hand-written evaluation's error (held-out mean squared error against the final results,
recorded in the weights' ``value_mse``) the recorded ``mix`` must remove for the learned value to be used:
reading the network at every leaf costs rollouts (about a quarter of them in Soupçons at equal time), so a
value that predicts only a little better is not worth it."""

WIDTH = 6
"""Root actions the prior lets into the race besides the ``normal`` move in self-play (where Dirichlet
noise lets others in too); at play time the weights' calibrated ``prior_width`` decides."""


def prior(network: Network, world: GameState[Any], seat: int, legal: Sequence[Any]) -> list[float]:
    """The policy head's probabilities over ``legal`` for ``seat`` (softmax of the legal logits only)."""
    obs = state_encoder(world).encode(world, seat)
    logits, _ = network.forward(obs[None, :])
    index = world.codec.index
    chosen = logits[0, [index(a) for a in legal]].astype(np.float64)
    chosen -= chosen.max()
    weights = np.exp(chosen)
    return [float(w) for w in weights / weights.sum()]


def order(network: Network, decision: Decision) -> list[Any]:
    """``decision``'s legal actions, most likely first under the prior (ties in the game's order)."""
    legal = decision.legal
    probs = prior(network, decision.world, decision.seat, legal)
    return [legal[i] for i in sorted(range(len(legal)), key=lambda i: -probs[i])]


def leaf_values(network: Network, world: GameState[Any], seat: int, mix: float) -> EvaluateMany | None:
    """Per-seat values of many sampled worlds where rollouts stop, judged together: the value head read
    (in one pass) from ``seat``'s observation of each world (a sampled world's view, never the true
    state's), mixed with the game's own evaluation; ``None`` where ``mix`` is 0 (the search then uses
    the game's evaluation alone and never runs the network).

    Why a batch: a network pass over one row costs about as much numpy overhead as over 32 (10-15 µs
    against 1-3 µs a row, ``benchmarks/expert_leaves.py``), which reading the leaves one by one paid at
    every rollout (Sorry! ran 27 % fewer rollouts per CPU-second than ``hard`` that way)."""
    if mix <= 0.0:
        return None  # the training found the learned value no help: do not spend the move's time on it
    hand = evaluator_for(world.game_name)
    encoder = state_encoder(world)
    n = world.num_players
    relative = [(s - seat) % n for s in range(n)]
    parts, size = encoder.parts, encoder.size

    def evaluate_many(leaves: Sequence[GameState[Any]]) -> list[list[float]]:
        # One buffer for all the leaves' observations (the encoder's chunks, joined once).
        chunks = bytearray().join([chunk for leaf in leaves for chunk in parts(leaf, seat)])
        obs = np.frombuffer(chunks, dtype=np.float32).reshape(len(leaves), size)
        learned = network.value(obs)[:, relative].astype(np.float64)
        if mix < 1.0:
            own = np.array([hand(leaf) for leaf in leaves], dtype=np.float64)
            learned = mix * learned + (1.0 - mix) * own
        values: list[list[float]] = learned.tolist()
        return values

    return evaluate_many


def leaf_evaluator(network: Network, world: GameState[Any], seat: int, mix: float) -> Evaluator:
    """``leaf_values`` for one leaf at a time (the game's own evaluation where ``mix`` is 0)."""
    many = leaf_values(network, world, seat, mix)
    if many is None:
        return evaluator_for(world.game_name)
    judge = many

    def evaluate(leaf: GameState[Any]) -> list[float]:
        return list(judge([leaf])[0])

    return evaluate


@lru_cache(maxsize=1)
def _threadpools() -> ThreadpoolController:
    return ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[object]:
    """Run numpy's BLAS on this thread only, for one move. Why: OpenBLAS spreads a matrix product over
    every core; on a 2-core machine shared with other processes, its threads wait for each other and spin,
    and a 32-row pass then cost 3 to 8 times the CPU it costs on one thread (measured: 5,000 products of
    32 x 688 by 688 x 128 took 3.0 s of process CPU with two threads, 0.38 s with one), CPU time that
    counts against the move's budget (``--cpu-time``) and that other players' processes lose."""
    limit: AbstractContextManager[object] = _threadpools().limit(limits=1, user_api="blas")
    return limit


class ExpertBot:
    """The ``expert`` level (module docstring). ``network``: weights to use (default: the package's, per
    game and player count); ``iterations``/``seconds``/``clock``: the budget, as ``hard``'s; ``width`` and
    ``mix`` override what the weights record (``None``: theirs; tests and self-play force them); ``noise``: a
    Dirichlet share mixed into the prior when choosing the race (self-play exploration, 0 at play time);
    ``keep_root``: keep the last search's tree in ``last_root`` (self-play's policy target)."""

    def __init__(
        self,
        game: str,
        *,
        iterations: int | None = 20_000,
        seconds: float | None = 0.9,
        network: Network | None = None,
        width: int | None = None,
        mix: float | None = None,
        noise: float = 0.0,
        keep_root: bool = False,
        confidence: float = 1.0,
        name: str = "expert",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.network = network
        self.width = width
        self.mix = mix
        self.noise = noise
        self.keep_root = keep_root
        self.confidence = confidence
        self.name = name
        self.clock = clock
        self.tree_depth = tree_depth_for(game)
        self._policy = policy_for(game)
        self._candidates = candidates_for(game)
        self._fallback = ISMCTSBot(game, iterations=iterations, seconds=seconds, clock=clock)
        self._checked: dict[tuple[int, str], Network | None] = {}
        self.last_root: Node | None = None
        """The last search's root, kept if ``keep_root`` (self-play reads its visits as the policy target)."""

    def network_for(self, world: GameState[Any]) -> Network | None:
        """The weights for ``world``'s game as it is, or ``None`` (with a warning, once) if they are missing
        or do not fit: the bot then plays ``hard``."""
        key = (world.num_players, repr(sorted(world.options.items())))
        if key not in self._checked:
            try:
                if self.network is None:
                    network = shipped(world)
                else:
                    check(self.network, world)
                    network = self.network
            except FileNotFoundError:
                warnings.warn(
                    f"no expert weights for {world.game_name} at {world.num_players} players: expert plays as hard",
                    stacklevel=2,
                )
                network = None
            except WeightsMismatch as exc:
                warnings.warn(f"{exc}; expert plays as hard", stacklevel=2)
                network = None
            self._checked[key] = network
        return self._checked[key]

    def mix_for(self, network: Network) -> float:
        """The share of learned value at the leaves: as given, else as training measured best (``mix`` in the
        weights' metadata) if that cut the hand-written evaluation's held-out error by ``VALUE_GAIN`` or more,
        else 0 (an unmeasured or barely better value is not used)."""
        if self.mix is not None:
            return self.mix
        recorded = network.meta.get("mix")
        errors = network.meta.get("value_mse")
        if not isinstance(recorded, int | float) or recorded <= 0.0 or not isinstance(errors, dict):
            return 0.0
        hand, mixed = errors.get(str(0.0)), errors.get(str(float(recorded)))
        if not isinstance(hand, int | float) or not isinstance(mixed, int | float):
            return 0.0
        return float(recorded) if mixed <= (1.0 - VALUE_GAIN) * hand else 0.0

    def width_for(self, network: Network) -> int | None:
        """How many moves besides the ``normal`` one the prior lets race: as given, else the weights'
        calibrated ``prior_width`` (``veillee.expert.calibrate``), else ``None`` (all of them)."""
        if self.width is not None:
            return self.width
        recorded = network.meta.get("prior_width")
        return int(recorded) if isinstance(recorded, int) and recorded >= 1 else None

    def candidates(
        self, decision: Decision, usual: Any, network: Network, rng: random.Random, width: int | None = None
    ) -> list[Any]:
        """The root actions worth searching: ``usual`` and the ``width`` most likely under the prior (default:
        ``width_for(network)``; all of them if that is ``None``), among the moves ``hard`` would compare
        (the game's ``candidates`` hook, e.g. one claim per offered card in Soupçons, and ``usual``)."""
        legal = decision.legal
        if self._candidates is not None:
            kept = set(self._candidates(decision.seat_view, legal))
            kept.add(usual)
            legal = tuple(action for action in legal if action in kept)
        width = self.width_for(network) if width is None else width
        if width is None or len(legal) <= width + 1:
            return list(legal)
        probs = prior(network, decision.world, decision.seat, legal)
        if self.noise > 0.0:
            gammas = [rng.gammavariate(0.3, 1.0) for _ in legal]
            total = sum(gammas) or 1.0
            probs = [(1.0 - self.noise) * p + self.noise * g / total for p, g in zip(probs, gammas, strict=True)]
        ranked = sorted(range(len(legal)), key=lambda i: -probs[i])[:width]
        keep = set(ranked) | {legal.index(usual)}
        return [legal[i] for i in sorted(keep)]

    def act(self, decision: Decision, rng: random.Random) -> Any:
        self.last_root = None
        if len(decision.legal) == 1:
            return decision.legal[0]
        network = self.network_for(decision.world)
        if network is None:
            return self._fallback.act(decision, rng)
        width, mix = self.width_for(network), self.mix_for(network)
        if width is None and mix <= 0.0 and not self.keep_root:
            return self._fallback.act(decision, rng)  # nothing learned is trusted: exactly hard
        with one_blas_thread():
            started = self.clock()
            usual = self._policy(decision, rng)
            actions = self.candidates(decision, usual, network, rng, width)
            if len(actions) == 1:
                return usual
            # The prior's cost comes out of the budget, so that expert and hard think for the same time.
            seconds = None if self.seconds is None else max(self.seconds - (self.clock() - started), 0.0)
            root = search(
                decision,
                rng,
                iterations=self.iterations,
                seconds=seconds,
                tree_depth=self.tree_depth,
                keep=usual,
                clock=self.clock,
                actions=actions,
                evaluate_many=leaf_values(network, decision.world, decision.seat, mix),
            )
        if self.keep_root:
            self.last_root = root
        baseline = root.children[usual].samples
        if len(baseline) < MIN_WORLDS:
            return usual
        best, best_gain = usual, 0.0
        for action, child in root.children.items():
            gain = _lower_bound(child.samples, baseline, self.confidence, root.weights)
            if gain > best_gain and not math.isnan(gain):
                best, best_gain = action, gain
        return best
