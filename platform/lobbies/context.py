"""The menu's "My games" shows how many invitations wait for an answer (a template context
processor; counted only when a page draws the menu)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from lobbies.models import Invitation, Table


def invitations(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def pending() -> int:
        return Invitation.objects.filter(
            invitee_id=user.pk, status=Invitation.Status.PENDING, table__status=Table.Status.OPEN
        ).count()

    return {"pending_invitations": pending}
