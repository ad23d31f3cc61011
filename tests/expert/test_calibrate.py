"""The expert trusts its network only as far as measured: weights with no calibrated race width and no
learned value make it play ``hard`` itself (the network is not even run); a calibrated width narrows the
race; the calibration measures ``hard``'s overrides reproducibly and ``veillee train --calibrate`` records it."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import veillee
from veillee.bots import decision_for
from veillee.bots.ismcts import ISMCTSBot
from veillee.cli.main import main
from veillee.expert import bot as expert_bot
from veillee.expert.bot import ExpertBot
from veillee.expert.calibrate import override_ranks, value_errors, width_for
from veillee.expert.net import Network, load, untrained, write
from veillee.rl.options import unattended


def _decisions(game: str, count: int, seed: int = 3) -> list[Any]:
    """``count`` decisions with at least three legal moves from a random match of ``game`` (2 players)."""
    options = {"length": "express"} if game == "soon" else {}
    state = veillee.new_game(game, 2, seed, **unattended(game, options))
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count and not state.is_over:
        seat = state.to_act
        assert seat is not None
        if len(state.legal_actions()) >= 3:
            found.append(decision_for(state, seat, random.Random(len(found))))
        state.apply(rng.choice(state.legal_actions()))
    return found


def _with(network: Network, **changes: object) -> Network:
    return replace(network, meta={**network.meta, **changes})


def test_recall_decides_the_width() -> None:
    assert width_for([]) is None
    assert width_for([[0, 9]] * 40) == 1  # the prior's top move is always hard's: a race of two
    assert width_for([[0, 9]] * 10) is None  # too few overrides to be sure of anything
    assert width_for([[3, 9]] * 40) == 4
    assert width_for([[k % 9, 10] for k in range(40)]) is None  # a prior no better than chance
    # Only the decisions a width would narrow count: many small ones say nothing about the large ones.
    assert width_for([[5, 8]] * 39 + [[0, 30]]) == 6
    assert width_for([[0, 4]] * 100 + [[5, 20]] * 5) is None


def test_uncalibrated_weights_without_a_learned_value_play_exactly_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(*args: object) -> list[float]:
        raise AssertionError("the network was run")

    monkeypatch.setattr(expert_bot, "prior", never)
    for game in ("soon", "skyjo"):
        decisions = _decisions(game, 3)
        network = untrained(decisions[0].world)
        assert "mix" not in network.meta and "prior_width" not in network.meta
        expert = ExpertBot(game, iterations=40, seconds=None, network=network)
        hard = ISMCTSBot(game, iterations=40, seconds=None)
        for k, decision in enumerate(decisions):
            assert expert.act(decision, random.Random(k)) == hard.act(decision, random.Random(k))


def test_a_calibrated_width_narrows_the_race() -> None:
    decision = next(d for d in _decisions("skyjo", 20) if len(d.legal) > 4)
    network = _with(untrained(decision.world), prior_width=2)
    bot = ExpertBot("skyjo", iterations=30, seconds=None, network=network, keep_root=True)
    assert bot.act(decision, random.Random(1)) in decision.legal
    assert bot.last_root is not None and len(bot.last_root.children) <= 3 < len(decision.legal)
    # An explicit width wins over the weights' (self-play forces one).
    wide = ExpertBot("skyjo", iterations=30, seconds=None, network=network, width=len(decision.legal), keep_root=True)
    wide.act(decision, random.Random(1))
    assert wide.last_root is not None and len(wide.last_root.children) == len(decision.legal)


def test_the_calibration_is_reproducible_and_recorded_by_the_command(tmp_path: Path) -> None:
    state = veillee.new_game("sorry", 2, 0)
    network = untrained(state, hidden=8)
    ranks = override_ranks(network, "sorry", 2, {}, positions=6, iterations=40, seed=3)
    assert ranks == override_ranks(network, "sorry", 2, {}, positions=6, iterations=40, seed=3)
    assert all(0 <= rank < legal - 1 for rank, legal in ranks)
    path = tmp_path / "w.npz"
    write(network, path)
    argv = ["train", "sorry", "--calibrate", str(path), "--calibrate-positions", "6", "--calibrate-iterations", "40"]
    assert main([*argv, "--seed", "3", "--calibrate-value-matches", "2"]) == 0
    meta = load(path).meta
    assert meta["prior_ranks"] == ranks and meta["prior_width"] == width_for(ranks)
    assert meta["prior_calibration"] == {"positions": 6, "iterations": 40, "seed": 3, "recall": 0.9}
    errors, count = value_errors(network, matches=2, seed=3)
    assert meta["value_mse"] == errors and meta["value_calibration"] == {"matches": 2, "positions": count, "seed": 3}
    assert meta["mix"] == min((0.0, 0.25, 0.5, 0.75, 1.0), key=lambda m: errors[str(m)])
    assert main(["train", "skyjo", "--calibrate", str(path)]) == 2  # sorry weights are not skyjo's


def test_the_learned_value_is_used_only_where_it_cut_the_error_by_a_tenth() -> None:
    network = untrained(veillee.new_game("sorry", 2, 0), hidden=8)
    bot = ExpertBot("sorry", iterations=10, seconds=None)
    assert bot.mix_for(network) == 0.0  # nothing measured
    barely = _with(network, mix=0.25, value_mse={"0.0": 0.232, "0.25": 0.229})
    assert bot.mix_for(barely) == 0.0  # 1 % better: not worth the rollouts the network costs
    better = _with(network, mix=0.5, value_mse={"0.0": 0.29, "0.5": 0.25})
    assert bot.mix_for(better) == 0.5
    assert ExpertBot("sorry", iterations=10, seconds=None, mix=0.75).mix_for(barely) == 0.75  # forced
