"""How long each ``veillee serve`` process's store jobs wait for its database workers, and what they are:
the probe behind docs/server.md's « Where the creation storm waits ».

Put this folder first on ``PYTHONPATH`` and Python imports it at start in every process, the servers that
``benchmarks/server_load.py`` starts included:

    PYTHONPATH=benchmarks/store_probe .venv/bin/python benchmarks/server_load.py --processes 3 ...

Each ``serve`` process writes ``$VEILLEE_STORE_PROBE_DIR/store-PID.txt`` (default ``/tmp``), rewritten at
most every 3 s: by worker (the lobby's, and on PostgreSQL the play's) and 5-s window from its start, the
jobs run on it, their queue wait (p50, p99, max), how busy it was, and how late the event loop woke a 20 ms
sleeper; and over the whole run, by kind of job (the function's name), how many, their mean and total run
time. It wraps ``ThreadPoolExecutor.submit`` for the executors named
``veillee-store*`` only; other processes and executors are left alone.
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

if "serve" in sys.argv:
    _begin = time.perf_counter()
    _windows: dict[tuple[str, int], list[tuple[float, float]]] = defaultdict(list)
    _kinds: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    _written = [0.0]
    _out = os.path.join(os.environ.get("VEILLEE_STORE_PROBE_DIR", "/tmp"), f"store-{os.getpid()}.txt")
    _submit = ThreadPoolExecutor.submit

    def _pct(values: list[float], p: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else 0.0

    _lags: dict[int, list[float]] = defaultdict(list)

    def _write() -> None:
        lines = ["worker window_s jobs wait_p50_ms wait_p99_ms wait_max_ms worker_busy loop_lag_p99_ms"]
        for worker, window in sorted(_windows):
            jobs = _windows[worker, window]
            waits = [w for w, _r in jobs]
            busy = sum(r for _w, r in jobs) / 5.0
            lines.append(
                f"{worker} {5 * window:>8} {len(jobs):>4} "
                f"{1000 * _pct(waits, 0.5):>11.1f} {1000 * _pct(waits, 0.99):>11.1f} "
                f"{1000 * max(waits):>11.1f} {busy:>11.2f} {1000 * _pct(_lags[window], 0.99):>15.1f}"
            )
        lines.append("kind count mean_ms max_ms total_s")
        for kind, (count, total, longest) in sorted(_kinds.items(), key=lambda kv: -kv[1][1]):
            lines.append(f"{kind} {count} {1000 * total / count:.2f} {1000 * longest:.1f} {total:.2f}")
        with open(_out, "w") as out:
            out.write("\n".join(lines) + "\n")

    def _probed_submit(self: ThreadPoolExecutor, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        if not getattr(self, "_thread_name_prefix", "").startswith("veillee-store"):
            return _submit(self, fn, *args, **kwargs)
        queued = time.perf_counter()
        name = getattr(fn, "__qualname__", repr(fn)).replace(".<locals>", "")

        def timed() -> Any:
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                ended = time.perf_counter()
                window = self._thread_name_prefix, int((queued - _begin) // 5)
                _windows[window].append((started - queued, ended - started))
                kind = _kinds[name]
                kind[0] += 1
                kind[1] += ended - started
                kind[2] = max(kind[2], ended - started)
                if ended - _written[0] > 3:
                    _written[0] = ended
                    _write()

        return _submit(self, timed)

    ThreadPoolExecutor.submit = _probed_submit  # type: ignore[method-assign]

    import asyncio

    import uvicorn.server

    _startup = uvicorn.server.Server.startup

    async def _lag() -> None:
        """How late the server's event loop wakes a 20 ms sleeper: the queue every message waits in."""
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(0.02)
            _lags[int((asked - _begin) // 5)].append(time.perf_counter() - asked - 0.02)

    async def _probed_startup(self: Any, *args: Any, **kwargs: Any) -> Any:
        self._probe_lag = asyncio.ensure_future(_lag())
        return await _startup(self, *args, **kwargs)

    uvicorn.server.Server.startup = _probed_startup  # type: ignore[method-assign]
