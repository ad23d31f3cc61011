"""``veillee tournament``: bot levels play seat-rotated matches; win rates, intervals, ratings, files, chart.

The work is in ``veillee.bots.tournament``; this module parses arguments, shows progress and writes
``summary.json``, ``standings.csv``, ``matches.csv`` and ``chart.png`` into ``--out``.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import veillee
from veillee.bots import LEVELS, RESEARCH_LEVELS
from veillee.bots.tournament import TournamentConfig, run_tournament, schedule
from veillee.cli.options import (
    add_execution_arguments,
    add_game_arguments,
    open_executor,
    parse_options,
    unattended_options,
)
from veillee.execution import ExecutionError

NAME = "tournament"
HELP = "bot levels play seat-rotated matches: win rates with Wilson intervals, openskill ratings, JSON/CSV/PNG"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument(
        "--bots",
        default=",".join(LEVELS),
        help=f"comma-separated levels: {', '.join(RESEARCH_LEVELS)} (default {','.join(LEVELS)})",
    )
    parser.add_argument("--games", "-n", type=int, default=20, help="matches per group of bots (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole tournament (default 1)")
    parser.add_argument(
        "--iterations",
        default=None,
        help="search levels (hard, expert, ismcts): iterations per move, N for all or per level: hard=800,expert=800",
    )
    parser.add_argument("--seconds", type=float, default=None, help="search levels: seconds per move")
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="count the search levels' seconds in CPU time of their process, not wall time (a busy machine)",
    )
    parser.add_argument(
        "--field",
        default=None,
        help="each bot plays alone against this level in every other seat (for 3+ players), e.g. --field normal",
    )
    parser.add_argument("--out", default=None, help="output folder (default tournament-<game>/)")
    add_execution_arguments(parser)


def run(args: argparse.Namespace) -> int:
    console = Console(stderr=True)
    try:
        options = unattended_options(args.game, parse_options(args.option))
        info = veillee.game_info(args.game)
        players = args.players if args.players is not None else info.min_players
        iterations, budgets = parse_budgets(args.iterations)
        veillee.new_game(args.game, players, args.seed, **options)
        config = TournamentConfig(
            game=args.game,
            bots=tuple(b.strip() for b in args.bots.split(",") if b.strip()),
            games=args.games,
            seed=args.seed,
            players=players,
            options=options,
            iterations=iterations,
            seconds=args.seconds,
            budgets=budgets,
            cpu_time=args.cpu_time,
            field=args.field,
        )
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        total = len(schedule(config))
        executor = open_executor(args)
    except (veillee.VeilleeError, ValueError, argparse.ArgumentTypeError, ExecutionError) as exc:
        console.print(f"[red]error:[/red] {escape(str(exc))}")
        return 2
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with executor, Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{info.title}, {players} players ({executor.description})", total=total)
        try:
            summary, rows = run_tournament(config, executor, lambda done: progress.update(task, completed=done))
        except ExecutionError as exc:
            console.print(f"[red]error:[/red] {escape(str(exc))}")
            return 1
    out = Path(args.out or f"tournament-{args.game}")
    out.mkdir(parents=True, exist_ok=True)
    write_outputs(out, summary, rows)
    print_summary(Console(), info.title, summary)
    console.print(f"played on: {executor.description}")
    console.print(f"results written to {out}/ (summary.json, standings.csv, matches.csv, chart.png)")
    return 0


def parse_budgets(text: str | None) -> tuple[int | None, dict[str, int]]:
    """``--iterations``: ``N`` (every search level) or ``level=N,...`` (one budget per level)."""
    if text is None:
        return None, {}
    if "=" not in text:
        return int(text), {}
    budgets: dict[str, int] = {}
    for item in text.split(","):
        level, _, count = item.partition("=")
        budgets[level.strip()] = int(count)
    return None, budgets


def write_outputs(out: Path, summary: dict[str, Any], rows: list[dict[str, Any]]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps({**summary, "match_rows": rows}, indent=1), encoding="utf-8")
    with open(out / "standings.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["bot", "matches", "wins", "win_rate", "ci95_low", "ci95_high", "mu", "sigma", "ordinal",
                         "mean_decision_ms", "slowest_decision_ms"])  # fmt: skip
        for s in summary["standings"]:
            writer.writerow([s["bot"], s["matches"], s["wins"], round(s["win_rate"], 4), *s["ci95"], s["mu"],
                             s["sigma"], s["ordinal"], s["mean_decision_ms"], s["slowest_decision_ms"]])  # fmt: skip
    with open(out / "matches.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["index", "seats", "scores", "winners", "decisions"])
        for row in rows:
            writer.writerow([row["index"], " ".join(row["seats"]), " ".join(map(str, row["scores"])),
                             " ".join(map(str, row["winners"])), row["decisions"]])  # fmt: skip
    draw_chart(out / "chart.png", summary)


def draw_chart(path: Path, summary: dict[str, Any]) -> None:
    """Win rate per bot with its 95% interval, and the head-to-head matrix (Agg backend: no screen)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    standings = summary["standings"]
    bots = [s["bot"] for s in standings]
    rates = [s["win_rate"] for s in standings]
    errors = [[r - s["ci95"][0] for r, s in zip(rates, standings, strict=True)],
              [s["ci95"][1] - r for r, s in zip(rates, standings, strict=True)]]  # fmt: skip
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    left.bar(bots, rates, yerr=errors, capsize=6, color="#4a78a8")
    left.axhline(1 / summary["players"], color="grey", linestyle="--", linewidth=1)
    left.set_ylim(0, 1)
    left.set_ylabel("win rate (95% Wilson interval)")
    left.set_title(f"{summary['game']}: {summary['matches']} matches, {summary['players']} players")
    for i, s in enumerate(standings):
        left.annotate(f"μ={s['mu']:.1f}", (i, 0.02), ha="center", color="white", fontsize=8)
    index = {bot: i for i, bot in enumerate(bots)}
    matrix = [[float("nan")] * len(bots) for _ in bots]
    for h in summary["head_to_head"]:
        matrix[index[h["bot"]]][index[h["opponent"]]] = h["win_rate"]
    image = right.imshow(matrix, vmin=0, vmax=1, cmap="RdYlGn")
    right.set_xticks(range(len(bots)), bots)
    right.set_yticks(range(len(bots)), bots)
    right.set_xlabel("opponent")
    right.set_title("head to head: row's win rate")
    for i, row in enumerate(matrix):
        for j, value in enumerate(row):
            if value == value:
                right.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize=9)
    figure.colorbar(image, ax=right)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def print_summary(console: Console, title: str, summary: dict[str, Any]) -> None:
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items()) or "default options"
    console.print(f"[bold]{title}[/bold] — {summary['matches']} matches, {summary['players']} players ({options})")
    table = Table(title="Standings (openskill Plackett-Luce; ordinal = μ − 3σ)")
    for column in ("bot", "matches", "win rate", "95% interval", "μ", "σ", "ordinal", "ms/move", "slowest ms"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s in summary["standings"]:
        low, high = s["ci95"]
        table.add_row(s["bot"], str(s["matches"]), f"{s['win_rate']:.1%}", f"{low:.1%}–{high:.1%}",
                      f"{s['mu']:.1f}", f"{s['sigma']:.1f}", f"{s['ordinal']:.1f}",
                      f"{s['mean_decision_ms']:.1f}", f"{s['slowest_decision_ms']:.0f}")  # fmt: skip
    console.print(table)
    pairs = Table(title="Head to head")
    for column in ("bot", "opponent", "matches", "win rate", "95% interval"):
        pairs.add_column(column, justify="left" if column in ("bot", "opponent") else "right")
    for h in summary["head_to_head"]:
        low, high = h["ci95"]
        pairs.add_row(h["bot"], h["opponent"], str(h["matches"]), f"{h['win_rate']:.1%}", f"{low:.1%}–{high:.1%}")
    console.print(pairs)
