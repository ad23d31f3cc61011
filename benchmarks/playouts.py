"""Random playouts per game: decisions per second and matches per second on one core, beside OpenSpiel.

Run: ``.venv/bin/python benchmarks/playouts.py [--seconds S] [--rounds R] [--game NAME ...] [--players N]``.
Not a test: figures go to ``docs/performance.md`` with the machine, the date and the load. The loop is the
one an RL or search user writes: ask ``legal_actions()``, choose uniformly at random, ``apply`` it (legality
checked), until the match is over; many matches, one process.

When OpenSpiel is installed (``pip install -e '.[bench]'``), its Python card games (``python_kuhn_poker``,
``python_liars_poker``) are measured in the same run with the same loop, and each veillee row gets its
ratio to the best of them (the issue-14 targets: Skyjo at least 1.0x, Sorry! Revenge at least 1.5x).
OpenSpiel's steps count every ``apply_action``, chance outcomes included (also chosen uniformly among
``legal_actions()``, which for these games is their chance distribution): the most generous count for
OpenSpiel, since veillee's shuffles happen inside ``apply`` and are not counted as steps. Without OpenSpiel
the comparison is skipped. ``--rounds R`` measures every row R times, interleaved (all rows, then all rows
again...), and reports the median: on a shared machine that puts each comparison in the same minutes.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import veillee
from veillee.core import derive_seed

TARGETS = {"soon": 150_000, "skyjo": 100_000, "sorry": 150_000}
"""Decisions per CPU second each game should reach (the project's own bar)."""
OPENSPIEL_GAMES = ("python_kuhn_poker", "python_liars_poker")
OPENSPIEL_TARGETS = {"skyjo": 1.0, "sorry": 1.5}
"""How many times the best OpenSpiel Python card game's steps per second a game must reach (issue 14)."""

Sample = tuple[float, float, float, int]
"""(steps per CPU second, steps per wall second, matches per CPU second, matches)."""


def _timed(play_one: Callable[[int], int], seconds: float) -> Sample:
    """Play matches with ``play_one(index) -> steps`` for about ``seconds`` of CPU time.

    CPU time is what one core gives this process; on a shared machine wall time also counts the others.
    """
    steps = matches = 0
    wall = time.perf_counter()
    started = time.process_time()
    while time.process_time() < started + seconds or matches == 0:
        steps += play_one(matches)
        matches += 1
    cpu = time.process_time() - started
    wall = time.perf_counter() - wall
    return steps / cpu, steps / wall, matches / cpu, matches


def measure(game: str, players: int, seconds: float, options: dict[str, object]) -> Sample:
    """Random veillee matches of ``game`` for about ``seconds`` of CPU time."""
    rng = random.Random(1)

    def play_one(index: int) -> int:
        state = veillee.new_game(game, players, derive_seed(7, index), **options)
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return _timed(play_one, seconds)


def openspiel() -> Any | None:
    """``pyspiel`` with OpenSpiel's Python games registered, or ``None`` when OpenSpiel is not installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")
    except ImportError:
        return None
    return pyspiel


def measure_openspiel(pyspiel: Any, name: str, seconds: float) -> Sample:
    """Random matches of an OpenSpiel game, same loop: uniform over ``legal_actions()``, apply, to the end."""
    game = pyspiel.load_game(name)
    rng = random.Random(1)

    def play_one(index: int) -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return _timed(play_one, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time per row and round (default 5)")
    parser.add_argument("--rounds", type=int, default=1, help="interleaved measurements per row, median kept")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--players", type=int, action="append", help="only these player counts")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel comparison")
    args = parser.parse_args()
    rows: list[tuple[str, int]] = []
    for game in args.game or veillee.game_names():
        info = veillee.game_info(game)
        rows += [(game, n) for n in info.player_counts if args.players is None or n in args.players]
    pyspiel = None if args.no_openspiel else openspiel()
    theirs = list(OPENSPIEL_GAMES) if pyspiel is not None else []
    print(
        f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
        f"{time.strftime('%Y-%m-%d %H:%M %Z')}, one core, {args.seconds:g} s x {args.rounds} round(s) per row"
    )
    samples: dict[str, list[Sample]] = {}
    for _ in range(args.rounds):
        for game, players in rows:
            samples.setdefault(f"{game}/{players}", []).append(measure(game, players, args.seconds, {}))
        for name in theirs:
            samples.setdefault(name, []).append(measure_openspiel(pyspiel, name, args.seconds))

    def median(key: str, field: int) -> float:
        return statistics.median(sample[field] for sample in samples[key])

    best = max((median(name, 0) for name in theirs), default=None)
    print("| game | players | decisions/s (CPU) | decisions/s (wall) | matches/s | matches | target | vs OpenSpiel |")
    print("|---|---|---|---|---|---|---|---|")
    for game, players in rows:
        key = f"{game}/{players}"
        per_second = median(key, 0)
        target = TARGETS.get(game)
        verdict = "" if target is None else f"{target:,} {'met' if per_second >= target else 'MISSED'}"
        versus = ""
        if best is not None:
            versus = f"{per_second / best:.2f}x"
            wanted = OPENSPIEL_TARGETS.get(game)
            if wanted is not None:
                versus += f" ({wanted:g}x {'met' if per_second >= wanted * best else 'MISSED'})"
        matches = sum(sample[3] for sample in samples[key])
        print(
            f"| {game} | {players} | {per_second:,.0f} | {median(key, 1):,.0f} | {median(key, 2):,.1f} | "
            f"{matches} | {verdict} | {versus} |"
        )
    for name in theirs:
        matches = sum(sample[3] for sample in samples[name])
        print(
            f"| OpenSpiel {name} | 2 | {median(name, 0):,.0f} | {median(name, 1):,.0f} | {median(name, 2):,.1f} | "
            f"{matches} | | {median(name, 0) / best:.2f}x |"  # type: ignore[operator]
        )
    if pyspiel is None and not args.no_openspiel:
        print("\nOpenSpiel is not installed (pip install -e '.[bench]'): comparison skipped.")


if __name__ == "__main__":
    main()
