"""Batches as Ray tasks: ``--ray`` (a new local instance) or ``--ray ADDRESS`` (a cluster made with ``ray start``).

Each batch is one task (``veillee_batch``; ``ps`` shows ``ray::veillee_batch`` while one runs). When the
worker process or the node running a task dies, Ray runs the task again elsewhere (``max_retries``); the
driver counts a batch only when its one final result arrives, and :meth:`Executor.map` refuses a batch
seen twice, so a lost worker costs time, never a match counted twice. An exception raised by the work
itself is not retried: a bug or a bad option fails the same way on every worker.

A local instance listens on the loopback interface only (Ray's single-machine mode): it is a private pool
of processes, not a cluster others should reach. Ray is the optional ``cluster`` extra, imported only here.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import socket
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from veillee.execution import ExecutionError, Executor, R, S, T, Work

__all__ = ["RAY_MISSING", "TASK_RETRIES", "RayExecutor", "fingerprint", "veillee_batch"]

RAY_MISSING = (
    "--ray needs Ray, which is an optional extra: pip install -e '.[cluster]' (in a checkout of veillee) "
    "or pip install 'veillee[cluster]'"
)

TASK_RETRIES = 3
"""How many times Ray re-runs a batch whose worker or node died before giving up on the run."""


@functools.cache
def fingerprint() -> str:
    """This process's veillee: its version and a hash of its Python source, so that two installs of
    different commits (the same version number) are told apart. Computed once per process."""
    import veillee

    root = Path(veillee.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return f"{veillee.__version__}+{digest.hexdigest()[:12]}"


def veillee_batch(driver: str, work: Work[S, T, R], shared: S, items: Sequence[T]) -> list[R]:
    """One batch on a Ray worker, after checking that the worker runs the driver's veillee (same rules,
    same bots, so the same results): ``driver`` is the driver's :func:`fingerprint`."""
    if driver != fingerprint():
        raise ExecutionError(
            f"a Ray worker runs veillee {fingerprint()} but the driver runs {driver}: "
            "install the same veillee (the same commit) on every node"
        )
    return work(shared, items)


def _import_ray(local: bool) -> Any:
    if local:
        # Read when Ray is first imported: a local instance then binds and advertises 127.0.0.1 only.
        os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # a cluster's owner decides for their cluster
    try:
        import ray
    except ImportError as exc:
        raise ExecutionError(RAY_MISSING) from exc
    return ray


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail in seconds with a plain reason when nothing listens at ``host:port`` (Ray itself would retry for
    minutes); ``auto`` and ``ray://`` addresses are left to Ray."""
    host, sep, port = address.rpartition(":")
    if address == "auto" or "://" in address or not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ExecutionError(
            f"nothing answers at {address} ({exc.strerror or exc}): start the head with 'ray start --head' "
            "and give the address it prints (docs/cluster.md)"
        ) from exc


class RayExecutor(Executor):
    """Batches as Ray tasks on a new local instance (``address=None``) or on a running cluster."""

    def __init__(self, address: str | None, cpus: int | None = None, *, retries: int = TASK_RETRIES) -> None:
        if address is not None and cpus is not None:
            raise ValueError("--jobs sets the CPUs of a local Ray instance; a cluster at an address has its own")
        ray = _import_ray(local=address is None)
        if address is not None:
            _check_reachable(address)
        if ray.is_initialized():
            raise ExecutionError("Ray is already initialised in this process; veillee makes its own connection")
        try:
            if address is None:
                ray.init(address="local", num_cpus=cpus, include_dashboard=False, logging_level=logging.WARNING)
            else:
                ray.init(address=address, logging_level=logging.WARNING)
        except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
            ray.shutdown()
            where = "start a local Ray instance" if address is None else f"reach the Ray cluster at {address}"
            raise ExecutionError(f"could not {where}: {exc}") from exc
        self._ray = ray
        self._task = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=False)(veillee_batch)
        self.retries = retries
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        where = "local Ray instance" if address is None else f"Ray cluster at {address}"
        self.description = f"{where}, {self.workers} CPUs"

    def _unordered(self, work: Work[S, T, R], shared: S, batches: list[Sequence[T]]) -> Iterator[tuple[int, list[R]]]:
        ray = self._ray
        driver = fingerprint()
        shared_ref = ray.put(shared)  # sent to the object store once, not once per batch
        window = max(4, 2 * self.workers)  # enough queued to keep every CPU busy between round trips
        running: dict[Any, int] = {}
        submitted = 0
        try:
            while submitted < len(batches) or running:
                while submitted < len(batches) and len(running) < window:
                    ref = self._task.remote(driver, work, shared_ref, batches[submitted])
                    running[ref] = submitted
                    submitted += 1
                ready, _ = ray.wait(list(running), num_returns=1)
                for ref in ready:
                    number = running.pop(ref)
                    yield number, self._result(ref)
        finally:
            # Batches still in flight after a failure are left to finish (at most ``window`` of them) and their
            # results dropped with the references. Not ``ray.cancel``: a cancel racing a batch's completion
            # kills the driver in Ray 2.x ("Check failed: it != submissible_tasks_.end()", ray-project/ray
            # issue 54846; seen here in CI on 2026-12-03).
            running.clear()

    def _result(self, ref: Any) -> Any:
        """The batch's results; a failure of the work itself is raised as itself, a lost batch as ours."""
        ray = self._ray
        try:
            return ray.get(ref)
        except ray.exceptions.RayTaskError as exc:
            cause = exc.cause
            if isinstance(cause, ModuleNotFoundError) and "veillee" in str(cause):
                raise ExecutionError(f"a Ray worker cannot import veillee: install it on every node ({cause})") from exc
            raise cause from exc
        except ray.exceptions.RayError as exc:
            raise ExecutionError(f"a batch was lost for good (after {self.retries} retries): {exc}") from exc

    def close(self) -> None:
        """Disconnect; a local instance's processes stop with it."""
        if self._ray.is_initialized():
            self._ray.shutdown()
