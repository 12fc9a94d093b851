"""Error reports: Sentry's SDK in every kind of process (web, Celery workers and beat, the
outbox worker, mail-in), off unless SENTRY_DSN is set (docs/operations.md, "Error reports").

An event says where the code failed, never who was playing or what a seat holds: no personal
data (`send_default_pii` off), no local variables of the frames (a move's frames hold the match
state, every seat's hand and the deck order), no request body, cookies or query string, no
task arguments, and `scrub` removes what the integrations would still add before it leaves.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import sentry_sdk
from django.conf import settings
from sentry_sdk.integrations.celery import CeleryIntegration
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.integrations.logging import LoggingIntegration

from shared.logs import log_fields

_EMAIL = re.compile(r"[^\s@<>\"'(),;:]+@[^\s@<>\"'(),;:]+\.[A-Za-z]{2,}")
# Request headers an event keeps: none of them names a person or carries a credential.
_HEADERS_KEPT = {"content-type", "content-length", "host", "user-agent", "x-request-id"}
# The SDK's own descriptions of the process; anything else in `contexts` is dropped.
_CONTEXTS_KEPT = {"runtime", "os", "device", "trace", "app"}


def reports_start(process: str, *, transport: Any = None) -> bool:
    """Start the SDK in this process when SENTRY_DSN is set; True if it did. `transport`: for
    the tests, a sentry_sdk Transport that keeps the events in memory."""
    if not settings.SENTRY_DSN:
        return False
    sentry_sdk.init(
        dsn=settings.SENTRY_DSN,
        environment=settings.SENTRY_ENVIRONMENT,
        release=settings.SENTRY_RELEASE or None,
        # `send_default_pii` stays unset, which is off (2.76 deprecates naming it): no user, no
        # client address, sensitive headers and cookies filtered by the SDK before `scrub`.
        include_local_variables=False,
        max_request_body_size="never",
        integrations=[
            DjangoIntegration(),
            CeleryIntegration(),
            LoggingIntegration(level=logging.INFO, event_level=logging.ERROR),
        ],
        before_send=scrub,
        before_breadcrumb=crumb_scrub,
        transport=transport,
    )
    sentry_sdk.set_tag("process", process)
    return True


def scrub(event: Any, hint: Any = None) -> Any:
    """What may identify a person or reveal a seat's secrets, taken out of an event; the
    request id of the work that failed put in (the same as in its log lines)."""
    request_id = log_fields().get("request_id")
    if request_id:
        event.setdefault("tags", {})["request_id"] = request_id
    request = event.get("request")
    if request:
        headers = request.get("headers") or {}
        event["request"] = {
            "method": request.get("method"),
            "url": request.get("url"),
            "headers": {k: v for k, v in headers.items() if k.lower() in _HEADERS_KEPT},
        }
    user = event.get("user")
    if user:
        event["user"] = {"id": user["id"]} if "id" in user else {}
    event.pop("extra", None)
    if "contexts" in event:
        event["contexts"] = {k: v for k, v in event["contexts"].items() if k in _CONTEXTS_KEPT}
    if "logentry" in event:  # the template stays; its arguments may be a state or an action
        event["logentry"] = {"message": event["logentry"].get("message", "")}
    for key in ("exception", "threads"):
        for value in (event.get(key) or {}).get("values", []):
            for frame in (value.get("stacktrace") or {}).get("frames", []):
                frame.pop("vars", None)
    if "breadcrumbs" in event:
        crumbs = event["breadcrumbs"].get("values", [])
        event["breadcrumbs"]["values"] = [crumb_scrub(c) for c in crumbs]
    return _without_emails(event)


def crumb_scrub(crumb: Any, hint: Any = None) -> Any:
    """A breadcrumb keeps its kind and message, never its data (a query's parameters, a log
    record's arguments)."""
    crumb.pop("data", None)
    return _without_emails(crumb)


def _without_emails(value: Any) -> Any:
    if isinstance(value, str):
        return _EMAIL.sub("[e-mail]", value)
    if isinstance(value, dict):
        return {k: _without_emails(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_without_emails(v) for v in value]
    return value
