"""Inviting a friend to a table by name (docs/lobbies.md, "Invitations").

`table_invite`: a player seated at an open table invites someone they follow; the invitee sees
the invitation under My games (and in the API) and gets an e-mail (notifications'
"invitation", recorded as an outbox job) whose link is signed: it names the invitation, so
it opens the private table for that one person only, and it dies after INVITE_DAYS.
`invitation_accept` takes the place; `invitation_decline` says no (for a rematch table, that
calls the rematch off).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Follow, User
from accounts.selectors import blocked_between
from lobbies import rematch  # rematch imports this module too: used by attribute
from lobbies.models import Invitation, Table
from lobbies.rematch_table import rematch_call_off, rematch_table_changed
from lobbies.services import LobbyError, lobby_join
from outbox.services import job_record

INVITE_DAYS = 14
_SALT = "lobbies.invitation"


def table_invite(*, table_id: int, user: Any, display_name: Any) -> Invitation:
    """`user`, seated at the open table, invites the friend called `display_name`."""
    if not isinstance(display_name, str) or not display_name.strip():
        raise LobbyError("malformed", _("Give the name of the friend to invite."))
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None:
            raise LobbyError("not_found", _("There is no such table."), 404)
        seated = set(table.entries.exclude(user=None).values_list("user_id", flat=True))
        if user.pk not in seated:
            raise LobbyError("not_joined", _("Take a place at the table to invite people."), 403)
        if not table.is_open:
            raise LobbyError("started", _("This table is no longer waiting for players."), 409)
        invitee = _friend(user, display_name.strip())
        if invitee.pk in seated:
            raise LobbyError(
                "already_joined",
                _("%(name)s is already at this table.") % {"name": invitee.display_name},
                409,
            )
        if table.entries.count() >= table.seats:
            raise LobbyError("full", _("This table is full."), 409)
        invitation, created = Invitation.objects.get_or_create(
            table=table, invitee=invitee, defaults={"inviter": user}
        )
        if not created and invitation.status != Invitation.Status.PENDING:
            invitation.status, invitation.inviter = Invitation.Status.PENDING, user
            invitation.answered_at = None
            invitation.save(update_fields=["status", "inviter", "answered_at"])
        invitation_email_record(invitation)
    return invitation


def _friend(user: Any, name: str) -> User:
    invitee = User.objects.filter(
        display_name__iexact=name, is_active=True, deleted_at__isnull=True
    ).first()
    if invitee is None:
        raise LobbyError(
            "unknown_player", _("There is no player called %(name)s.") % {"name": name}, 404
        )
    if invitee.pk == user.pk:
        raise LobbyError("self_invite", _("You are already at this table."))
    if blocked_between(user, invitee):
        raise LobbyError(
            "blocked", _("You cannot invite %(name)s.") % {"name": invitee.display_name}, 403
        )
    if not Follow.objects.filter(user=user, person=invitee).exists():
        raise LobbyError(
            "not_a_friend",
            _("Follow %(name)s first: you invite your friends by name.")
            % {"name": invitee.display_name},
            403,
        )
    return invitee


def invitation_email_record(invitation: Invitation) -> None:
    """The e-mail goes after the commit, at most once per table and address (notifications)."""
    job_record(
        "notifications.table_invitation",
        {
            "table": invitation.table_id,
            "email": invitation.invitee.email,
            "inviter": invitation.inviter_id,
            "invitation": invitation.pk,
        },
        key=f"invitation:{invitation.pk}",
    )


def accept_token(invitation: Invitation) -> str:
    return signing.TimestampSigner(salt=_SALT).sign(f"{invitation.pk}.{invitation.invitee_id}")


def accept_url(invitation: Invitation) -> str:
    """The e-mail's link: absolute, signed, naming this invitation and its invitee."""
    return settings.SITE_URL + reverse("lobbies:invitation", args=[accept_token(invitation)])


def invitation_from_token(token: Any) -> Invitation:
    """The invitation a link names; a forged, altered or expired link is refused."""
    try:
        value = signing.TimestampSigner(salt=_SALT).unsign(str(token), max_age=INVITE_DAYS * 86400)
    except signing.SignatureExpired as exc:
        raise LobbyError("expired", _("This invitation has expired."), 410) from exc
    except signing.BadSignature as exc:
        raise LobbyError("bad_link", _("This invitation link is not valid."), 404) from exc
    pk, _dot, invitee = value.partition(".")
    invitation = (
        Invitation.objects.select_related("table", "inviter", "invitee")
        .filter(pk=int(pk), invitee_id=int(invitee))
        .first()
    )
    if invitation is None:
        raise LobbyError("bad_link", _("This invitation link is not valid."), 404)
    return invitation


def _mine(invitation_id: Any, user: Any) -> Invitation:
    if isinstance(invitation_id, bool) or not isinstance(invitation_id, int):
        raise LobbyError("malformed", _("No such invitation."))
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("table")
        .filter(pk=invitation_id)
        .first()
    )
    if invitation is None:
        raise LobbyError("not_found", _("No such invitation."), 404)
    if invitation.invitee_id != user.pk:
        raise LobbyError("not_invited", _("This invitation is for someone else."), 403)
    return invitation


def invitation_accept(*, invitation_id: int, user: Any) -> Table:
    """Take the place the invitation offers (the table starts if it was the last one)."""
    valid = isinstance(invitation_id, int) and not isinstance(invitation_id, bool)
    found = Invitation.objects.filter(pk=invitation_id).first() if valid else None
    if found is not None:  # on its own: the refusal that follows must not undo it
        rematch.rematch_expire(found.table)
    with transaction.atomic():
        invitation = _mine(invitation_id, user)
        if invitation.status == Invitation.Status.DECLINED:
            raise LobbyError("declined", _("You declined this invitation."), 409)
        table = lobby_join(table_id=invitation.table_id, user=user, invited=True)
        _answer(invitation, Invitation.Status.ACCEPTED)
        rematch_table_changed(table)
    return table


def invitation_decline(*, invitation_id: int, user: Any) -> Invitation:
    """Say no. A rematch needs everyone: declining one calls it off."""
    with transaction.atomic():
        invitation = _mine(invitation_id, user)
        if invitation.status != Invitation.Status.PENDING:
            raise LobbyError("answered", _("You already answered this invitation."), 409)
        _answer(invitation, Invitation.Status.DECLINED)
        rematch_call_off(table=invitation.table, user=user)
    return invitation


def _answer(invitation: Invitation, status: str) -> None:
    invitation.status = status
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])


def invitations_pending(user: Any) -> list[Invitation]:
    """The invitations `user` has not answered, to tables still waiting, the newest first."""
    return list(
        Invitation.objects.filter(
            invitee_id=user.pk, status=Invitation.Status.PENDING, table__status=Table.Status.OPEN
        )
        .select_related("table", "inviter")
        .order_by("-created_at")
    )
