"""``veillee replay FILE``: check a game record action by action and print the final scores."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.markup import escape
from rich.table import Table

import veillee
from veillee.core import load_record

NAME = "replay"
HELP = "replay a game record, checking every action, and print the scores"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a game record (JSON), as written by 'veillee simulate --save'")


def run(args: argparse.Namespace) -> int:
    console = Console()
    try:
        state = veillee.replay(load_record(args.file))
    except veillee.InvalidRecord as exc:
        Console(stderr=True).print(f"[red]invalid record:[/red] {escape(str(exc))}")
        return 1
    except RecursionError:  # JSON nested thousands deep: no game record is
        Console(stderr=True).print(f"[red]invalid record:[/red] {escape(args.file)} is nested too deeply")
        return 1
    info = veillee.game_info(state.game_name)
    console.print(f"[bold]{info.title}[/bold], {state.num_players} players: {len(state.history)} actions, all legal.")
    if not state.is_over:
        console.print(f"The match is not over: seat {state.to_act} is to act.")
        return 0
    result = state.result()
    table = Table(title="Final scores")
    for column in ("seat", "score", "rank", ""):
        table.add_column(column)
    for seat, score in enumerate(result.scores):
        table.add_row(str(seat), str(score), str(result.ranks[seat]), "winner" if seat in result.winners else "")
    console.print(table)
    return 0
