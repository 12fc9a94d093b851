"""Why a chat request was refused. Every refusal changes nothing."""

from __future__ import annotations

from django.utils.translation import gettext as _

from shared.errors import ServiceError


class ChatError(ServiceError):
    """A refused chat line, report, mute or sanction (fields and JSON: shared.errors)."""


def not_found(what: str = "chat") -> ChatError:
    return ChatError("not_found", _("There is no such %(what)s.") % {"what": what}, 404)


def malformed(message: str) -> ChatError:
    return ChatError("malformed", message)


def not_logged_in() -> ChatError:
    return ChatError("not_logged_in", _("Log in to chat."), 403)


def suspended() -> ChatError:
    return ChatError("suspended", _("This account is suspended."), 403)
