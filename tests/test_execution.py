"""The execution layer without Ray: batches in order whatever order they finish in, nothing counted twice."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator, Sequence

import pytest

from veillee.cli.simulate import Simulation, play_batch, simulate
from veillee.execution import (
    ExecutionError,
    Executor,
    ProcessExecutor,
    R,
    S,
    SerialExecutor,
    T,
    Work,
    batch_size,
    open_executor,
)
from veillee.execution.ray_cluster import fingerprint, veillee_batch


class Backwards(Executor):
    """Runs every batch here but hands them back last first, like a cluster whose first batch is slowest."""

    def __init__(self, workers: int, repeat: int | None = None) -> None:
        self.workers = workers
        self.repeat = repeat

    def _unordered(self, work: Work[S, T, R], shared: S, batches: list[Sequence[T]]) -> Iterator[tuple[int, list[R]]]:
        for number in reversed(range(len(batches))):
            yield number, work(shared, batches[number])
            if number == self.repeat:
                yield number, work(shared, batches[number])

    def close(self) -> None:
        pass


def squares(offset: int, items: Sequence[int]) -> list[int]:
    return [offset + i * i for i in items]


def test_batch_size_aims_at_several_batches_per_worker_and_respects_the_cap() -> None:
    assert batch_size(1000, 2, 200) == 63
    assert batch_size(1000, 1, 25) == 25
    assert batch_size(3, 64, 200) == 1
    assert batch_size(0, 2, 10) == 1


def test_results_come_back_in_item_order_and_progress_counts_every_item() -> None:
    seen: list[int] = []
    results = list(Backwards(workers=3).map(squares, 5, range(50), largest_batch=4, progress=seen.append))
    assert results == [5 + i * i for i in range(50)]
    assert seen[-1] == 50 and seen == sorted(seen) and len(seen) == 17  # batches of 3: 50 / (3 workers × 8), rounded up


def test_a_batch_that_comes_back_twice_is_refused() -> None:
    with pytest.raises(ExecutionError, match="came back twice"):
        list(Backwards(workers=2, repeat=3).map(squares, 0, range(40), largest_batch=4))


def test_simulation_is_the_same_serial_backwards_and_in_processes() -> None:
    simulation = Simulation("sorry", 3, {}, 11)
    serial = simulate(simulation, 60, SerialExecutor())
    backwards = simulate(simulation, 60, Backwards(workers=4))
    with ProcessExecutor(2) as pool:
        pooled = simulate(simulation, 60, pool)
    assert serial == backwards == pooled
    assert serial.matches == 60 and sum(serial.wins) >= 60


def test_open_executor_checks_its_arguments() -> None:
    assert isinstance(open_executor(), SerialExecutor)
    assert isinstance(open_executor(jobs=1), SerialExecutor)
    with open_executor(jobs=2) as pool:
        assert isinstance(pool, ProcessExecutor) and pool.workers == 2
    with pytest.raises(ValueError, match="at least 1"):
        open_executor(jobs=0)
    with pytest.raises(ValueError, match="local Ray instance"):
        open_executor(jobs=2, ray="127.0.0.1:1")  # refused before any connection


def test_a_worker_with_another_veillee_refuses_the_batch() -> None:
    simulation = Simulation("sorry", 2, {}, 1)
    here = fingerprint()
    assert here.startswith(__import__("veillee").__version__ + "+") and here == fingerprint()
    assert veillee_batch(here, play_batch, simulation, [0, 1]) == play_batch(simulation, [0, 1])
    with pytest.raises(ExecutionError, match="same commit"):
        veillee_batch(here[:-1] + "x", play_batch, simulation, [0])


def test_ray_missing_says_how_to_install_it() -> None:
    """Without the extra, --ray exits 2 with the install command (Ray hidden from this process)."""
    code = (
        "import sys; sys.modules['ray'] = None\n"
        "from veillee.cli.main import main\n"
        "sys.exit(main(['simulate', 'sorry', '-n', '3', '--ray']))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 2, run.stderr
    assert "pip install -e '.[cluster]'" in " ".join(run.stderr.split())
    assert "Win rate" not in run.stdout
