"""How far the ``expert`` level may trust its prior: measured against ``hard``, recorded in the weights.

The prior narrows the race to the ``normal`` move and the ``width`` moves the policy head likes best
(``veillee.expert.bot``). That helps only if the moves it drops are moves ``hard`` would not have played
anyway; a prior trained on a few dozen matches drops them often (SOON's first weights dropped 3 of 5 of
``hard``'s choices that differed from the ``normal`` move, and lost 32 % of their matches against ``hard``).

So the prior is judged on what matters: at decisions of matches played by ``normal`` (seeds of their own),
``hard``'s search (a fixed rollout budget, every legal move in the race) picks a move; where it is not the
``normal`` move (an *override*: the only choices the filter can lose, since the ``normal`` move always
races), the calibration records the rank of ``hard``'s move in the prior's order of the other legal moves
and how many legal moves there were. The bot then narrows the race only to a width whose recall (the
share of the overrides it would have kept, among those at decisions it would narrow) has a 95 % Wilson
lower bound of at least ``RECALL``; with no
such width, too few overrides measured, or no calibration at all, it does not narrow, and with no learned
value either it *is* ``hard`` (``ExpertBot.act`` hands the decision over): an untrained or weak network
degrades to ``hard`` by construction, not by luck.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import veillee
from veillee.bots.driver import decision_for
from veillee.bots.heuristics import policy_for
from veillee.bots.ismcts import ISMCTSBot
from veillee.bots.tournament import wilson
from veillee.core import derive_seed
from veillee.expert.net import Network
from veillee.rl.options import unattended

__all__ = ["RECALL", "calibrate", "calibrated", "override_ranks", "width_for"]

RECALL = 0.9
"""The lowest 95 % Wilson lower bound of recall at which the bot narrows the race."""
MAX_WIDTH = 12
"""Widths tried (beyond this, narrowing saves little in any of the four games)."""


def override_ranks(
    network: Network,
    game: str,
    players: int,
    options: dict[str, Any],
    *,
    positions: int,
    iterations: int,
    seed: int,
    every: int = 3,
) -> list[list[int]]:
    """``[rank, legal]`` for each override of ``hard`` met in ``positions`` searched decisions (every
    ``every``-th decision with three or more legal moves of ``normal``-played matches from ``seed``)."""
    from veillee.expert.bot import order

    hard = ISMCTSBot(game, iterations=iterations, seconds=None)
    policy = policy_for(game)
    found: list[list[int]] = []
    searched = 0
    match = 0
    while searched < positions:
        match_seed = derive_seed(seed, "calibrate", match)
        state = veillee.new_game(game, players, match_seed, **unattended(game, options))
        rng = random.Random(derive_seed(match_seed, "moves"))
        seen = 0
        while not state.is_over and searched < positions:
            seat = state.to_act
            assert seat is not None
            legal = state.legal_actions()
            if len(legal) >= 3:
                seen += 1
                if seen % every == 0:
                    searched += 1
                    decision = decision_for(state, seat, random.Random(derive_seed(match_seed, "world", seen)))
                    usual = policy(decision, random.Random(derive_seed(match_seed, "usual", seen)))
                    chosen = hard.act(decision, random.Random(derive_seed(match_seed, "search", seen)))
                    if chosen != usual:
                        ranked = [a for a in order(network, decision) if a != usual]
                        found.append([ranked.index(chosen), len(legal)])
            state.apply(policy(decision_for(state, seat, rng, world=False), rng))
        match += 1
    return found


def width_for(ranks: Sequence[Sequence[int]], recall: float = RECALL) -> int | None:
    """The smallest width whose recall has a Wilson lower bound of ``recall`` or more, counted only over
    the overrides at decisions that width would narrow (more than ``width + 1`` legal moves: small
    decisions, never narrowed, prove nothing about large ones); ``None`` if none does."""
    for width in range(1, MAX_WIDTH + 1):
        narrowed = [rank for rank, legal in ranks if legal > width + 1]
        if not narrowed:
            return None
        kept = sum(1 for rank in narrowed if rank < width)
        if wilson(kept, len(narrowed))[0] >= recall:
            return width
    return None


def calibrated(network: Network, *, positions: int, iterations: int, seed: int) -> Network:
    """``network`` with its calibration in its metadata (``prior_ranks``, ``prior_width``, how measured)."""
    meta = network.meta
    game, players = str(meta["game"]), int(meta["players"])
    options = dict(meta.get("options") or {})
    ranks = override_ranks(network, game, players, options, positions=positions, iterations=iterations, seed=seed)
    return Network(
        network.arrays,
        {
            **meta,
            "prior_ranks": ranks,
            "prior_width": width_for(ranks),
            "prior_calibration": {"positions": positions, "iterations": iterations, "seed": seed, "recall": RECALL},
        },
    )


def calibrate(path: str, *, positions: int, iterations: int, seed: int) -> Network:
    """Calibrate the weights file at ``path`` in place (``veillee train GAME --calibrate FILE``)."""
    from veillee.expert.net import load, write

    network = calibrated(load(path), positions=positions, iterations=iterations, seed=seed)
    write(network, path)
    return network
