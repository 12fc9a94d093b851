"""`python manage.py outbox_work`: the outbox worker (a docker compose service of its own).

It needs PostgreSQL only: when Redis or the broker is down, it keeps retrying the jobs that need
them and catches up once they answer.
"""

from __future__ import annotations

import faulthandler
import gc
import signal
import sys
import time
from typing import Any

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from outbox.services import outbox_drain
from shared.metrics import metrics_start, serve
from shared.reports import reports_start


class Command(BaseCommand):
    help = "Carry out the outbox's after-commit work, retrying until each job is done."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--idle", type=float, default=0.5, help="seconds between polls")
        parser.add_argument("--once", action="store_true", help="drain what is due, then exit")

    def handle(self, *args: Any, idle: float, once: bool, **options: Any) -> None:
        reports_start("outbox")
        if metrics_start("outbox"):
            serve()
        stopping = False

        def stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        # `kill -USR1`: every thread's stack to stderr, to see where a worker that does nothing
        # is waiting (the database pool, a lock, a handler's request) without stopping it.
        faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=True)
        # Django, every app and their libraries are loaded now and live as long as the process:
        # frozen, the collections its jobs' garbage triggers no longer walk them (each full
        # collection walked the ~150,000 objects of the start-up: bench/README.md, "Issue 28,
        # third pass").
        gc.freeze()
        self.stdout.write("outbox worker: polling for due jobs", ending="\n")
        self.stdout.flush()
        while not stopping:
            close_old_connections()
            try:
                done = outbox_drain()
            except Exception as exc:  # the database itself is away: wait and poll again
                self.stderr.write(f"outbox drain failed: {exc}")
                self.stderr.flush()
                done = 0
            if once:
                return
            if not done:
                time.sleep(idle)
