"""The refusal every app's services raise, and how pages and the API show it.

A service refuses with a `ServiceError` (or an app's subclass: PlayError, LobbyError,
LadderError) carrying a stable `code` for clients and a sentence for people; a refusal changes
nothing. Views show `message`; the API answers `error_response(exc)`.
"""

from __future__ import annotations

from django.utils import translation
from drf_spectacular.utils import OpenApiResponse
from rest_framework.response import Response

from games.core.words import translate


class ServiceError(Exception):
    """A refusal with a stable `code` (for clients) and a sentence (for people)."""

    status = 400

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status

    def to_json(self) -> dict[str, str]:
        """An engine's reason is a phrase (games.core.words): said in the reader's language."""
        detail = translate(self.message, translation.get_language() or "en")
        return {"error": self.code, "detail": detail}


def error_response(exc: ServiceError) -> Response:
    """The API's answer to a refusal: {"error": code, "detail": sentence} with its status."""
    return Response(exc.to_json(), status=exc.status)


# The error body every API refusal has, documented once for the OpenAPI schema.
ERROR_BODY = {
    "type": "object",
    "properties": {"error": {"type": "string"}, "detail": {}},
    "required": ["error", "detail"],
}
_ERROR_MEANINGS = {
    400: "Malformed request (bad body or parameters, a NUL character in the URL)",
    403: "Not logged in, bad credentials, or not allowed",
    404: "No such object",
    409: "Refused in the present state of things",
    413: "The request body is too large",
    415: "Unsupported content type",
    422: "An illegal action (the engine's reason)",
    429: "Too many requests or log-in failures: try again later (Retry-After)",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    """The documented error answers of an operation, for `extend_schema(responses=...)`."""
    return {s: OpenApiResponse(ERROR_BODY, description=_ERROR_MEANINGS[s]) for s in statuses}
