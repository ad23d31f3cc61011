"""``veillee train``: Expert Iteration by self-play for one game (needs the ``train`` extra: PyTorch CPU).

The loop (Anthony, Tian & Barber, « Thinking Fast and Slow with Deep Learning and Tree Search », NeurIPS
2017; Silver et al., AlphaZero, Science 2018), adapted to hidden information by determinized search:

1. export the current network to numpy and play one self-play match with it (``veillee.expert.selfplay``:
   the expert's search on sampled worlds at a share of the moves, the ``normal`` heuristic at the rest);
2. add its samples to a replay buffer (the most recent ``buffer`` samples);
3. take gradient steps on minibatches from the buffer: cross-entropy of the masked policy against the
   search's targets (search moves only), mean squared error of the per-seat values against the results;
   before that, the match's positions (not trained on yet) judge how well each mix of the learned value
   and the game's hand-written ``evaluate`` predicts the results: the best recent mix is recorded in the
   weights (``mix``), which the bot uses at its leaves, so an undertrained value cannot weaken it much;
4. every ``checkpoint_minutes``: save the checkpoint (model, optimiser, buffer, random state, curve) and
   the numpy weights; every ``measure_minutes``: a few matches against ``normal`` and ``hard`` for the
   learning curve (``veillee.expert.measure``), redrawn as ``learning_curve.png``;
5. at the end, calibrate the prior against ``hard`` (``veillee.expert.calibrate``: how narrow a race keeps
   ``hard``'s own choices) and record it in the weights, which the bot reads as its race's width.

Reproducible from ``seed``: the network's initial weights, every match's seed and every minibatch derive
from it (one CPU thread, so the sums are in one order). A run stopped by its time budget has played however
many matches fitted; ``games`` caps them instead, which makes a run repeatable exactly. ``resume`` continues
a run from its checkpoint: the same state, so a run resumed reaches what an uninterrupted one would.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

import veillee
from veillee.core import derive_seed
from veillee.expert.calibrate import calibrated
from veillee.expert.measure import Point, measure, plot
from veillee.expert.net import FORMAT, Network, layout_hash, write
from veillee.expert.selfplay import Samples, SelfPlay, play_one
from veillee.rl.encoders import state_encoder
from veillee.rl.options import unattended

__all__ = ["Model", "TrainConfig", "export", "train"]

CHECKPOINT = "checkpoint.pt"
BUFFER = "buffer.npz"
WEIGHTS = "weights.npz"
CURVE = "learning_curve.png"
MIXES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The shares of learned value the trainer compares (``mix`` in ``veillee.expert.bot``)."""
FORGET = 0.97
"""Per match, the weight the older errors keep (recent matches judge the network as it is now)."""


class Model(nn.Module):
    """The policy/value MLP (the same arithmetic as ``veillee.expert.net.Network.forward``)."""

    def __init__(self, obs: int, actions: int, players: int, hidden: int) -> None:
        super().__init__()
        self.l1 = nn.Linear(obs, hidden)
        self.l2 = nn.Linear(hidden, hidden)
        self.policy = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, players)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = torch.relu(self.l2(torch.relu(self.l1(x))))
        return self.policy(h), torch.sigmoid(self.value(h))


@dataclass
class TrainConfig:
    game: str
    players: int
    out: Path
    seed: int = 0
    hours: float = 1.0
    games: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    hidden: int = 128
    iterations: int = 48
    search_share: float = 0.25
    buffer: int = 20_000
    batch: int = 128
    steps_per_sample: float = 0.25
    lr: float = 1e-3
    measure_minutes: float = 15.0
    measure_matches: int = 4
    measure_iterations: int = 48
    checkpoint_minutes: float = 5.0
    calibrate_positions: int = 60
    """Decisions searched by ``hard`` at the end to calibrate the prior (0: none; the bot then never narrows)."""
    calibrate_iterations: int = 300
    calibrate_value_matches: int = 100
    """Fresh ``normal`` matches on which the final value's errors are measured (the bot's value gate)."""


def export(model: Model, meta: dict[str, Any]) -> Network:
    """The model as numpy weights (float32) with its metadata: what self-play and ``expert`` run."""
    arrays = {
        "w1": model.l1.weight.detach().numpy().T.copy(),
        "b1": model.l1.bias.detach().numpy().copy(),
        "w2": model.l2.weight.detach().numpy().T.copy(),
        "b2": model.l2.bias.detach().numpy().copy(),
        "wp": model.policy.weight.detach().numpy().T.copy(),
        "bp": model.policy.bias.detach().numpy().copy(),
        "wv": model.value.weight.detach().numpy().T.copy(),
        "bv": model.value.bias.detach().numpy().copy(),
    }
    return Network(arrays, dict(meta))


class _Run:
    """The state a checkpoint holds."""

    def __init__(self, config: TrainConfig) -> None:
        self.config = config
        state = veillee.new_game(config.game, config.players, 0, **unattended(config.game, config.options))
        encoder = state_encoder(state)
        self.meta: dict[str, Any] = {
            "format": FORMAT,
            "game": config.game,
            "players": config.players,
            "rules_version": state.rules_version,
            "obs_size": encoder.size,
            "layout_hash": layout_hash(encoder),
            "actions": len(state.codec),
            "options": config.options,
            "hidden": config.hidden,
            "seed": config.seed,
        }
        torch.manual_seed(derive_seed(config.seed, "init") % 2**63)
        self.model = Model(encoder.size, len(state.codec), config.players, config.hidden)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=config.lr)
        self.rng = np.random.default_rng(derive_seed(config.seed, "minibatches"))
        self.games = 0
        self.steps = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0
        """CPU time of the training processes (on a shared machine, the honest measure of the work done)."""
        self.last_measure = 0.0
        self.points: list[Point] = []
        self.obs = np.zeros((0, encoder.size), dtype=np.float32)
        self.mask = np.zeros((0, len(state.codec)), dtype=np.bool_)
        self.policy = np.zeros((0, len(state.codec)), dtype=np.float32)
        self.has_policy = np.zeros(0, dtype=np.bool_)
        self.value = np.zeros((0, config.players), dtype=np.float32)
        self.loss = (float("nan"), float("nan"))
        self.errors = np.zeros(len(MIXES), dtype=np.float64)
        """Forgetful sums of squared value errors per mix, on each match's positions before training on them."""
        self.weight = 0.0

    def judge(self, samples: Samples) -> None:
        """Score each mix of learned and hand-written value on ``samples`` (not trained on yet)."""
        with torch.no_grad():
            _, learned = self.model(torch.from_numpy(np.stack(samples.obs)))
        net = learned.numpy().astype(np.float64)
        hand = np.stack(samples.hand).astype(np.float64)
        target = np.stack(samples.value).astype(np.float64)
        self.errors *= FORGET
        self.weight = self.weight * FORGET + len(target)
        for i, mix in enumerate(MIXES):
            self.errors[i] += float((((mix * net + (1.0 - mix) * hand) - target) ** 2).mean(axis=1).sum())

    def mix(self) -> float:
        """The mix with the smallest recent error (the bot's default until a match has been judged)."""
        if self.weight == 0.0:
            return 0.5
        return MIXES[int(np.argmin(self.errors))]

    def add(self, samples: Samples) -> None:
        keep = self.config.buffer
        self.obs = np.concatenate([self.obs, np.stack(samples.obs)])[-keep:]
        self.mask = np.concatenate([self.mask, np.stack(samples.mask)])[-keep:]
        self.policy = np.concatenate([self.policy, np.stack(samples.policy)])[-keep:]
        self.has_policy = np.concatenate([self.has_policy, np.array(samples.has_policy)])[-keep:]
        self.value = np.concatenate([self.value, np.stack(samples.value)])[-keep:]

    def learn(self, steps: int) -> None:
        size = len(self.obs)
        for _ in range(steps):
            pick = self.rng.integers(0, size, min(self.config.batch, size))
            obs = torch.from_numpy(self.obs[pick])
            mask = torch.from_numpy(self.mask[pick])
            target = torch.from_numpy(self.policy[pick])
            weight = torch.from_numpy(self.has_policy[pick].astype(np.float32))
            value = torch.from_numpy(self.value[pick])
            logits, predicted = self.model(obs)
            logits = logits.masked_fill(~mask, -1e9)
            cross = -(target * torch.log_softmax(logits, dim=1)).sum(dim=1)
            policy_loss = (cross * weight).sum() / weight.sum().clamp(min=1.0)
            value_loss = ((predicted - value) ** 2).mean(dim=1).mean()
            loss = policy_loss + value_loss
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.steps += 1
            self.loss = (float(policy_loss.detach()), float(value_loss.detach()))

    def network(self) -> Network:
        mse = (
            {str(m): round(float(e / self.weight), 5) for m, e in zip(MIXES, self.errors, strict=True)}
            if self.weight
            else {}
        )
        meta = {
            **self.meta,
            "trained_seconds": round(self.seconds),
            "cpu_seconds": round(self.cpu_seconds),
            "games": self.games,
            "steps": self.steps,
            "mix": self.mix(),
            "value_mse": mse,
        }
        return export(self.model, meta)

    def save(self) -> None:
        out = self.config.out
        out.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            out / BUFFER,
            obs=self.obs,
            mask=self.mask,
            policy=self.policy,
            has_policy=self.has_policy,
            value=self.value,
        )
        torch.save(
            {
                "model": self.model.state_dict(),
                "optimizer": self.optimizer.state_dict(),
                "rng": self.rng.bit_generator.state,
                "games": self.games,
                "steps": self.steps,
                "seconds": self.seconds,
                "cpu_seconds": self.cpu_seconds,
                "last_measure": self.last_measure,
                "points": [p.to_json() for p in self.points],
                "errors": self.errors.tolist(),
                "weight": self.weight,
                "meta": self.meta,
            },
            out / CHECKPOINT,
        )
        write(self.network(), out / WEIGHTS)
        (out / "curve.json").write_text(json.dumps([p.to_json() for p in self.points], indent=1))

    def load(self, path: Path) -> None:
        saved = torch.load(path / CHECKPOINT, weights_only=False)
        for key in ("game", "players", "rules_version", "obs_size", "layout_hash", "actions", "hidden"):
            if saved["meta"].get(key) != self.meta[key]:
                was = saved["meta"].get(key)
                raise ValueError(f"{path} was trained with {key} {was!r}, not {self.meta[key]!r}: it cannot resume")
        self.model.load_state_dict(saved["model"])
        self.optimizer.load_state_dict(saved["optimizer"])
        self.rng.bit_generator.state = saved["rng"]
        self.games, self.steps, self.seconds = saved["games"], saved["steps"], saved["seconds"]
        self.cpu_seconds = float(saved.get("cpu_seconds", 0.0))
        self.last_measure = saved["last_measure"]
        self.points = [Point(**p) for p in saved["points"]]
        self.errors = np.array(saved.get("errors", [0.0] * len(MIXES)), dtype=np.float64)
        self.weight = float(saved.get("weight", 0.0))
        with np.load(path / BUFFER) as data:
            self.obs, self.mask, self.policy = data["obs"], data["mask"], data["policy"]
            self.has_policy, self.value = data["has_policy"], data["value"]


Progress = Callable[[_Run, str], None]


def train(config: TrainConfig, *, resume: Path | None = None, progress: Progress | None = None) -> Path:
    """Run (or resume) training until ``config.hours`` more hours or ``config.games`` matches in all;
    returns the weights file (``out/weights.npz``)."""
    torch.set_num_threads(1)
    run = _Run(config)
    if resume is not None:
        run.load(resume)
    budget = config.hours * 3600.0
    started = time.monotonic()
    cpu_started = time.process_time()
    base, cpu_base = run.seconds, run.cpu_seconds
    last_save = time.monotonic()
    settings = SelfPlay(config.game, config.players, config.options, config.iterations, config.search_share)
    title = f"{config.game}, {config.players} players: expert (same {config.measure_iterations} rollouts) in training"

    def tick(what: str) -> None:
        run.seconds = base + time.monotonic() - started
        run.cpu_seconds = cpu_base + time.process_time() - cpu_started
        if progress is not None:
            progress(run, what)

    while time.monotonic() - started < budget and (config.games is None or run.games < config.games):
        network = run.network() if run.games > 0 else None
        samples = play_one(settings, network, derive_seed(config.seed, "self-play", run.games))
        if samples.hand:
            run.judge(samples)
        run.add(samples)
        run.games += 1
        run.learn(max(1, int(len(samples) * config.steps_per_sample)))
        tick("self-play")
        due = run.seconds - run.last_measure >= config.measure_minutes * 60.0 or run.games == config.games
        if config.measure_matches > 0 and due:
            tick("measuring")
            wall, cpu = time.monotonic(), time.process_time()
            run.points.append(
                measure(
                    config.game,
                    config.players,
                    config.options,
                    run.network(),
                    matches=config.measure_matches,
                    iterations=config.measure_iterations,
                    seed=config.seed,
                    minutes=run.seconds / 60.0,
                    cpu_minutes=run.cpu_seconds / 60.0,
                    games=run.games,
                )
            )
            base -= time.monotonic() - wall  # measured on the side: not training time
            cpu_base -= time.process_time() - cpu
            run.last_measure = run.seconds
            config.out.mkdir(parents=True, exist_ok=True)
            plot(run.points, config.out / CURVE, title)
            tick("measured")
        if time.monotonic() - last_save >= config.checkpoint_minutes * 60.0:
            run.save()
            last_save = time.monotonic()
    tick("saving")
    run.save()
    if config.calibrate_positions > 0:
        tick("calibrating")
        network = calibrated(
            run.network(),
            positions=config.calibrate_positions,
            iterations=config.calibrate_iterations,
            seed=derive_seed(config.seed, "calibrate", run.games),
            value_matches=config.calibrate_value_matches,
        )
        write(network, config.out / WEIGHTS)
    return config.out / WEIGHTS
