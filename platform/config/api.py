"""API-wide pieces: errors always come back as {"error": code, "detail": sentence}, and JSON
bodies are bounded before any view sees them."""

from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.parsers import JSONParser
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from shared.errors import ERROR_BODY

# Deeper than any action, option set or form a client sends; the bound keeps the decoder and
# everything after it (validation, the engine, the database) far from Python's recursion limit.
MAX_JSON_DEPTH = 32


class RequestTooLarge(exceptions.APIException):
    status_code = 413
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "too_large"


class BoundedJSONParser(JSONParser):
    """JSON, refused with a 400 when nested deeper than MAX_JSON_DEPTH or holding a NUL
    character (PostgreSQL stores neither in text nor in jsonb)."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise exceptions.ParseError(_("JSON parse error - nested too deeply.")) from exc
        _check_json(data)
        return data


def _check_json(data: Any) -> None:
    """Walk the parsed body without recursion: its depth and its strings."""
    pending = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, dict | list):
            if depth > MAX_JSON_DEPTH:
                raise exceptions.ParseError(
                    _("JSON parse error - nested deeper than %(MAX_JSON_DEPTH)s levels.")
                    % {"MAX_JSON_DEPTH": MAX_JSON_DEPTH}
                )
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            pending.extend((item, depth + 1) for item in items)
        elif isinstance(value, str) and "\x00" in value:
            raise exceptions.ParseError(_("JSON parse error - NUL characters are not allowed."))


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    elif isinstance(exc, RequestDataTooBig):
        exc = RequestTooLarge()
    response = drf_exception_handler(exc, context)
    if response is None or (isinstance(response.data, dict) and "error" in response.data):
        return response
    if isinstance(response.data, dict):
        detail = response.data.get("detail", response.data)
    else:
        detail = response.data
    code = getattr(getattr(exc, "detail", None), "code", None) or "invalid"
    response.data = {"error": str(code), "detail": detail}
    return response


def document_common_errors(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: every operation is throttled (REST_FRAMEWORK's
    throttle classes), so each documents the 429 it may answer; every operation that takes a
    body documents the parsers' 413 (too large) and 415 (a content type it does not read), all
    with the error body."""
    body = {"application/json": {"schema": ERROR_BODY}}
    throttled = {"description": "Too many requests: try again after Retry-After", "content": body}
    parsers = {
        "413": {"description": "The body is too large", "content": body},
        "415": {"description": "Unsupported content type", "content": body},
    }
    for path in result.get("paths", {}).values():
        for operation in path.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"].setdefault("429", throttled)
                if "requestBody" in operation:
                    for status, answer in parsers.items():
                        operation["responses"].setdefault(status, answer)
    return result
