"""Metrics in the Prometheus format from every kind of process (docs/operations.md, "Metrics").

Off unless METRICS is set: then each helper below is one flag test and returns (`make run`,
the tests, and the bench's reference server pay nothing else). On, the figures are
prometheus-client's: in one process's memory, or, where PROMETHEUS_MULTIPROC_DIR names a
directory, in one memory-mapped file per process there (multiprocess mode), which is how a
Celery worker's prefork children, or several uvicorn workers, are added up by the one process
that answers the scrape (`registry`). A figure of the whole site read from the database
(outbox backlog, deadline sweep lag, tournament rounds waiting) is computed when scraped, by
config/site_metrics.py, never on the hot path.

The web processes answer the scrape at /metrics (config/site_metrics.py); the Celery workers,
the outbox worker and mail-in on METRICS_PORT (`serve`). Both want METRICS_TOKEN as a bearer
token and refuse anything else (`token_ok`).
"""

from __future__ import annotations

import hmac
import logging
import os
import threading
from collections.abc import Callable, Iterable
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, make_server

from django.conf import settings
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    make_wsgi_app,
    multiprocess,
)
from prometheus_client.registry import Collector

log = logging.getLogger(__name__)

on = False  # set once per process by `metrics_start` (METRICS)
kind = ""  # the process kind (web, worker, outbox, mail-in): Prometheus's job says it too

# Seconds: a page or an API call, and a move's way from its frame to its seats' frames.
_FAST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "tabletop_http_requests",
    "HTTP requests answered, by view (URL name), method and status.",
    ["view", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    "tabletop_http_request_duration_seconds",
    "Time to answer an HTTP request, by view and method.",
    ["view", "method"],
    buckets=_FAST_BUCKETS,
)
SOCKETS = Gauge(
    "tabletop_websockets_open",
    "Match WebSockets open now (every live process added up).",
    multiprocess_mode="livesum",
)
MOVES = Counter("tabletop_moves", "Moves applied, by game.", ["game"])
MOVE_FRAMES_SECONDS = Histogram(
    "tabletop_move_frames_seconds",
    "From a move's frame arriving on its socket to the last frame of the new version written "
    "to that process's sockets of the match (the mover's ack included), by game.",
    ["game"],
    buckets=_FAST_BUCKETS,
)
TASKS = Counter(
    "tabletop_celery_tasks", "Celery tasks run, by task name and outcome.", ["task", "outcome"]
)
TASK_SECONDS = Histogram(
    "tabletop_celery_task_duration_seconds",
    "Time a Celery task ran, by task name.",
    ["task"],
    buckets=(0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0),
)
EMAILS = Counter(
    "tabletop_emails",
    "E-mails handed to the SMTP server, by kind and outcome (sent; refused: surely not "
    "delivered, retried; uncertain: may have been delivered, never resent).",
    ["kind", "outcome"],
)
BOUNCES = Counter("tabletop_email_bounces", "Hard bounces recorded (delivery reports, webhooks).")
PUSHES = Counter(
    "tabletop_pushes",
    "Push notifications handed to a push service, by notice kind and outcome (sent; gone: the "
    "subscription expired and was deleted; refused: retried; uncertain: never resent).",
    ["kind", "outcome"],
)
REPLIES = Counter(
    "tabletop_inbound_replies",
    "Reply e-mails processed, by outcome (answered, refused, dropped, duplicate).",
    ["outcome"],
)

OUTBOX_RUNS = Counter(
    "tabletop_outbox_jobs_run",
    "Outbox jobs run, by kind and outcome (done; failed: retried later).",
    ["kind", "outcome"],
)

_moves: dict[str, Any] = {}  # game -> its child of MOVES: one dict look-up a move
_frames: dict[str, Any] = {}


def metrics_start(process: str) -> bool:
    """Turn the figures on in this process when METRICS is set; True if it did."""
    global on, kind
    on, kind = bool(settings.METRICS), process
    return on


def move_counted(game: str, moves: int = 1) -> None:
    if on and moves:
        child = _moves.get(game) or _moves.setdefault(game, MOVES.labels(game))
        child.inc(moves)


def move_delivered(game: str, seconds: float) -> None:
    if on:
        child = _frames.get(game) or _frames.setdefault(game, MOVE_FRAMES_SECONDS.labels(game))
        child.observe(seconds)


def socket_opened() -> None:
    if on:
        SOCKETS.inc()


def socket_closed() -> None:
    if on:
        SOCKETS.dec()


def request_counted(view: str, method: str, status: int, seconds: float) -> None:
    if on:
        REQUESTS.labels(view, method, str(status)).inc()
        REQUEST_SECONDS.labels(view, method).observe(seconds)


def task_counted(task: str, outcome: str, seconds: float | None) -> None:
    if on:
        TASKS.labels(task, outcome).inc()
        if seconds is not None:
            TASK_SECONDS.labels(task).observe(seconds)


def email_counted(email_kind: str, outcome: str) -> None:
    if on:
        EMAILS.labels(email_kind, outcome).inc()


def push_counted(notice_kind: str, outcome: str) -> None:
    if on:
        PUSHES.labels(notice_kind, outcome).inc()


def bounce_counted() -> None:
    if on:
        BOUNCES.inc()


def reply_counted(outcome: str) -> None:
    if on:
        REPLIES.labels(outcome).inc()


def outbox_run_counted(job_kind: str, outcome: str, jobs: int = 1) -> None:
    if on:
        OUTBOX_RUNS.labels(job_kind, outcome).inc(jobs)


def process_dead(pid: int) -> None:
    """A Celery child gone: its live gauges leave the sums (its counters stay counted)."""
    if on and os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)


def registry(extra: Iterable[Collector] = ()) -> CollectorRegistry:
    """What a scrape answers: every process's files (multiprocess mode) or this process's own
    figures, and `extra` (collectors computed at scrape time)."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        answer = CollectorRegistry()
        multiprocess.MultiProcessCollector(answer)
    else:
        answer = CollectorRegistry(auto_describe=True)
        answer.register(_Own())
    for collector in extra:
        answer.register(collector)
    return answer


class _Own(Collector):
    """This process's own figures (no PROMETHEUS_MULTIPROC_DIR): the default registry's, its
    CPU and memory included."""

    def collect(self) -> Iterable[Any]:
        yield from REGISTRY.collect()


def token_ok(authorization: str | None) -> bool:
    """The scrape's `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time."""
    expected = settings.METRICS_TOKEN
    if not expected or not authorization or not authorization.startswith("Bearer "):
        return False
    return hmac.compare_digest(authorization[7:].encode(), expected.encode())


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        log.debug("metrics scrape: " + format, *args)


def serve(port: int | None = None, *, extra: Callable[[], Iterable[Collector]] = tuple) -> Any:
    """Answer scrapes on `port` (METRICS_PORT) in a thread of this process: a Celery worker's
    main process, the outbox worker, mail-in. Returns the server (its `server_port`), or None
    when METRICS is off or no port is set."""
    port = settings.METRICS_PORT if port is None else port
    if not on or not port:
        return None

    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        if not token_ok(environ.get("HTTP_AUTHORIZATION")):
            start_response("401 Unauthorized", [("WWW-Authenticate", "Bearer")])
            return [b"metrics need the bearer token (METRICS_TOKEN)\n"]
        return make_wsgi_app(registry(extra()))(environ, start_response)  # type: ignore[no-any-return]

    server = make_server(settings.METRICS_HOST, port, app, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, name="metrics", daemon=True).start()
    log.info("metrics of this %s process on port %s", kind, server.server_port)
    return server
