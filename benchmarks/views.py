"""What a server pays to encode one seat's view: ``View.to_json`` over positions of seeded random matches.

Every accepted action is sent as each connected seat's whole view (``veillee.core.match.Delivery``), so this
is a server's cost per action and seat before ``json.dumps``. Run the same command with ``PYTHONPATH`` set to
another checkout's ``src`` to compare two versions side by side on one machine (CPU time, so the load of the
machine does not enter the figure):

    .venv/bin/python benchmarks/views.py [--seconds 1] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import veillee
from veillee.core import derive_seed

PLAYERS = {"soon": 5, "skyjo": 5, "sorry": 4, "soupcons": 5}


def views(game: str, players: int, matches: int = 40) -> list[Any]:
    """Every seat's typed view at every tenth position of ``matches`` seeded random matches."""
    rng = random.Random(1)
    out: list[Any] = []
    for index in range(matches):
        state = veillee.new_game(game, players, derive_seed(3, index))
        step = 0
        while not state.is_over and step < 200:
            if step % 10 == 0:
                out.extend(state.seat_view(seat) for seat in range(players))
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return out


def encode_time(items: list[Any], seconds: float) -> float:
    """Mean CPU microseconds of one ``to_json`` over ``items``, looping for at least ``seconds``."""
    started = time.process_time()
    loops = 0
    while time.process_time() - started < seconds:
        for view in items:
            view.to_json()
        loops += 1
    return 1e6 * (time.process_time() - started) / (loops * len(items))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    report = {}
    for game, players in PLAYERS.items():
        items = views(game, players)
        times = [encode_time(items, args.seconds) for _ in range(args.rounds)]
        size = statistics.mean(len(json.dumps(view.to_json())) for view in items)
        report[game] = {
            "us_per_view": round(min(times), 1),
            "rounds_us": [round(t, 1) for t in times],
            "bytes": round(size),
        }
    print(json.dumps({"veillee": veillee.__file__, **report}, indent=1))


if __name__ == "__main__":
    main()
