"""Shared argument helpers: game options given as ``--option name=value`` on the command line."""

from __future__ import annotations

import argparse
import json
from typing import Any

__all__ = ["add_game_arguments", "parse_options"]


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
