"""Variants of the site's ASGI application for bench/live_tables.py --app, to measure a change of
the live path before making it (experiments, not the site's code). The earlier variants (the
pub/sub layer, the thread pool, the rows in hand...) became the site; their figures stay in
bench/README.md.

    python bench/live_tables.py --tables 100 --seconds 15 --no-floor --app live_variants:switch
    GIL_SWITCH_S=0.0005 python bench/live_tables.py ... --app live_variants:switch
    POOL_THREADS=3 python bench/live_tables.py ... --app live_variants:threads

switch   the interpreter's thread switch interval set to GIL_SWITCH_S (default 0.001 s; Python's
         own is 0.005 s): how long the event loop may wait for the GIL while a pool thread
         renders a move's frames.
threads  the event loop's default executor (where the sockets' database work runs) limited to
         POOL_THREADS threads (default 3; Python's default is min(32, cores + 4)).
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import config.asgi  # sets Django up

site = config.asgi.application


def _switch_interval() -> None:
    sys.setswitchinterval(float(os.environ.get("GIL_SWITCH_S", "0.001")))


_switch_interval_set = False


async def switch(scope: dict[str, Any], receive: Any, send: Any) -> None:
    global _switch_interval_set
    if not _switch_interval_set:
        _switch_interval()
        _switch_interval_set = True
    await site(scope, receive, send)


_executor: list[ThreadPoolExecutor] = []


async def threads(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if not _executor:
        _executor.append(ThreadPoolExecutor(int(os.environ.get("POOL_THREADS", "3"))))
        asyncio.get_running_loop().set_default_executor(_executor[0])
    await site(scope, receive, send)


_gc_tuned = False


async def gc_tuned(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """gc: the objects alive at the first connection frozen out of the collector, and the
    youngest generation collected every GC_GEN0 allocations (default 50,000; Python's 700)."""
    global _gc_tuned
    if not _gc_tuned:
        gc.freeze()
        gc.set_threshold(int(os.environ.get("GC_GEN0", "50000")), 20, 100)
        _gc_tuned = True
    await site(scope, receive, send)
