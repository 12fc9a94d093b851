"""Why a submission was refused. Every refusal changes nothing."""

from __future__ import annotations

from shared.errors import ServiceError

__all__ = ["PlayError", "finished", "malformed", "not_a_player", "not_your_turn", "stale_version"]


class PlayError(ServiceError):
    """A refused move or match request (the base class, its fields and JSON: shared.errors)."""


def malformed(message: str) -> PlayError:
    return PlayError("malformed", message)


def not_a_player() -> PlayError:
    return PlayError("not_a_player", "You are not playing in this match.", 403)


def not_your_turn() -> PlayError:
    return PlayError("not_your_turn", "It is not your turn.", 409)


def stale_version(current: int) -> PlayError:
    return PlayError(
        "stale_version",
        f"The match has moved on (now at version {current}); reload and try again.",
        409,
    )


def finished() -> PlayError:
    return PlayError("finished", "This match is over.", 409)
