"""Rollouts per CPU-second of ``expert`` with its learned value on (``mix`` > 0) against ``hard``, on the
same fixed decisions: what reading the network at the rollouts' ends costs the search.

    python benchmarks/expert_leaves.py [--decisions 12] [--seconds 0.2] [--mix 0.5] [--seed 1]
                                       [--games soon,skyjo,sorry,soupcons] [--worlds 0]

**Same rollouts** (the cost of the leaves alone, first): on each decision, ``search`` runs ``--worlds``
sampled worlds with every legal move (no racing, so that the values cannot change which rollouts are
played: with the root alone as the tree, the worlds and rollouts are then the same whatever judges the
leaves) three times: leaves judged by the game's evaluation (``hard``), by the network one leaf at a time
(``expert`` before the batch evaluator), and in batches (``expert`` now, with numpy's BLAS on one
thread). Sorry! grows a tree below the root, where values steer the descent, so its rollouts differ a
little between the three. Printed: CPU seconds and rollouts per CPU-second of each.

**At a budget** (then): ``hard`` and ``expert`` choose their moves as they play them.

For each game (2 players; Soupçons 3, ``round_cap=20``; SOON ``length=express``), ``normal`` plays matches
from ``--seed`` and every third decision with two or more legal moves is kept (the same decisions for both
levels). On each, ``hard`` and ``expert`` (the shipped weights, with ``mix`` forced to ``--mix`` so that the
value head runs at every leaf, and no narrowing) each choose a move with ``--seconds`` of CPU time of this
process, in alternating order, each from a random stream of the same seed. The script counts the sampled
worlds (batches: one rollout per action still in the race) and rollouts each search ran, and the CPU time
each move took (``time.process_time``). ``expert``/``hard`` is the ratio of rollouts per CPU-second: 1.0
means the learned value costs nothing.

CPU time, not wall time, so that other work on the machine slows the run without changing the figures
much (caches and frequency still shift them a little: compare both levels from the same run).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import veillee
import veillee.bots.ismcts as ismcts
import veillee.expert.bot as expert_bot
from veillee.bots import decision_for, make_bot
from veillee.bots.base import Decision
from veillee.bots.ismcts import ISMCTSBot, Node, search
from veillee.expert.bot import ExpertBot
from veillee.expert.net import shipped

SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "soon": (2, {"length": "express"}),
    "skyjo": (2, {}),
    "sorry": (2, {}),
    "soupcons": (3, {"round_cap": 20}),
}


def decisions(game: str, count: int, seed: int) -> list[Decision]:
    """``count`` decisions of ``normal``-played matches from ``seed`` (every third with a choice)."""
    players, options = SETUPS[game]
    normal = make_bot("normal", game)
    rng = random.Random(seed)
    found: list[Decision] = []
    match = seed
    while len(found) < count:
        state = veillee.new_game(game, players, match, **options)
        match += 1
        seen = 0
        while not state.is_over and len(found) < count:
            seat = state.to_act
            assert seat is not None
            decision = decision_for(state, seat, rng)
            if len(decision.legal) > 1:
                seen += 1
                if seen % 3 == 0:
                    found.append(decision)
            state.apply(normal.act(decision, rng))
    return found


class Recorder:
    """Wraps ``search`` where both bots look it up, to read each search's root after the move."""

    def __init__(self) -> None:
        self.roots: list[Node] = []
        self._search = ismcts.search

    def __enter__(self) -> Recorder:
        def recording(*args: Any, **kwargs: Any) -> Node:
            root = self._search(*args, **kwargs)
            self.roots.append(root)
            return root

        ismcts.search = recording
        expert_bot.search = recording  # type: ignore[attr-defined]
        return self

    def __exit__(self, *exc: object) -> None:
        ismcts.search = self._search
        expert_bot.search = self._search  # type: ignore[attr-defined]


def run(
    bot: Any, decision: Decision, seed: int, recorder: Recorder, clock: Callable[[], float]
) -> tuple[int, int, float]:
    """Worlds, rollouts and CPU seconds of one move (0, 0 if the bot did not search)."""
    before = len(recorder.roots)
    started = clock()
    bot.act(decision, random.Random(seed))
    spent = clock() - started
    if len(recorder.roots) == before:
        return 0, 0, spent
    root = recorder.roots[-1]
    return root.visits, sum(len(child.samples) for child in root.children.values()), spent


def same_rollouts(game: str, found: list[Decision], worlds: int, mix: float, seed: int) -> None:
    """CPU time of the same rollouts with the leaves judged three ways (module docstring)."""
    # Imported here so that ``--worlds 0`` also runs on code from before the batch evaluator (for a before/after).
    from veillee.expert.bot import leaf_evaluator, leaf_values, one_blas_thread

    clock = time.process_time
    network = shipped(found[0].world)
    spent = {"hard": 0.0, "one leaf": 0.0, "batched": 0.0}
    rollouts = {name: 0 for name in spent}
    for i, decision in enumerate(found):
        world, seat = decision.world, decision.seat
        ways: dict[str, dict[str, Any]] = {
            "hard": {},
            "one leaf": {"evaluate": leaf_evaluator(network, world, seat, mix)},
            "batched": {"evaluate_many": leaf_values(network, world, seat, mix)},
        }
        names = list(ways) if i % 2 == 0 else list(ways)[::-1]
        for name in names:
            started = clock()
            with one_blas_thread():
                root = search(
                    decision,
                    random.Random(seed + i),
                    iterations=worlds * len(decision.legal),
                    seconds=None,
                    drop=None,
                    tree_depth=ISMCTSBot(game).tree_depth,
                    **ways[name],
                )
            spent[name] += clock() - started
            rollouts[name] += sum(len(child.samples) for child in root.children.values())
    for name, seconds in spent.items():
        print(
            f"{game:9} {name:9} {rollouts[name]:8} rollouts {seconds:6.2f} CPU s {rollouts[name] / seconds:7.0f}/CPU-s "
            f"({seconds / spent['hard']:.2f} x hard's time)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--mix", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(SETUPS))
    parser.add_argument("--worlds", type=int, default=0, help="same-rollouts part: worlds a decision (0: skip)")
    args = parser.parse_args()
    clock = time.process_time
    print(f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{args.decisions} decisions a game, {args.seconds} s CPU a move, expert mix {args.mix}, seed {args.seed}")
    if args.worlds:
        print(f"same rollouts: {args.worlds} worlds a decision, every legal move")
        for game in args.games.split(","):
            same_rollouts(game, decisions(game, args.decisions, args.seed), args.worlds, args.mix, args.seed)
    if args.seconds <= 0.0:
        return
    print("at a budget:")
    print("game      level   worlds rollouts  CPU s  rollouts/CPU-s  worlds/CPU-s")
    for game in args.games.split(","):
        hard = ISMCTSBot(game, iterations=None, seconds=args.seconds, clock=clock)
        expert = ExpertBot(game, iterations=None, seconds=args.seconds, clock=clock, mix=args.mix)
        totals: dict[str, list[float]] = {"hard": [0, 0, 0.0], "expert": [0, 0, 0.0]}
        with Recorder() as recorder:
            for i, decision in enumerate(decisions(game, args.decisions, args.seed)):
                order = [("hard", hard), ("expert", expert)]
                for name, bot in order if i % 2 == 0 else order[::-1]:
                    worlds, rollouts, spent = run(bot, decision, args.seed + i, recorder, clock)
                    if worlds:
                        total = totals[name]
                        total[0] += worlds
                        total[1] += rollouts
                        total[2] += spent
        rates: dict[str, float] = {}
        for name, (all_worlds, all_rollouts, cpu) in totals.items():
            rates[name] = all_rollouts / cpu if cpu else 0.0
            print(
                f"{game:9} {name:6} {all_worlds:7.0f} {all_rollouts:8.0f} {cpu:6.2f} {rates[name]:15.0f} "
                f"{all_worlds / cpu if cpu else 0.0:13.1f}"
            )
        ratio = rates["expert"] / rates["hard"] if rates["hard"] else float("nan")
        print(f"{game:9} expert/hard rollouts per CPU-second: {ratio:.2f}")


if __name__ == "__main__":
    main()
