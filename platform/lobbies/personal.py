"""lobbies' part of "Your data" and of erasing an account (accounts.signals): the tables one
hosted or sat at before their start, and the invitations one sent or received. At erasure the
account leaves every table still waiting (a table it hosts is cancelled) and its invitations
are declined."""

from __future__ import annotations

import contextlib
from typing import Any

from django.db.models import Q

from lobbies.models import Invitation, Table, TableEntry
from lobbies.services import LobbyError, lobby_leave


def data_section(sender: Any, user: Any, **kwargs: Any) -> dict[str, Any]:
    tables = Table.objects.filter(Q(host=user) | Q(entries__user=user)).distinct()
    invitations = Invitation.objects.filter(Q(inviter=user) | Q(invitee=user))
    return {
        "tables": [
            {
                "table": t.pk,
                "game": t.game,
                "host": t.host_id == user.pk,
                "seats": t.seats,
                "ranked": t.ranked,
                "mode": t.mode,
                "private": t.private,
                "status": t.status,
                "created_at": t.created_at.isoformat(),
            }
            for t in tables.order_by("pk")
        ],
        "invitations": [
            {
                "table": i.table_id,
                "from": i.inviter.display_name,
                "to": i.invitee.display_name,
                "status": i.status,
                "at": i.created_at.isoformat(),
            }
            for i in invitations.select_related("inviter", "invitee").order_by("pk")
        ],
    }


def let_go(sender: Any, user: Any, **kwargs: Any) -> None:
    waiting = TableEntry.objects.filter(user=user, table__status=Table.Status.OPEN)
    for table_id in waiting.values_list("table_id", flat=True):
        with contextlib.suppress(LobbyError):
            lobby_leave(table_id=table_id, user=user)
    Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING).update(
        status=Invitation.Status.DECLINED
    )
