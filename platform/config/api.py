"""API-wide pieces: errors always come back as {"error": code, "detail": sentence}."""

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "error" not in response.data:
        detail = response.data.get("detail", response.data)
        code = getattr(getattr(exc, "detail", None), "code", None) or "invalid"
        response.data = {"error": str(code), "detail": detail}
    return response
