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

import numpy as np

import veillee
from veillee.bots.driver import decision_for
from veillee.bots.heuristics import policy_for
from veillee.bots.ismcts import ISMCTSBot
from veillee.bots.tournament import wilson
from veillee.core import derive_seed
from veillee.expert.net import Network
from veillee.rl.options import unattended

__all__ = ["MIXES", "RECALL", "calibrate", "calibrated", "override_ranks", "value_errors", "width_for"]

MIXES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The shares of learned value compared (``mix`` in ``veillee.expert.bot``)."""

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


def value_errors(network: Network, *, matches: int, seed: int) -> tuple[dict[str, float], int]:
    """Mean squared error per seat of each ``mix`` of the learned value and the hand-written evaluation
    against the final results, over every decision of ``matches`` fresh matches played by ``normal``
    (seeds of their own, never trained on), and the number of positions: the held-out measure the bot's
    value gate reads (``value_mse``; the training's running estimate is noisier)."""
    from veillee.expert.selfplay import SelfPlay, play_one

    meta = network.meta
    settings = SelfPlay(str(meta["game"]), int(meta["players"]), dict(meta.get("options") or {}), search_share=0.0)
    sums = np.zeros(len(MIXES))
    count = 0
    for k in range(matches):
        samples = play_one(settings, None, derive_seed(seed, "value", k))
        if not samples.obs:
            continue
        learned = network.value(np.stack(samples.obs)).astype(np.float64)
        hand = np.stack(samples.hand).astype(np.float64)
        target = np.stack(samples.value).astype(np.float64)
        for i, mix in enumerate(MIXES):
            sums[i] += float((((mix * learned + (1.0 - mix) * hand) - target) ** 2).mean(axis=1).sum())
        count += len(target)
    errors = {str(mix): round(float(total / max(count, 1)), 5) for mix, total in zip(MIXES, sums, strict=True)}
    return errors, count


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


def calibrated(network: Network, *, positions: int, iterations: int, seed: int, value_matches: int = 0) -> Network:
    """``network`` with its calibration in its metadata (``prior_ranks``, ``prior_width``, how measured), and
    with ``value_matches`` > 0, its value's held-out errors (``value_mse``) and the best ``mix`` by them."""
    meta = dict(network.meta)
    game, players = str(meta["game"]), int(meta["players"])
    options = dict(meta.get("options") or {})
    ranks = override_ranks(network, game, players, options, positions=positions, iterations=iterations, seed=seed)
    meta.update(
        prior_ranks=ranks,
        prior_width=width_for(ranks),
        prior_calibration={"positions": positions, "iterations": iterations, "seed": seed, "recall": RECALL},
    )
    if value_matches > 0:
        errors, count = value_errors(network, matches=value_matches, seed=seed)
        meta.update(
            value_mse=errors,
            mix=min(MIXES, key=lambda mix: errors[str(mix)]),
            value_calibration={"matches": value_matches, "positions": count, "seed": seed},
        )
    return Network(network.arrays, meta)


def calibrate(path: str, *, positions: int, iterations: int, seed: int, value_matches: int = 0) -> Network:
    """Calibrate the weights file at ``path`` in place (``veillee train GAME --calibrate FILE``)."""
    from veillee.expert.net import load, write

    network = calibrated(load(path), positions=positions, iterations=iterations, seed=seed, value_matches=value_matches)
    write(network, path)
    return network
