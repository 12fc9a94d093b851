"""The request guard: what no view should have to think about.

- A NUL character in the path or the query string is refused with a 400 before any view runs:
  PostgreSQL refuses NUL in text, so it could only end in a 500.
- Every error under /api/ has a JSON body, {"error": code, "detail": sentence}, also the ones
  Django answers itself (an unknown path, a request too large, a crash), which are HTML pages.
"""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import render
from django.utils import translation

_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    500: "server_error",
}
_NUL_REFUSED = "NUL characters are not allowed in a URL."


def request_guard(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[..., HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        api = request.path.startswith("/api/")
        if _has_nul(request):
            if api:
                return JsonResponse({"error": "bad_request", "detail": _NUL_REFUSED}, status=400)
            return HttpResponseBadRequest(_NUL_REFUSED, content_type="text/plain")
        response = get_response(request)
        if api and response.status_code >= 400 and not _is_json(response):
            return _json_error(response)
        if settings.DEBUG and response.status_code == 404 and _is_html(response):
            # DEBUG (make run) would show Django's technical page: the site's own, as in production.
            return render(request, "404.html", status=404)
        return response

    return middleware


def _has_nul(request: HttpRequest) -> bool:
    """On the raw query string, so that this guard never parses (nor refuses) a query itself."""
    query = request.META.get("QUERY_STRING", "")
    return "\x00" in request.path or "\x00" in query or "%00" in query


def _is_html(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith("text/html")


def _is_json(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


def _json_error(response: HttpResponse) -> JsonResponse:
    status = response.status_code
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = "Error"
    code = _CODES.get(status, "server_error" if status >= 500 else "error")
    answer = JsonResponse({"error": code, "detail": f"{phrase}."}, status=status)
    if response.has_header("Allow"):
        answer["Allow"] = response["Allow"]
    return answer


def account_language(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[..., HttpResponse]:
    """A signed-in player's own language (their settings) wins over the cookie and the browser,
    which LocaleMiddleware has already read; an empty setting keeps the browser's choice."""

    def middleware(request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        chosen = getattr(user, "language", "") if user is not None else ""
        if chosen and chosen != request.LANGUAGE_CODE:
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        return get_response(request)

    return middleware


def script_nonce(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[..., HttpResponse]:
    """Every response's policy names a nonce: django-csp adds `'nonce-...'` to `script-src`
    only when something read `request.csp_nonce`, and the policy has no `'unsafe-inline'`, so
    a page's inline <script> runs only if its template wrote that nonce (an injected one never
    does). Runs inside CSPMiddleware, before it writes the header."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        str(request.csp_nonce)  # type: ignore[attr-defined]
        return response

    return middleware
