"""Shared argument helpers: game options given as ``--option name=value``, and where matches run."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from veillee.execution import Executor

__all__ = ["add_execution_arguments", "add_game_arguments", "open_executor", "parse_options", "unattended_options"]


def add_game_arguments(parser: argparse.ArgumentParser, game_optional: bool = False) -> None:
    """``game``, ``--players`` and ``--option``; ``game_optional`` when another argument can name the game
    (``veillee play --resume FILE``)."""
    if game_optional:
        parser.add_argument("game", nargs="?", default=None, help="the game: " + ", ".join(_names()))
    else:
        parser.add_argument("game", help="the game: " + ", ".join(_names()))
    parser.add_argument("--players", "-p", type=int, default=None, help="number of players (default: the minimum)")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, e.g. -o length=express -o speed=true (see 'veillee games')",
    )


def _names() -> list[str]:
    import veillee

    return veillee.game_names()


def parse_options(items: list[str]) -> dict[str, Any]:
    """``["speed=true", "target=60", "length=express"]`` -> ``{"speed": True, "target": 60, ...}``.

    Values are read as JSON when they are JSON (numbers, true/false, null), otherwise as text.
    """
    options: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep or not name:
            raise argparse.ArgumentTypeError(f"an option is written NAME=VALUE, not {item!r}")
        try:
            options[name.strip()] = json.loads(text)
        except json.JSONDecodeError:
            options[name.strip()] = text
    return options


def add_execution_arguments(parser: argparse.ArgumentParser) -> None:
    """``--jobs`` and ``--ray``: where the matches run (the results are the same either way)."""
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=None,
        help="worker processes on this machine (default 1); with --ray and no address: the local instance's CPUs",
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar="ADDRESS",
        help="run the matches as Ray tasks: alone, on a new local Ray instance; with an address (host:port, or "
        "'auto' for the one this machine joined), on that cluster (pip install -e '.[cluster]'; docs/cluster.md)",
    )


def open_executor(args: argparse.Namespace) -> Executor:
    """The executor ``--jobs`` and ``--ray`` ask for; raises ``ValueError`` or ``ExecutionError`` with a reason."""
    from veillee.execution import open_executor as _open

    return _open(jobs=args.jobs, ray=args.ray)


def unattended_options(game: str, given: dict[str, Any]) -> dict[str, Any]:
    """``given`` over the game's defaults for unattended play (``Option.automated``): a simulation or a
    tournament plays Soupçons with the round cap the rulings give bots, unless told otherwise."""
    import veillee

    return {**veillee.game_info(game).options.automated_defaults(), **given}
