"""How long Python's cycle collector stops each ``veillee serve`` process: the probe behind docs/server.md's
« The cycle collector's pauses ».

Put this folder first on ``PYTHONPATH`` and Python imports it at start in every process, the servers that
``benchmarks/server_load.py`` starts included:

    PYTHONPATH=benchmarks/gc_probe .venv/bin/python benchmarks/server_load.py --processes 3 ...

Each ``serve`` process writes ``$VEILLEE_GC_PROBE_DIR/gc-PID.txt`` (default ``/tmp``), rewritten at most
every 3 s: the wall time spent collecting, how many collections, the full ones apart, and the longest
pause. Wall time: under a loaded machine a pause also counts the time the process waited for a core,
which is what its tables wait too. Other processes are left alone.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from typing import Any

if "serve" in sys.argv:
    _started: list[float] = [0.0]
    _totals = {"seconds": 0.0, "collections": 0, "full_seconds": 0.0, "full": 0, "longest": 0.0, "written": 0.0}
    _out = os.path.join(os.environ.get("VEILLEE_GC_PROBE_DIR", "/tmp"), f"gc-{os.getpid()}.txt")

    def _probe(phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            _started[0] = now
            return
        pause = now - _started[0]
        _totals["seconds"] += pause
        _totals["collections"] += 1
        _totals["longest"] = max(_totals["longest"], pause)
        if info["generation"] == 2:
            _totals["full_seconds"] += pause
            _totals["full"] += 1
        if now - _totals["written"] > 3:
            _totals["written"] = now
            with open(_out, "w") as out:
                out.write(
                    f"collecting {_totals['seconds']:.2f} s in {_totals['collections']} collections, "
                    f"full ones {_totals['full_seconds']:.2f} s in {_totals['full']}, "
                    f"longest pause {1000 * _totals['longest']:.0f} ms\n"
                )

    gc.callbacks.append(_probe)
