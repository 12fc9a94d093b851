"""The web process's side of the metrics (shared/metrics.py; docs/operations.md, "Metrics").

`requests_counted`, a middleware near the top of the stack, answers the scrape at /metrics (to
METRICS_TOKEN only, before the host check: Prometheus comes by address) and counts every other
request by its view (the URL's name), method and status, with its time. `SiteFigures` reads
what only the database knows, when scraped: the outbox's backlog, the deadline sweep's lag and
the tournament rounds waiting to start. Every web process reports them (take the max).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.db import DatabaseError
from django.db.models import Exists, OuterRef, Subquery
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from outbox.services import outbox_backlog
from play.services import matches_overdue
from shared import metrics
from tournaments.models import Round, Tournament, TournamentTable

log = logging.getLogger(__name__)

PATH = "/metrics"


def requests_counted(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[..., HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        if not metrics.on:
            return get_response(request)
        if request.path == PATH:
            return scrape(request)
        started = time.perf_counter()
        response = get_response(request)
        match = getattr(request, "resolver_match", None)
        view = (match.view_name or match.route) if match is not None else "unmatched"
        metrics.request_counted(
            view, request.method or "", response.status_code, time.perf_counter() - started
        )
        return response

    return middleware


def scrape(request: HttpRequest) -> HttpResponse:
    if not metrics.token_ok(request.headers.get("Authorization")):
        response = HttpResponse("metrics need the bearer token (METRICS_TOKEN)\n", status=401)
        response["WWW-Authenticate"] = "Bearer"
        return response
    body = generate_latest(metrics.registry([SiteFigures()]))
    return HttpResponse(body, content_type=CONTENT_TYPE_LATEST)


class SiteFigures(Collector):
    """The figures of the whole site that the database holds, read at scrape time."""

    def collect(self) -> Iterable[Any]:
        try:
            figures = site_figures()
        except DatabaseError:
            log.warning("metrics: the site's figures could not be read", exc_info=True)
            figures = {}
        up = int(bool(figures))
        yield _gauge("tabletop_site_figures_up", "1 when the database answered.", up)
        for name, (text, value) in figures.items():
            yield _gauge(name, text, value)


def _gauge(name: str, text: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, text, value=value)


def site_figures() -> dict[str, tuple[str, float]]:

    now = timezone.now()
    backlog = outbox_backlog(now=now)
    oldest_due = matches_overdue(now).values_list("deadline", flat=True).first()
    return {
        "tabletop_outbox_jobs_waiting": ("Outbox jobs not done yet.", backlog["pending"]),
        "tabletop_outbox_jobs_overdue": (
            "Outbox jobs past their due time (the worker should have taken them).",
            backlog["overdue"],
        ),
        "tabletop_outbox_oldest_job_age_seconds": (
            "Age of the oldest outbox job not done (0: none).",
            backlog["oldest_seconds"],
        ),
        "tabletop_deadline_sweep_lag_seconds": (
            "Now minus the oldest deadline that is due and not yet played (0: none).",
            (now - oldest_due).total_seconds() if oldest_due else 0.0,
        ),
        "tabletop_tournament_rounds_waiting": (
            "Tournament rounds that may start and have not: events past their start time, and "
            "running events whose round is complete.",
            rounds_waiting(now),
        ),
    }


def rounds_waiting(now: Any) -> int:

    status = Tournament.Status
    due = Tournament.objects.filter(
        status__in=[status.REGISTRATION, status.CHECKIN], starts_at__lte=now
    ).count()
    newest = Round.objects.filter(tournament=OuterRef("pk")).order_by("-number").values("pk")[:1]
    unplayed = TournamentTable.objects.filter(round_id=OuterRef("newest"), places__isnull=True)
    complete = (
        Tournament.objects.filter(status=status.RUNNING)
        .annotate(newest=Subquery(newest))
        .exclude(Exists(unplayed))
        .count()
    )
    return due + complete
