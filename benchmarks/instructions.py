"""Seeded random matches for ``valgrind --tool=callgrind``: instruction counts that load does not change.

Run: ``valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=/dev/null .venv/bin/python
benchmarks/instructions.py GAME PLAYERS MATCHES`` and once more with ``MATCHES`` 0; the difference of the two
totals ("Collected") is the cost of the matches; the script prints the decisions it played, to divide by.
With ``--instr-atstart=no`` the script itself turns callgrind's instrumentation on (``callgrind_control -i on``)
after its imports and off after the matches, so that start-up runs at native speed; without it the whole
process is counted and the subtraction removes the start-up. The loop is
``benchmarks/playouts.py``'s (uniform over ``legal_actions()``, ``apply``), with fixed seeds, so the same
matches are played by any version of the engine whose rules and random streams did not change.

``GAME`` may also be ``openspiel:NAME`` (``openspiel:python_kuhn_poker``, with the ``bench`` extra): OpenSpiel's
game played by ``benchmarks/playouts.py``'s same loop, every step counted (chance outcomes included), so that
the ratio of instructions per step is the issue-14 comparison without the noise of a shared machine. Run it
with ``PYTHONHASHSEED=0`` so that set and dict orders, and thus the counts, repeat exactly.

``GAME`` may also be ``env:NAME`` (with the ``rl`` extra; ``env:leduc`` and ``env:texas`` need ``rl-bench``):
``benchmarks/rl_env.py``'s loop (random masked play through the PettingZoo AEC environment, the observation and
the mask built at every step) for ``MATCHES`` episodes, seeded, so that the issue-15 ratio can be counted in
instructions per step, free of the machine's load.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import veillee
from veillee.core import derive_seed


def openspiel(name: str, matches: int) -> int:
    """``matches`` random OpenSpiel matches of ``name``: the steps played."""
    import pyspiel  # type: ignore[import-not-found,unused-ignore]
    from open_spiel.python import games  # type: ignore[import-not-found,unused-ignore]  # noqa: F401

    game = pyspiel.load_game(name)
    rng = random.Random(1)
    steps = 0
    game.new_initial_state()  # warm the imports before the matches
    instrument(True)
    for _ in range(matches):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    instrument(False)
    return steps


def veillee_matches(game: str, players: int, matches: int) -> int:
    """``matches`` seeded random matches of ``game``: the decisions played."""
    rng = random.Random(1)
    decisions = 0
    veillee.new_game(game, players, derive_seed(7, 0))  # warm every import before the matches
    instrument(True)
    for index in range(matches):
        state = veillee.new_game(game, players, derive_seed(7, index))
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    instrument(False)
    return decisions


def env_steps(name: str, players: int, matches: int) -> int:
    """``matches`` seeded episodes of random masked play through the AEC environment ``name``: the steps
    (rl_env.py's loop, so that both benchmarks count the same work)."""
    from rl_env import OPTIONS, random_episode  # this folder is on sys.path when run as a script

    if name in ("leduc", "texas"):
        from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

        env = (leduc_holdem_v4 if name == "leduc" else texas_holdem_v4).env()
    else:
        from veillee.rl import env as veillee_env

        env = veillee_env(name, players, **OPTIONS.get(name, {}))
    rng = random.Random(1)
    env.reset(seed=1)  # seeded once, as rl_env.py does; this also warms every import
    steps = 0
    instrument(True)
    for _ in range(matches):
        env.reset()
        steps += random_episode(env, rng)
    instrument(False)
    return steps


def instrument(on: bool) -> None:
    """Turn callgrind's instrumentation of this process on or off (nothing outside valgrind)."""
    if "valgrind" in os.environ.get("LD_PRELOAD", ""):
        command = ["callgrind_control", "-i", "on" if on else "off", str(os.getpid())]
        subprocess.run(command, check=False, capture_output=True)


def main() -> None:
    game, players, matches = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    if game.startswith("env:"):
        played = env_steps(game.removeprefix("env:"), players, matches)
    elif game.startswith("openspiel:"):
        played = openspiel(game.removeprefix("openspiel:"), matches)
    else:
        played = veillee_matches(game, players, matches)
    print(f"{game} {players} players, {matches} matches: {played} decisions")


if __name__ == "__main__":
    main()
