"""API-wide pieces: errors always come back as {"error": code, "detail": sentence}, JSON
bodies are bounded before any view sees them (shared/parsers.py), and a page's `limit` and
`offset` are whole numbers or a 400 (shared/pages.py)."""

from typing import Any

from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from shared.errors import ERROR_BODY


class RequestTooLarge(exceptions.APIException):
    status_code = 413
    default_detail = gettext_lazy("The request body is too large.")
    default_code = "too_large"


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
    invalid = {"description": "Invalid parameters", "content": body}
    for path in result.get("paths", {}).values():
        for operation in path.values():
            if isinstance(operation, dict) and "responses" in operation:
                operation["responses"].setdefault("429", throttled)
                names = {p.get("name") for p in operation.get("parameters", [])}
                if {"limit", "offset"} & names:  # a page: StrictLimitOffsetPagination's 400
                    operation["responses"].setdefault("400", invalid)
                if "requestBody" in operation:
                    for status, answer in parsers.items():
                        operation["responses"].setdefault(status, answer)
    return result
