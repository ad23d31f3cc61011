"""The ``veillee`` command: one sub-command per module, each adding its own arguments."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from veillee import __version__
from veillee.cli import games, play, replay, serve, simulate, tournament, train

__all__ = ["main"]

COMMANDS = (play, simulate, replay, games, serve, tournament, train)
"""Each module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="veillee",
        description="veillée: SOON, Skyjo Action, Soupçons and Sorry! Revenge — rules, bots, simulation.",
    )
    parser.add_argument("--version", action="version", version=f"veillee {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        command.add_arguments(sub.add_parser(command.NAME, help=command.HELP, description=command.HELP))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    for command in COMMANDS:
        if args.command == command.NAME:
            try:
                return int(command.run(args))
            except KeyboardInterrupt:
                print("interrupted", file=sys.stderr)
                return 130
    return 2
