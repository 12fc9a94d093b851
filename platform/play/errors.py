"""Why a submission was refused. Every refusal changes nothing."""

from __future__ import annotations

from django.utils.translation import gettext as _

from shared.errors import ServiceError

__all__ = ["PlayError", "finished", "malformed", "not_a_player", "not_your_turn", "stale_version"]


class PlayError(ServiceError):
    """A refused move or match request (the base class, its fields and JSON: shared.errors)."""


def malformed(message: str) -> PlayError:
    return PlayError("malformed", message)


def not_a_player() -> PlayError:
    return PlayError("not_a_player", _("You are not playing in this match."), 403)


def not_your_turn() -> PlayError:
    return PlayError("not_your_turn", _("It is not your turn."), 409)


def stale_version(current: int) -> PlayError:
    return PlayError(
        "stale_version",
        _("The match has moved on (now at version %(current)s); reload and try again.")
        % {"current": current},
        409,
    )


def finished() -> PlayError:
    return PlayError("finished", _("This match is over."), 409)
