"""How long ``hard`` takes to choose a move at its default budget, per game (the target is 1 second).

    python benchmarks/hard_move_time.py [--decisions 30] [--seed 1] [--cpu-time] [--games sorry,soupcons]

Plays each game (2 players; Soupçons 3) with ``normal`` in every seat and times ``hard`` on the first
``--decisions`` decisions that offer a real choice. Run it on a quiet machine: the budget is wall-clock
time, so another busy process on the same core makes every move slower. On a shared machine,
``--cpu-time`` gives ``hard`` its budget in CPU time of this process and reports CPU time per move: what
a move would take on a core of its own.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Any

import veillee
from veillee.bots import decision_for, make_bot

GAMES: dict[str, dict[str, Any]] = {
    name: veillee.game_info(name).options.automated_defaults() for name in ("soon", "skyjo", "sorry", "soupcons")
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu-time", action="store_true", help="budget and timings in CPU time of this process")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated games (default: all four)")
    args = parser.parse_args()
    clock = time.process_time if args.cpu_time else time.perf_counter
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    for game in args.games.split(","):
        options = GAMES[game]
        players = veillee.game_info(game).min_players
        normal = make_bot("normal", game)
        hard = make_bot("hard", game, clock=clock)
        rng = random.Random(args.seed)
        times: list[float] = []
        seed = args.seed
        while len(times) < args.decisions:
            state = veillee.new_game(game, players, seed, **options)
            seed += 1
            while not state.is_over and len(times) < args.decisions:
                seat = state.to_act
                assert seat is not None
                decision = decision_for(state, seat, rng)
                if len(decision.legal) > 1:
                    started = clock()
                    hard.act(decision, rng)
                    times.append(clock() - started)
                state.apply(normal.act(decision, rng))
        print(
            f"{game:9} {len(times)} decisions: mean {1000 * statistics.mean(times):6.0f} ms, "
            f"median {1000 * statistics.median(times):6.0f} ms, slowest {1000 * max(times):6.0f} ms"
        )


if __name__ == "__main__":
    main()
