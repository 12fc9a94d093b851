"""Each request's id, in its log lines and in its response (docs/operations.md, "Logs").

`request_ids` takes the caller's X-Request-ID if it is well-formed (a balancer's or a client's,
so one id follows a request through every hop), or makes one, binds it to every log record
made while the request is served (and so to the tasks and outbox jobs it queues), sends it back
as X-Request-ID, and logs one line per request on `tabletop.request`. `request_user` binds the
signed-in player's id once authentication has run.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from shared.logs import log_bind, log_context, request_id_accepted

log = logging.getLogger("tabletop.request")


def request_ids(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[..., HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        request_id = request_id_accepted(request.headers.get("X-Request-ID"))
        started = time.monotonic()
        with log_context(request_id=request_id):
            response = get_response(request)
            _user_bind(request)  # an API token's user is known only after the view (DRF)
            took = (time.monotonic() - started) * 1000
            log.info("%s %s %s %.1fms", request.method, request.path, response.status_code, took)
        response["X-Request-ID"] = request_id
        return response

    return middleware


def request_user(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[..., HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        _user_bind(request)
        return get_response(request)

    return middleware


def _user_bind(request: HttpRequest) -> None:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        log_bind(user_id=user.pk)
