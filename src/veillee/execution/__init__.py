"""Where batches of matches run: this process, a local process pool, or a Ray cluster, with the same results.

``simulate`` and ``tournament`` (and a self-play trainer later) describe their work the same way: a
module-level function ``work(shared, items) -> results``, one result per item, where ``shared`` is what
every item needs (the game, its options, the seed, a bot configuration, later a network's weights) and
each item names one match (its index). A match is fully determined by ``shared`` and its item, so it does
not matter which process plays it, in which batch, or how often it was started; an :class:`Executor` only
decides where batches run. :meth:`Executor.map` hands results back in item order whatever order batches
finish in, so a summary built from them is the same, figure for figure, as a serial run's.

An executor stays open for several ``map`` calls (a trainer plays a round of self-play per iteration with
new weights, on the same workers); ``shared`` is sent once per call, not once per batch, where the
backend allows it (Ray's object store).

Backends: :class:`SerialExecutor` (``--jobs 1``), :class:`ProcessExecutor` (``--jobs N``, one machine) and
``veillee.execution.ray_cluster.RayExecutor`` (``--ray [ADDRESS]``, the optional ``cluster`` extra), all
made by :func:`open_executor`.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any, TypeVar

__all__ = [
    "ExecutionError",
    "Executor",
    "ProcessExecutor",
    "SerialExecutor",
    "batch_size",
    "open_executor",
]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

Work = Callable[[S, Sequence[T]], list[R]]
"""A batch of work: ``work(shared, items)`` returns one result per item, in the items' order."""

BATCHES_PER_WORKER = 8
"""Aim for this many batches per worker: enough to balance uneven matches and feed the progress bar,
few enough that per-batch overhead (a process round trip, a Ray task) stays small."""


class ExecutionError(Exception):
    """Work could not be run where it was asked to (no Ray, a cluster out of reach, a batch lost for good)."""


def batch_size(items: int, workers: int, largest: int) -> int:
    """How many items go into one batch: about ``BATCHES_PER_WORKER`` batches per worker, at most ``largest``.

    Which batch an item lands in never changes its result; the size only trades overhead against balance.
    """
    return max(1, min(largest, math.ceil(items / (max(1, workers) * BATCHES_PER_WORKER))))


class Executor(ABC):
    """Runs batches of work somewhere; :meth:`map` puts the results back in order."""

    workers: int = 1
    """How many batches run at once (for batch sizing)."""

    description: str = "this process"
    """Where the work runs, for people (e.g. ``2 processes``, ``Ray cluster at host:6379, 64 CPUs``)."""

    def map(
        self,
        work: Work[S, T, R],
        shared: S,
        items: Sequence[T],
        *,
        largest_batch: int,
        progress: Callable[[int], None] | None = None,
    ) -> Iterator[R]:
        """``work`` over every item in batches; yields the results in item order.

        ``progress(done)`` is called with the number of items finished each time a batch comes back (in
        whatever order batches finish), before the results that became available are yielded.
        """
        size = batch_size(len(items), self.workers, largest_batch)
        batches = [items[start : start + size] for start in range(0, len(items), size)]
        waiting: dict[int, list[R]] = {}
        next_batch = done = 0
        for number, results in self._unordered(work, shared, batches):
            if number < next_batch or number in waiting:
                raise ExecutionError(f"batch {number} came back twice")  # never counted twice
            if len(results) != len(batches[number]):
                raise ExecutionError(f"batch {number} returned {len(results)} results for {len(batches[number])}")
            waiting[number] = results
            done += len(results)
            if progress is not None:
                progress(done)
            while next_batch in waiting:
                yield from waiting.pop(next_batch)
                next_batch += 1
        if next_batch != len(batches):
            raise ExecutionError(f"{len(batches) - next_batch} batches never came back")

    @abstractmethod
    def _unordered(self, work: Work[S, T, R], shared: S, batches: list[Sequence[T]]) -> Iterator[tuple[int, list[R]]]:
        """``(batch number, results)`` for every batch, in the order they finish."""

    @abstractmethod
    def close(self) -> None:
        """Release the workers (idempotent)."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()


class SerialExecutor(Executor):
    """Every batch in this process, one after the other: the reference every other executor must match."""

    def _unordered(self, work: Work[S, T, R], shared: S, batches: list[Sequence[T]]) -> Iterator[tuple[int, list[R]]]:
        for number, batch in enumerate(batches):
            yield number, work(shared, batch)

    def close(self) -> None:
        """Nothing to release."""


class ProcessExecutor(Executor):
    """Batches in a pool of ``jobs`` local processes (the pool lives as long as the executor)."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("--jobs must be at least 1")
        self.workers = jobs
        self.description = f"{jobs} local processes"
        self._pool = ProcessPoolExecutor(max_workers=jobs)

    def _unordered(self, work: Work[S, T, R], shared: S, batches: list[Sequence[T]]) -> Iterator[tuple[int, list[R]]]:
        window = 2 * self.workers  # a few batches queued per process; the rest waits here, not in memory
        running: dict[Future[list[R]], int] = {}
        submitted = 0
        try:
            while submitted < len(batches) or running:
                while submitted < len(batches) and len(running) < window:
                    running[self._pool.submit(work, shared, batches[submitted])] = submitted
                    submitted += 1
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=running.__getitem__):
                    yield running.pop(future), future.result()
        except BrokenProcessPool as exc:
            raise ExecutionError(f"a worker process died ({exc}); --ray re-runs lost batches, --jobs cannot") from exc
        finally:
            for future in running:
                future.cancel()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def open_executor(jobs: int | None = None, ray: str | None = None, **ray_options: Any) -> Executor:
    """The executor for ``--jobs`` and ``--ray``: Ray when ``ray`` is given (``"local"`` for a new local
    instance with ``jobs`` CPUs, else a cluster's address), else ``jobs`` processes (one: this process)."""
    if jobs is not None and jobs < 1:
        raise ValueError("--jobs must be at least 1")
    if ray is not None:
        from veillee.execution.ray_cluster import RayExecutor

        return RayExecutor(None if ray == "local" else ray, cpus=jobs, **ray_options)
    if jobs is None or jobs == 1:
        return SerialExecutor()
    return ProcessExecutor(jobs)
