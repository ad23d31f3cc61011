"""Self-play for ``veillee train``: matches whose moves come from the expert's search, recorded as training
samples (numpy only; the trainer, ``veillee.expert.train``, turns them into PyTorch batches).

Every seat is played by the same player. At a share ``search_share`` of the decisions with a choice (the
*search moves*) it runs the expert's determinized search (``ExpertBot`` with the current weights, a small
``iterations`` budget and Dirichlet noise on the prior, so that moves the prior would drop still get
looked at, as AlphaZero's root noise does); at the others it plays the ``normal`` heuristic, with a share
``slips`` of uniformly random moves (the opening's variety). That is *playout cap randomization* (Wu,
« Accelerating Self-Play Learning in Go », 2019, used by KataGo): only the search moves yield policy
targets, but every position yields a value target, and the cheap moves make the matches many times faster
to play, which is what 2 shared cores need. Before the first weights exist, the search moves are ``hard``'s.

A sample is ``(observation, legal mask, policy target, value target)``, all from the acting seat's view:

* observation: ``observe(state, seat)`` (``veillee.rl``: only what the seat may know);
* policy target (search moves only; zeros and a weight of 0 elsewhere): half the search's distribution of
  rollouts over the root actions (racing gives the doubtful moves more), half the move it chose;
* value target: the match's ``terminal_values`` per seat, relative to the acting seat (entry 0 = itself);
* beside them, the game's hand-written ``evaluate`` of the position (the trainer's yardstick for the value).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

import veillee
from veillee.bots.base import Decision
from veillee.bots.driver import decision_for
from veillee.bots.heuristics import evaluator_for, policy_for, terminal_values
from veillee.bots.ismcts import ISMCTSBot
from veillee.core import derive_seed
from veillee.expert.bot import WIDTH, ExpertBot
from veillee.expert.net import Network
from veillee.rl.encoders import state_encoder
from veillee.rl.options import unattended

__all__ = ["Samples", "SelfPlay", "play_one"]


@dataclass
class Samples:
    """Training samples of one or more matches, as parallel lists (stacked by the trainer)."""

    obs: list[npt.NDArray[np.float32]] = field(default_factory=list)
    mask: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    policy: list[npt.NDArray[np.float32]] = field(default_factory=list)
    has_policy: list[bool] = field(default_factory=list)
    value: list[npt.NDArray[np.float32]] = field(default_factory=list)
    hand: list[npt.NDArray[np.float32]] = field(default_factory=list)
    """The game's hand-written ``evaluate`` at each position, relative to the acting seat (the trainer
    compares it with the learned value to choose how to mix them)."""

    def __len__(self) -> int:
        return len(self.obs)


@dataclass(frozen=True)
class SelfPlay:
    """How self-play matches are played (``veillee train``'s settings)."""

    game: str
    players: int
    options: dict[str, Any]
    iterations: int = 48
    """Rollouts per search move (a small budget: many matches matter more than deep searches)."""
    search_share: float = 0.25
    slips: float = 0.05
    noise: float = 0.25


def play_one(settings: SelfPlay, network: Network | None, seed: int) -> Samples:
    """One self-play match from ``seed`` with ``network`` (``None``: ``hard``'s search) -> its samples."""
    game = settings.game
    state = veillee.new_game(game, settings.players, seed, **unattended(game, settings.options))
    rng = random.Random(derive_seed(seed, "self-play"))
    world_rng = random.Random(derive_seed(seed, "self-play worlds"))
    searcher: ExpertBot | ISMCTSBot
    if network is None:
        searcher = ISMCTSBot(game, iterations=settings.iterations, seconds=None)
    else:
        searcher = ExpertBot(
            game,
            iterations=settings.iterations,
            seconds=None,
            network=network,
            width=WIDTH,
            noise=settings.noise,
            keep_root=True,
        )
    heuristic = policy_for(game)
    hand = evaluator_for(game)
    n = state.num_players
    encoder = state_encoder(state)
    actions = len(state.codec)
    index = state.codec.index
    samples = Samples()
    seats: list[int] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        mask = np.zeros(actions, dtype=np.bool_)
        mask[[index(a) for a in legal]] = True
        target = np.zeros(actions, dtype=np.float32)
        searched = rng.random() < settings.search_share
        if searched:
            decision = decision_for(state, seat, world_rng)
            action = searcher.act(decision, rng)
            _fill_target(target, searcher, decision, action, index)
        else:
            decision = decision_for(state, seat, world_rng, world=False)
            action = rng.choice(legal) if rng.random() < settings.slips else heuristic(decision, rng)
        samples.obs.append(encoder.encode(state, seat))
        samples.mask.append(mask)
        samples.policy.append(target)
        samples.has_policy.append(searched)
        own = hand(state)
        samples.hand.append(np.array([own[(seat + k) % n] for k in range(n)], dtype=np.float32))
        seats.append(seat)
        state.apply(action)
    final = terminal_values(state)
    for seat in seats:
        samples.value.append(np.array([final[(seat + k) % n] for k in range(n)], dtype=np.float32))
    return samples


def _fill_target(
    target: npt.NDArray[np.float32], searcher: ExpertBot | ISMCTSBot, decision: Decision, action: Any, index: Any
) -> None:
    """Half the search's rollouts per root action, half the chosen move (``hard``'s search is not kept:
    before the first weights, the target is the chosen move alone)."""
    root = searcher.last_root if isinstance(searcher, ExpertBot) else None
    target[index(action)] += 0.5 if root is not None else 1.0
    if root is None:
        return
    total = sum(child.visits for child in root.children.values())
    if total == 0:
        target[index(action)] += 0.5
        return
    for move, child in root.children.items():
        target[index(move)] += 0.5 * child.visits / total
