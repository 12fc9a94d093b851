"""The refusal every app's services raise, and how pages and the API show it.

A service refuses with a `ServiceError` (or an app's subclass: PlayError, LobbyError,
LadderError) carrying a stable `code` for clients and a sentence for people; a refusal changes
nothing. Views show `message`; the API answers `error_response(exc)`.
"""

from __future__ import annotations

from rest_framework.response import Response


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
        return {"error": self.code, "detail": self.message}


def error_response(exc: ServiceError) -> Response:
    """The API's answer to a refusal: {"error": code, "detail": sentence} with its status."""
    return Response(exc.to_json(), status=exc.status)
