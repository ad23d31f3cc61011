"""Random playouts per game: decisions per second and matches per second on one core.

Run: ``.venv/bin/python benchmarks/playouts.py [--seconds S] [--game NAME ...]``. Not a test: figures go to
``docs/performance.md`` with the machine and the date. The loop is the one an RL or search user writes:
ask ``legal_actions()``, let a random agent choose, ``apply`` it (legality checked), until ``is_over``.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import veillee
from veillee.core import derive_seed

TARGETS = {"soon": 150_000, "skyjo": 100_000, "sorry": 150_000}


def measure(game: str, players: int, seconds: float, options: dict[str, object]) -> tuple[float, float, float, int]:
    """Play random matches for about ``seconds`` of CPU time.

    Returns (decisions per CPU second, decisions per wall second, matches per CPU second, matches). CPU time
    is what one core gives this process; on a shared machine wall time also counts the other processes.
    """
    decisions = matches = 0
    rng = random.Random(1)
    wall = time.perf_counter()
    started = time.process_time()
    while time.process_time() < started + seconds or matches == 0:
        state = veillee.new_game(game, players, derive_seed(7, matches), **options)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        matches += 1
    cpu = time.process_time() - started
    wall = time.perf_counter() - wall
    return decisions / cpu, decisions / wall, matches / cpu, matches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per configuration (default 5)")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    args = parser.parse_args()
    print(
        f"# {platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
        f"{time.strftime('%Y-%m-%d')}, one core"
    )
    print("| game | players | decisions/s (CPU) | decisions/s (wall) | matches/s | matches | target |")
    print("|---|---|---|---|---|---|---|")
    for game in args.game or veillee.game_names():
        info = veillee.game_info(game)
        for players in info.player_counts:
            per_second, per_wall_second, match_rate, matches = measure(game, players, args.seconds, {})
            target = TARGETS.get(game)
            verdict = "" if target is None else f"{target:,} {'met' if per_second >= target else 'MISSED'}"
            print(
                f"| {game} | {players} | {per_second:,.0f} | {per_wall_second:,.0f} | {match_rate:,.1f} | "
                f"{matches} | {verdict} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
