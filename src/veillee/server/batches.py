"""Calls of one kind asked for while a worker thread is busy, done together in one job on it.

Why: under load every call to PostgreSQL pays its round trips (each a wake-up of a busy core) far more than
its work, and calls queue behind one another on a single worker. When a process dies, the survivors take
over its tables all at once: each taking was a lock call on the lease's worker and a read of the table
(five round trips) on the store's, one table after the other, and a killed process's 133 tables took about
two seconds to come back (docs/server.md). Batched, the calls asked for while the worker is busy wait for
it together and cost one job: one statement takes every lock, one transaction reads every table.

A lone call is done as soon as the worker is free, as before. A batch is one job in the worker's queue,
opened by its first call: work queued on the worker after a call still runs after it. This is the pattern
of the accepted actions' group commit (``veillee.server.appends``), for calls that answer something.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Hashable, Mapping
from typing import Generic, TypeVar

__all__ = ["Batched", "Submit"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")
Submit = Callable[[Callable[[], R]], "asyncio.Future[R]"]
"""Queue a function on a worker *now* (not at the next turn of the event loop); its future."""


class Batched(Generic[K, V]):
    """``await batched(key)``: ``work``'s answer for ``key``, from one call of ``work`` with every key asked
    for meanwhile (each once: the same key asked twice gets one answer twice)."""

    def __init__(self, work: Callable[[list[K]], Mapping[K, V]], submit: Submit[Mapping[K, V]]) -> None:
        self._work = work
        self._submit = submit
        self._lock = threading.Lock()  # the event loop adds to the open batch while the worker closes it
        self._open: dict[K, None] | None = None
        self._job: asyncio.Future[Mapping[K, V]] | None = None
        self.jobs = 0
        self.calls = 0

    async def __call__(self, key: K) -> V:
        with self._lock:
            if self._open is None:
                batch: dict[K, None] = {}
                self._open = batch
                self._job = self._submit(lambda: self._run(batch))
            self._open[key] = None
            job = self._job
        assert job is not None
        # shielded: one caller cancelled must not cancel the job the others wait for
        return (await asyncio.shield(job))[key]

    def _run(self, batch: dict[K, None]) -> Mapping[K, V]:
        with self._lock:  # from now on this batch is closed: the next call opens another
            if self._open is batch:
                self._open = None
        self.jobs += 1
        self.calls += len(batch)
        return self._work(list(batch))
