"""Train sb3-contrib's MaskablePPO at 2-player Skyjo Action, against ``random`` then ``normal``, and measure it.

One command, at most 20 minutes on 2 cores (``--minutes`` sets the budget, evaluation included)::

    pip install torch==2.13.0 && pip install -e '.[rl,train]'
    python examples/train_skyjo_maskable_ppo.py            # writes examples/output/

What it does, and why:

* the learner is seat 0 of ``veillee.rl.gym_env("skyjo", 2, ...)``: observations are ``veillee.rl.observe``
  vectors, ``action_masks()`` gives the legal moves, the reward is the match's return (1 for a win);
* it trains on short matches (``target=10``, the smallest allowed: nearly always one round), so that each
  episode is about one round, with its reward at the end, instead of the several rounds of a 100-point match;
  the skill that wins rounds is the skill that wins matches; the training reward is the environment's
  documented shaping ``reward="margin"`` (the score margin over the opponent / 40, clipped to [-1, 1]) rather
  than the bare win/loss, a denser signal that rewards a 30-point win more than a 1-point one;
* first against ``random`` (60% of the training time), then against the ``normal`` heuristic;
* then it plays ``--matches`` (200) full matches with the default options (to 100 points) against
  ``random``, the policy acting greedily, and reports the share won with a 95% Wilson interval;
* it writes ``learning_curve.png`` (training win rate against steps), ``model.zip`` and ``result.json``.

``--smoke`` runs a one-minute version (a few thousand steps, a few matches) for CI: it checks the pipeline,
not the policy's strength.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from veillee.rl import gym_env

TRAIN_OPTIONS = {"target": 10}
"""Short matches for training, nearly always one round (see the module docstring)."""
SHAPING = {"reward": "margin", "margin_scale": 40.0}
"""The environment's documented shaping, for training only (evaluation counts wins)."""


class Budget(BaseCallback):  # type: ignore[misc]
    """Stops a phase when its time is up, and records each finished training episode (step, won)."""

    def __init__(self, seconds: float, curve: list[tuple[int, float, str]], phase: str) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds
        self.curve = curve
        self.phase = phase

    def _on_step(self) -> bool:
        for info in self.locals.get("infos", []):
            if "return" in info:  # the end of a match: 1.0 if the learner won it
                self.curve.append((self.num_timesteps, float(info["return"]), self.phase))
        return time.monotonic() < self.deadline


def make_env(opponent: str, seed: int, options: dict[str, Any]) -> Any:
    def make() -> Monitor:
        env = gym_env("skyjo", 2, seat=0, opponents=opponent, **SHAPING, **options)
        env.reset(seed=seed)
        return Monitor(env)

    return make


def vec_env(opponent: str, envs: int, seed: int) -> DummyVecEnv:
    return DummyVecEnv([make_env(opponent, seed + i, TRAIN_OPTIONS) for i in range(envs)])


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def evaluate(model: MaskablePPO, matches: int, opponent: str, seed: int) -> tuple[int, int]:
    """Full matches (default options, to 100 points) against ``opponent``; the policy acts greedily."""
    env = gym_env("skyjo", 2, seat=0, opponents=opponent)
    wins = 0
    for match in range(matches):
        obs, _ = env.reset(seed=seed + match)
        while True:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(action))
            if terminated or truncated:
                wins += reward > 0.5
                break
    return wins, matches


def plot(curve: list[tuple[int, float, str]], path: Path, window: int) -> None:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for phase, colour in (("random", "tab:blue"), ("normal", "tab:orange")):
        points = [(step, won) for step, won, p in curve if p == phase]
        if not points:
            continue
        steps = np.array([s for s, _ in points])
        won = np.array([w for _, w in points])
        k = max(1, min(window, len(won) // 5 or 1))
        sums = np.cumsum(np.insert(won, 0, 0.0))
        counts = np.minimum(np.arange(1, len(won) + 1), k)
        rolling = (sums[1:] - sums[np.arange(1, len(won) + 1) - counts]) / counts
        ax.plot(steps, rolling, color=colour, label=f"vs {phase} (mean of the last {k} rounds)")
    ax.set_xlabel("training steps (learner decisions)")
    ax.set_ylabel("rounds won")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    ax.set_title("MaskablePPO, 2-player Skyjo Action (training matches to 10 points)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=19.0, help="whole budget, evaluation included")
    parser.add_argument("--matches", type=int, default=200, help="evaluation matches against random")
    parser.add_argument("--envs", type=int, default=8, help="environments stepped together")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "output")
    parser.add_argument("--smoke", action="store_true", help="a one-minute run that checks the pipeline")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)  # more threads spin-wait on a busy 2-core machine: 20x slower, measured
    started = time.monotonic()
    if args.smoke:
        train_seconds, matches, n_steps = 20.0, min(args.matches, 4), 128
    else:
        train_seconds, matches, n_steps = args.minutes * 60 - 150.0, args.matches, 512
    args.out.mkdir(parents=True, exist_ok=True)
    curve: list[tuple[int, float, str]] = []
    model = MaskablePPO(
        "MlpPolicy",
        vec_env("random", args.envs, args.seed),
        n_steps=n_steps,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        gamma=0.995,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        verbose=0,
    )
    model.learn(10**9, callback=Budget(0.6 * train_seconds, curve, "random"))
    steps_random = model.num_timesteps
    model.set_env(vec_env("normal", args.envs, args.seed + 1000))
    model.learn(10**9, callback=Budget(0.4 * train_seconds, curve, "normal"), reset_num_timesteps=False)
    trained = time.monotonic() - started
    wins, n = evaluate(model, matches, "random", seed=10_000)
    low, high = wilson(wins, n)
    result = {
        "steps": model.num_timesteps,
        "steps_vs_random": steps_random,
        "train_seconds": round(trained, 1),
        "total_seconds": round(time.monotonic() - started, 1),
        "matches": n,
        "wins": int(wins),
        "win_rate": wins / n if n else 0.0,
        "wilson95": [round(low, 3), round(high, 3)],
        "torch": torch.__version__,
        "smoke": args.smoke,
    }
    plot(curve, args.out / "learning_curve.png", window=200 if not args.smoke else 10)
    model.save(args.out / "model.zip")
    (args.out / "result.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
