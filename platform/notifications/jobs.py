"""Outbox handlers of notifications (imported in NotificationsConfig.ready). Idempotent: the
answer row is claimed (and committed: `outside=True`, run outside the job's transaction) before
sending, so a second run finds it claimed and sends nothing."""

from __future__ import annotations

from typing import Any

from notifications import emails, services
from outbox.registry import job_handler


@job_handler("notifications.reply_answer", outside=True)
def reply_answer(payload: dict[str, Any]) -> None:
    services.reply_answer_send(reply_id=int(payload["reply"]))


@job_handler("notifications.table_invitation", outside=True)
def table_invitation(payload: dict[str, Any]) -> None:
    """Recorded by whoever invites (lobbies: `job_record("notifications.table_invitation",
    {"table": id, "email": address, "inviter": user id, "invitation": id}, key=...)`), no
    import needed. With an invitation (a player invited by name, lobbies/invitations.py) the
    link is that invitation's signed link."""
    table, email, inviter = int(payload["table"]), str(payload["email"]), int(payload["inviter"])
    invitation = int(payload["invitation"]) if payload.get("invitation") else None
    emails.table_invitation_send(
        table_id=table, email=email, inviter_id=inviter, invitation_id=invitation
    )
