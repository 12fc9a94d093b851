"""The site's application with tracemalloc snapshots on SIGUSR1 (bench/idle_sockets.py --trace).

Tracing starts at the first SIGUSR1, once the server answers (a server starting under
tracemalloc is many times slower, and its start-up is not what is measured). Each SIGUSR1
writes a snapshot to IDLE_TRACE_DIR/snapshot-<n>.pickle, then a line "<n> <objects collected>"
to IDLE_TRACE_DIR/done so that the bench knows it is written. Snapshots from the third on
(n >= 2) follow a full collection (gc.collect()): what the second held and the third no longer
does was garbage waiting for the collector.
"""

from __future__ import annotations

import gc
import os
import signal
import tracemalloc
from pathlib import Path

from config.asgi import application  # noqa: F401 - the site's application, served as is

_taken = 0


def _snapshot(signum: int, frame: object) -> None:
    global _taken
    if not tracemalloc.is_tracing():
        tracemalloc.start(int(os.environ.get("IDLE_TRACE_FRAMES", "25")))
    directory = Path(os.environ["IDLE_TRACE_DIR"])
    collected = gc.collect() if _taken >= 2 else 0
    tracemalloc.take_snapshot().dump(str(directory / f"snapshot-{_taken}.pickle"))
    with (directory / "done").open("a") as done:
        done.write(f"{_taken} {collected}\n")
    _taken += 1


signal.signal(signal.SIGUSR1, _snapshot)
