"""The learning curve's measures: small matches of the expert in training against ``normal`` and ``hard``.

Measured on the side (their seeds are their own, so measuring never changes what is trained): the expert
with the current weights and ``hard`` get the same rollout budget (``iterations``), so the curve shows what
the learned prior and value add to the same search; seats rotate. ``plot`` draws win shares with their 95 %
Wilson intervals against training CPU time.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import veillee
from veillee.bots import Agent, make_bot, play_match
from veillee.bots.tournament import wilson
from veillee.core import derive_seed
from veillee.expert.bot import ExpertBot
from veillee.expert.net import Network
from veillee.rl.options import unattended

__all__ = ["Point", "measure", "plot"]

OPPONENTS = ("normal", "hard")


@dataclass
class Point:
    """One measure: after ``minutes`` of training and ``games`` self-play matches, the expert's wins of
    ``matches`` against each opponent level."""

    minutes: float
    games: int
    wins: dict[str, float]
    matches: dict[str, int]
    cpu_minutes: float = 0.0
    """Training CPU time by then (the x axis: on a shared machine wall time says little)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def measure(
    game: str,
    players: int,
    options: dict[str, Any],
    network: Network,
    *,
    matches: int,
    iterations: int,
    seed: int,
    minutes: float,
    games: int,
    cpu_minutes: float = 0.0,
) -> Point:
    """``matches`` matches against each of ``OPPONENTS`` (the expert in one seat, rotated; the level in every
    other seat); a win is the expert's ``Result.returns`` (shared wins count their share)."""
    wins: dict[str, float] = {}
    for level in OPPONENTS:
        won = 0.0
        for k in range(matches):
            seat = k % players
            match_seed = derive_seed(seed, "measure", level, games, k)
            state = veillee.new_game(game, players, match_seed, **unattended(game, options))
            agents: list[Agent] = [
                make_bot(level, game, iterations=iterations) if level == "hard" else make_bot(level, game)
                for _ in range(players)
            ]
            agents[seat] = ExpertBot(game, iterations=iterations, seconds=None, network=network)
            outcome = play_match(state, agents, match_seed)
            won += outcome.result.returns[seat]
        wins[level] = won
    return Point(minutes, games, wins, dict.fromkeys(OPPONENTS, matches), cpu_minutes)


def plot(points: list[Point], path: Path, title: str) -> None:
    """The learning curve: the expert's win share against each level over training time, with 95 % Wilson
    intervals, and the even share (1 / players is drawn by the caller's title; 50 % line for two)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    span = max((p.cpu_minutes for p in points), default=1.0) or 1.0
    for k, (level, colour) in enumerate(zip(OPPONENTS, ("tab:blue", "tab:red"), strict=True)):
        shift = (k - 0.5) * 0.01 * span  # the two series side by side, not hiding each other
        xs, ys, lo, hi = [], [], [], []
        for p in points:
            n = p.matches.get(level, 0)
            if n == 0:
                continue
            share = p.wins[level] / n
            low, high = wilson(p.wins[level], n)
            xs.append(p.cpu_minutes + shift)
            ys.append(share)
            lo.append(share - low)
            hi.append(high - share)
        if xs:
            ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, color=colour, label=f"expert vs {level}")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_xlim(0, span * 1.1)
    ax.set_xlabel("training CPU time (minutes)")
    ax.set_ylabel("expert's win share (95 % Wilson interval)")
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
