"""Seeded random matches for ``valgrind --tool=callgrind``: instruction counts that load does not change.

Run: ``valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python benchmarks/instructions.py
GAME PLAYERS MATCHES`` and once more with ``MATCHES`` 0; the difference of the two totals ("Collected") is the
cost of the matches, start-up excluded; the script prints the decisions it played, to divide by. The loop is
``benchmarks/playouts.py``'s (uniform over ``legal_actions()``, ``apply``), with fixed seeds, so the same
matches are played by any version of the engine whose rules and random streams did not change.
"""

from __future__ import annotations

import random
import sys

import veillee
from veillee.core import derive_seed


def main() -> None:
    game, players, matches = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(1)
    decisions = 0
    state = veillee.new_game(game, players, derive_seed(7, 0))  # warm every import before the matches
    for index in range(matches):
        state = veillee.new_game(game, players, derive_seed(7, index))
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    print(f"{game} {players} players, {matches} matches: {decisions} decisions")


if __name__ == "__main__":
    main()
