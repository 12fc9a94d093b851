"""Why a tournament request was refused. Every refusal changes nothing."""

from __future__ import annotations

from django.utils.translation import gettext as _

from shared.errors import ServiceError


class TournamentError(ServiceError):
    """A refused tournament request (fields and JSON: shared.errors.ServiceError)."""


def not_found() -> TournamentError:
    return TournamentError("not_found", _("There is no such tournament."), 404)


def not_organiser() -> TournamentError:
    return TournamentError(
        "not_organiser", _("Only the organisers of this tournament may do that."), 403
    )


def bad(code: str, message: str) -> TournamentError:
    return TournamentError(code, message, 400)


def refused(code: str, message: str) -> TournamentError:
    return TournamentError(code, message, 409)


def invite_only() -> TournamentError:
    return TournamentError(
        "invite_only", _("This tournament is by invitation: you need its invite link."), 403
    )


def rating_too_low(minimum: int) -> TournamentError:
    return TournamentError(
        "rating_too_low",
        _("This tournament needs a rating of at least %(minimum)s.") % {"minimum": minimum},
        403,
    )
