"""What Ray costs on one machine: matches per second with ``--jobs N`` against ``--ray`` with N local CPUs.

    python benchmarks/cluster_overhead.py [--jobs 2] [--sorry 20000] [--skyjo 2]     # needs .[cluster]

Two workloads, each run by both executors one right after the other (same seeds, the same load as far as
a shared machine allows; the fast one as jobs, Ray, Ray, jobs):
random Sorry! matches (``veillee simulate sorry``: about a millisecond each, so per-batch overhead shows)
and ``hard`` against ``normal`` in Skyjo (``veillee tournament skyjo --bots hard,normal``: minutes each,
``hard`` thinking up to 0.9 s a move, so overhead vanishes). For each run: the executor's start-up (a Ray
instance's start; a process pool starts its processes with the first batch), the time of the matches
alone, the time of the whole (start, matches, shutdown) and the decisions played (a time-budgeted ``hard``
plays different, longer or shorter, matches on a busier machine). The load average is printed with each
run: on a shared machine it says how much the figures mean. docs/cluster.md has the figures.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable
from typing import Any

from veillee.bots.tournament import TournamentConfig, run_tournament
from veillee.cli.simulate import Simulation, simulate
from veillee.execution import Executor, open_executor


def timed(open_it: Callable[[], Executor], play: Callable[[Executor], Any]) -> tuple[float, float, float, Any]:
    """(start-up, matches, whole) seconds, and what ``play`` returned."""
    started = time.perf_counter()
    executor = open_it()
    ready = time.perf_counter()
    try:
        result = play(executor)
        played = time.perf_counter()
    finally:
        executor.close()
    return ready - started, played - ready, time.perf_counter() - started, result


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def figure(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=2, help="processes, and the local Ray instance's CPUs")
    parser.add_argument("--sorry", type=int, default=20000, help="random Sorry! matches (default 20000)")
    parser.add_argument("--skyjo", type=int, default=2, help="Skyjo matches of hard vs normal (default 2)")
    args = parser.parse_args()
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    sorry = Simulation("sorry", 2, {}, 1)
    skyjo = TournamentConfig("skyjo", ("hard", "normal"), games=args.skyjo, seed=1)

    def random_sorry(executor: Executor) -> tuple[int, Any]:
        summary = simulate(sorry, args.sorry, executor)
        return summary.decisions, summary.to_json(1)

    def hard_skyjo(executor: Executor) -> tuple[int, Any]:
        summary, rows = run_tournament(skyjo, executor)
        return sum(row["decisions"] for row in rows), summary

    jobs = (f"--jobs {args.jobs}", lambda: open_executor(jobs=args.jobs))
    ray = (f"--ray -j {args.jobs}", lambda: open_executor(jobs=args.jobs, ray="local"))
    # The fast workload runs jobs, Ray, Ray, jobs (a drifting load then weighs on both alike); the slow once each.
    workloads: list[tuple[str, int, Callable[[Executor], tuple[int, Any]], list[Any]]] = [
        (f"random Sorry!, {args.sorry} matches", args.sorry, random_sorry, [jobs, ray, ray, jobs]),
        (f"Skyjo hard vs normal, {args.skyjo} matches", args.skyjo, hard_skyjo, [jobs, ray]),
    ]
    print("| workload | executor | start-up s | matches s | matches/s | whole s | matches/s (whole) | decisions "
          "| load before → after |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, matches, play, executors in workloads:
        if matches < 1:
            continue
        results = []
        for label, open_it in executors:
            before = load()
            start, played, whole, (decisions, result) = timed(open_it, play)
            results.append(result)
            print(f"| {name} | `{label}` | {start:.1f} | {played:.1f} | {figure(matches / played)} | {whole:.1f} | "
                  f"{figure(matches / whole)} | {decisions:,} | {before} → {load()} |", flush=True)  # fmt: skip
        if play is random_sorry:
            same = all(result == results[0] for result in results)
            print(f"(the same summary from every run: {'yes' if same else 'NO'})", flush=True)


if __name__ == "__main__":
    main()
