"""``veillee games``: the registered games, their player counts and options."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

import veillee

NAME = "games"
HELP = "list the games, their player counts and their options"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    table = Table(title="veillée games")
    table.add_column("name")
    table.add_column("game")
    table.add_column("players")
    table.add_column("options (--option NAME=VALUE)")
    for name in veillee.game_names():
        info = veillee.game_info(name)
        options = "\n".join(f"{option.name}: {option.help}" for option in info.options)
        table.add_row(name, info.title, f"{info.min_players}–{info.max_players}", options)
    Console().print(table)
    return 0
