"""The probes of docker compose, a load balancer or an orchestrator.

- `/healthz`: the process answers (touches nothing else: a database outage must not get a
  healthy web process restarted).
- `/readyz`: PostgreSQL and Redis answer; a 503 names the one that does not.

A middleware first in line answers them, before the host check and the HTTPS redirect: a probe
comes over plain HTTP with whatever host name the container has.
"""

from __future__ import annotations

from collections.abc import Callable

import redis
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse

TIMEOUT_SECONDS = 2


def probes(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[..., HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        if request.path == "/healthz":
            return JsonResponse({"status": "ok"})
        if request.path == "/readyz":
            return readiness()
        return get_response(request)

    return middleware


def readiness() -> JsonResponse:
    checks = {"database": _database(), "redis": _redis()}
    ready = all(answer in ("ok", "not configured") for answer in checks.values())
    return JsonResponse(
        {"status": "ok" if ready else "unavailable", "checks": checks},
        status=200 if ready else 503,
    )


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        return f"error: {type(exc).__name__}"
    return "ok"


def _redis() -> str:
    if not settings.REDIS_URL:
        return "not configured"  # `make run`: the in-memory layer and eager Celery need none
    client = redis.Redis.from_url(
        settings.REDIS_URL,
        socket_connect_timeout=TIMEOUT_SECONDS,
        socket_timeout=TIMEOUT_SECONDS,
    )
    try:
        client.ping()
    except redis.RedisError as exc:
        return f"error: {type(exc).__name__}"
    finally:
        client.close()
    return "ok"
