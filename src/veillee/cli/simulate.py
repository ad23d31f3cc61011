"""``veillee simulate``: many matches between random players, and a summary a player would care about.

Match ``i`` uses the seed ``derive_seed(seed, "match", i)`` and its own random player stream, and the
summary adds the matches up in index order, so the same command gives the same figures whatever runs it:
``--jobs``, ``--ray`` (``veillee.execution``) and however many workers.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import veillee
from veillee.cli.options import (
    add_execution_arguments,
    add_game_arguments,
    open_executor,
    parse_options,
    unattended_options,
)
from veillee.core import derive_seed, save_record
from veillee.execution import ExecutionError, Executor

NAME = "simulate"
HELP = "play many matches between random players and summarise them"

LARGEST_BATCH = 200
"""Most matches in one batch (a process round trip or a Ray task): random matches take about a millisecond
(Sorry!) to a few (SOON), so a full batch amortises a Ray task's overhead; smaller runs get smaller batches."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--games", "-n", type=int, default=1000, help="number of matches (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole simulation (default 1)")
    add_execution_arguments(parser)
    parser.add_argument("--json", metavar="FILE", help="also write the summary as JSON to FILE")
    parser.add_argument("--save", metavar="FILE", help="also save the first match as a game record to FILE")


@dataclass
class Summary:
    """What the simulation keeps of each match, added up."""

    game: str
    players: int
    options: dict[str, Any]
    matches: int = 0
    decisions: int = 0
    wins: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winning_scores: list[int] = field(default_factory=list)
    stats: dict[str, list[float]] = field(default_factory=dict)

    def add(self, match: dict[str, Any]) -> None:
        self.matches += 1
        self.decisions += match["decisions"]
        if not self.wins:
            self.wins = [0.0] * self.players
        for seat in match["winners"]:
            self.wins[seat] += 1
        self.scores.extend(match["scores"])
        self.winning_scores.extend(match["scores"][seat] for seat in match["winners"])
        for key, value in match["stats"].items():
            self.stats.setdefault(key, []).append(value)

    def to_json(self, elapsed: float) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "matches": self.matches,
            "seconds": round(elapsed, 3),
            "decisions_per_second": round(self.decisions / elapsed) if elapsed else None,
            "win_rate_by_seat": [w / self.matches for w in self.wins],
            "scores": _distribution(self.scores),
            "winning_scores": _distribution(self.winning_scores),
            "per_match": {key: _distribution(values) for key, values in self.stats.items()},
        }


def _distribution(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    quartiles = statistics.quantiles(ordered, n=4) if len(ordered) > 1 else [ordered[0]] * 3
    return {
        "mean": round(statistics.fmean(ordered), 3),
        "min": ordered[0],
        "q1": quartiles[0],
        "median": quartiles[1],
        "q3": quartiles[2],
        "max": ordered[-1],
    }


def random_match(game: str, players: int, options: dict[str, Any], seed: int, index: int) -> veillee.GameState[Any]:
    """Match number ``index`` of a simulation, played to its end by uniformly random players."""
    state = veillee.new_game(game, players, derive_seed(seed, "match", index), **options)
    rng = random.Random(derive_seed(seed, "players", index))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def play_one(game: str, players: int, options: dict[str, Any], seed: int, index: int) -> dict[str, Any]:
    """What the summary needs of one random match."""
    state = random_match(game, players, options, seed, index)
    result = state.result()
    return {
        "scores": list(result.scores),
        "winners": list(result.winners),
        "decisions": len(state.history),
        "stats": state.stats(),
    }


@dataclass(frozen=True)
class Simulation:
    """What every match of a simulation shares; a match is this and its index."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int


def play_batch(simulation: Simulation, indices: Sequence[int]) -> list[dict[str, Any]]:
    """The matches ``indices`` of ``simulation`` (the work an executor runs)."""
    s = simulation
    return [play_one(s.game, s.players, s.options, s.seed, i) for i in indices]


def simulate(
    simulation: Simulation, games: int, executor: Executor, progress: Callable[[int], None] | None = None
) -> Summary:
    """Play ``games`` matches wherever ``executor`` runs them; the summary adds them up in match order."""
    s = simulation
    summary = Summary(s.game, s.players, veillee.new_game(s.game, s.players, s.seed, **s.options).options)
    for match in executor.map(play_batch, simulation, range(games), largest_batch=LARGEST_BATCH, progress=progress):
        summary.add(match)
    return summary


def run(args: argparse.Namespace) -> int:
    console = Console(stderr=True)
    try:
        options = unattended_options(args.game, parse_options(args.option))
        info = veillee.game_info(args.game)
        players = args.players if args.players is not None else info.min_players
        veillee.new_game(args.game, players, args.seed, **options)  # validates options before any work
    except veillee.VeilleeError as exc:
        console.print(f"[red]error:[/red] {escape(str(exc))}")
        return 2
    if args.games < 1:
        console.print("[red]error:[/red] --games must be at least 1")
        return 2
    simulation = Simulation(args.game, players, options, args.seed)
    try:
        executor = open_executor(args)
    except (ExecutionError, ValueError) as exc:
        console.print(f"[red]error:[/red] {escape(str(exc))}")
        return 2
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with executor, Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{info.title}, {players} players ({executor.description})", total=args.games)
        started = time.perf_counter()  # the matches only, not a Ray instance's start-up
        try:
            summary = simulate(simulation, args.games, executor, lambda done: progress.update(task, completed=done))
        except ExecutionError as exc:
            console.print(f"[red]error:[/red] {escape(str(exc))}")
            return 1
        elapsed = time.perf_counter() - started
    report = summary.to_json(elapsed)
    console.print(f"played on: {executor.description}")
    print_summary(Console(), info.title, report)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)
    if args.save:
        save_record(random_match(args.game, players, options, args.seed, 0), args.save)
        console.print(f"first match saved to {args.save} (veillee replay {args.save})")
    return 0


def print_summary(console: Console, title: str, report: dict[str, Any]) -> None:
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items())
    console.print(
        f"[bold]{title}[/bold] — {report['matches']} matches, {report['players']} players ({options})\n"
        f"{report['seconds']:.1f} s, {report['decisions_per_second']:,} decisions/s"
    )
    seats = Table(title="Win rate by seat (shared wins count for each winner)")
    for seat in range(report["players"]):
        seats.add_column(f"seat {seat}", justify="right")
    seats.add_row(*(f"{rate:.1%}" for rate in report["win_rate_by_seat"]))
    console.print(seats)
    table = Table(title="Per match")
    for column in ("", "mean", "min", "q1", "median", "q3", "max"):
        table.add_column(column, justify="right" if column else "left")
    rows = {"final score (all seats)": report["scores"], "winner's score": report["winning_scores"]}
    rows.update(report["per_match"])
    for name, dist in rows.items():
        if dist:
            table.add_row(name, *(_fmt(dist[key]) for key in ("mean", "min", "q1", "median", "q3", "max")))
    console.print(table)


def _fmt(value: float) -> str:
    return f"{value:.2f}" if isinstance(value, float) and not value.is_integer() else f"{value:g}"
