"""Tournaments between bot levels: seat-rotated matches, win rates with 95% intervals, openskill ratings.

Match ``i`` is fully determined by ``(game, options, seed, i)``: its seats, its deal
(``derive_seed(seed, "match", i)``) and every bot's RNG, and the rows are summed up in index order, so the
figures are the same whatever runs the matches (``veillee.execution``: serial, ``--jobs``, ``--ray``),
except for time-budgeted ``hard`` bots, whose strength depends on the machine, and the timing columns.

Schedule: every group of ``players`` distinct bots plays ``games`` matches; match ``k`` of a group rotates
the seats by ``k``, so each bot sits in each seat equally often (seat advantage cancels out). With a
``field``, each bot instead plays ``games`` matches alone against the field level in every other seat, its
seat rotated: the measure that suits games of three or more, where one strong seat among weaker ones is
what a player meets (the field's seats are reported as one line, ``"<level> (field)"``).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import veillee
from veillee.bots import RESEARCH_LEVELS, Agent, MatchOutcome, make_bot, play_match
from veillee.core import derive_seed
from veillee.execution import Executor, SerialExecutor

__all__ = ["MatchSpec", "Standing", "TournamentConfig", "play_batch", "run_tournament", "schedule", "wilson"]

Z95 = 1.959963984540054

LARGEST_BATCH = 2
"""Most matches in one batch: bot matches take from a second to minutes (``hard``), so small batches keep
the progress bar moving and make a lost worker cost little."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike the normal approximation)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class TournamentConfig:
    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    iterations: int | None = None
    """The search levels' (``hard``, ``ismcts``) iteration budget; ``None`` with ``seconds`` None means each
    level's default."""
    seconds: float | None = None
    budgets: dict[str, int] = field(default_factory=dict)
    """Per search level, an iteration budget that replaces ``iterations``/``seconds`` for that level (e.g.
    budgets calibrated to equal time, for reproducible runs on a busy machine)."""
    cpu_time: bool = False
    """Measure the search levels' ``seconds`` in CPU time of their own process (``time.process_time``) rather
    than wall time: on a machine shared with other work, both sides then get the same computation."""
    field: str | None = None
    """The level of every seat but one (see the module docstring); ``None``: groups of distinct bots."""

    @property
    def labels(self) -> tuple[str, ...]:
        """Every line of the standings, in order."""
        return self.bots if self.field is None else (*self.bots, field_label(self.field))


@dataclass(frozen=True)
class MatchSpec:
    index: int
    seats: tuple[str, ...]
    """The label of each seat: a bot level, or ``"<level> (field)"``."""


FIELD = " (field)"


def field_label(level: str) -> str:
    return level + FIELD


def level_of(label: str) -> str:
    """The bot level behind a standings label."""
    return label.removesuffix(FIELD)


def schedule(config: TournamentConfig) -> list[MatchSpec]:
    """Every group of ``players`` distinct bots, ``games`` matches each, seats rotated match by match."""
    for level in (*config.bots, *([config.field] if config.field is not None else [])):
        if level not in RESEARCH_LEVELS:
            raise ValueError(f"unknown bot level {level!r}; the levels are: {', '.join(RESEARCH_LEVELS)}")
    for level, budget in config.budgets.items():
        if level not in SEARCH_LEVELS or budget < 1:
            raise ValueError(f"a budget is a search level ({', '.join(SEARCH_LEVELS)}) and a positive count")
    if len(set(config.bots)) != len(config.bots):
        raise ValueError("each bot may appear once in --bots")
    specs: list[MatchSpec] = []
    if config.field is not None:
        for level in config.bots:
            for k in range(config.games):
                seats = [field_label(config.field)] * config.players
                seats[k % config.players] = level
                specs.append(MatchSpec(len(specs), tuple(seats)))
        return specs
    if len(config.bots) < config.players:
        raise ValueError(f"{config.players} players need at least {config.players} bots (or a --field)")
    for group in itertools.combinations(config.bots, config.players):
        for k in range(config.games):
            r = k % config.players
            specs.append(MatchSpec(len(specs), group[r:] + group[:r]))
    return specs


SEARCH_LEVELS = ("hard", "expert", "ismcts")
"""The levels with a search budget."""


def _agent(label: str, config: TournamentConfig) -> Agent:
    level = level_of(label)
    if level in config.budgets:
        return make_bot(level, config.game, iterations=config.budgets[level], seconds=None)
    clock = time.process_time if config.cpu_time else time.perf_counter
    if level in SEARCH_LEVELS and (config.iterations is not None or config.seconds is not None):
        return make_bot(level, config.game, iterations=config.iterations, seconds=config.seconds, clock=clock)
    return make_bot(level, config.game, clock=clock)


def play_spec(config: TournamentConfig, spec: MatchSpec) -> dict[str, Any]:
    """Play one scheduled match; returns a JSON-ready row."""
    seed = derive_seed(config.seed, "match", spec.index)
    state = veillee.new_game(config.game, config.players, seed, **config.options)
    outcome = play_match(state, [_agent(level, config) for level in spec.seats], seed)
    return match_row(spec, outcome)


def match_row(spec: MatchSpec, outcome: MatchOutcome) -> dict[str, Any]:
    """The JSON-ready row of a played match (what ``summarise`` and the output files read)."""
    return {
        "index": spec.index,
        "seats": list(spec.seats),
        "scores": list(outcome.result.scores),
        "ranks": list(outcome.result.ranks),
        "winners": list(outcome.result.winners),
        "decisions": outcome.decisions,
        "seconds": [round(s, 4) for s in outcome.seconds],
        "slowest": [round(s, 4) for s in outcome.slowest],
        "counts": outcome.counts,
    }


def play_batch(config: TournamentConfig, specs: Sequence[MatchSpec]) -> list[dict[str, Any]]:
    """Some scheduled matches (the work an executor runs)."""
    return [play_spec(config, spec) for spec in specs]


@dataclass
class Standing:
    """One bot's figures over the whole tournament."""

    bot: str
    matches: int = 0
    wins: float = 0.0
    """Shared wins count as a fraction (a two-way tie for first is half a win each)."""
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.matches)
        return {
            "bot": self.bot,
            "matches": self.matches,
            "wins": self.wins,
            "win_rate": self.wins / self.matches if self.matches else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "ordinal": round(self.ordinal, 3),
            "mean_decision_ms": round(1000 * self.seconds / self.decisions, 3) if self.decisions else 0.0,
            "slowest_decision_ms": round(1000 * self.slowest, 3),
        }


def summarise(config: TournamentConfig, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Standings, head-to-head records and openskill ratings (rated in match order, so reproducible)."""
    from openskill.models import PlackettLuce

    rows = sorted(rows, key=lambda row: row["index"])
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in config.labels}
    standings = {bot: Standing(bot) for bot in config.labels}
    pairs: dict[tuple[str, str], list[float]] = {}
    for row in rows:
        seats, winners = row["seats"], row["winners"]
        teams = model.rate([[ratings[bot]] for bot in seats], ranks=row["ranks"])
        for level, (rating,) in zip(seats, teams, strict=True):
            ratings[level] = rating
        for seat, bot in enumerate(seats):
            standing = standings[bot]
            standing.matches += 1
            if seat in winners:
                standing.wins += 1 / len(winners)
            standing.decisions += row["counts"][seat]
            standing.seconds += row["seconds"][seat]
            standing.slowest = max(standing.slowest, row["slowest"][seat])
        for a, b in itertools.permutations(range(len(seats)), 2):
            record = pairs.setdefault((seats[a], seats[b]), [0.0, 0.0])
            record[1] += 1
            if a in winners and b not in winners:
                record[0] += 1
            elif a in winners and b in winners:
                record[0] += 0.5
            elif a not in winners and b not in winners:
                record[0] += 0.5 if row["ranks"][a] == row["ranks"][b] else float(row["ranks"][a] < row["ranks"][b])
    for bot, rating in ratings.items():
        standings[bot].mu, standings[bot].sigma, standings[bot].ordinal = rating.mu, rating.sigma, rating.ordinal()
    head_to_head = []
    for (bot, opponent), (wins, total) in sorted(pairs.items()):
        low, high = wilson(wins, int(total))
        head_to_head.append(
            {
                "bot": bot,
                "opponent": opponent,
                "matches": int(total),
                "wins": wins,
                "win_rate": wins / total,
                "ci95": [round(low, 4), round(high, 4)],
            }
        )
    return {
        "game": config.game,
        "players": config.players,
        "options": config.options,
        "seed": config.seed,
        "games_per_group": config.games,
        "search_budget": {
            "iterations": config.iterations,
            "seconds": config.seconds,
            "clock": "cpu" if config.cpu_time else "wall",
            **config.budgets,
        },
        "matches": len(rows),
        "field": config.field,
        "standings": [standings[bot].to_json() for bot in config.labels],
        "head_to_head": head_to_head,
    }


def run_tournament(
    config: TournamentConfig, executor: Executor | None = None, progress: Callable[[int], None] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the whole schedule wherever ``executor`` runs it (default: this process); returns the summary
    and the match rows, in index order. ``progress(done)`` is called as batches of matches come back."""
    executor = executor if executor is not None else SerialExecutor()
    rows = list(executor.map(play_batch, config, schedule(config), largest_batch=LARGEST_BATCH, progress=progress))
    return summarise(config, rows), rows
