"""Hard bounces: mail to an address that failed for good. One can be a mistake of the
receiving server; BOUNCE_LIMIT within BOUNCE_WINDOW mean the address is dead: the site stops
sending game e-mail there (a Suppression, and the account's game e-mails off), and the player's
"Play by e-mail" settings page says why and can turn them on again (docs/notifications.md)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from notifications.models import Bounce, Suppression
from notifications.unsubscribe import address_suppress
from shared import metrics

BOUNCE_LIMIT = 3
BOUNCE_WINDOW = timedelta(days=30)


def bounce_record(*, email: str, detail: str = "") -> bool:
    """Count one hard bounce; True when it was the one that stopped the mail."""
    email = email.strip().lower()
    with transaction.atomic():
        Bounce.objects.create(email=email[:254], detail=detail[:200])
        metrics.bounce_counted()
        since = timezone.now() - BOUNCE_WINDOW
        count = Bounce.objects.filter(email=email, created_at__gte=since).count()
        if count < BOUNCE_LIMIT or Suppression.objects.filter(email=email).exists():
            return False
        address_suppress(email=email, reason=Suppression.Reason.BOUNCED, detail=detail)
        User.objects.filter(email__iexact=email).update(turn_emails=False)
    return True


def bounce_state(user: Any) -> dict[str, Any] | None:
    """What the settings page says when the player's address bounced: the address, how many
    bounces, the last reason. None when their mail is not stopped by bounces."""
    email = user.email.lower()
    stopped = Suppression.objects.filter(email=email, reason=Suppression.Reason.BOUNCED).first()
    if stopped is None:
        return None
    bounces = Bounce.objects.filter(email=email).order_by("-created_at")
    last = bounces.first()
    return {
        "email": user.email,
        "count": bounces.count(),
        "detail": last.detail if last else stopped.detail,
        "since": stopped.created_at,
    }


def bounces_clear(*, user: Any) -> None:
    """The player fixed their address: game e-mails on again, the bounces forgotten."""
    email = user.email.lower()
    with transaction.atomic():
        Suppression.objects.filter(email=email, reason=Suppression.Reason.BOUNCED).delete()
        Bounce.objects.filter(email=email).delete()
        User.objects.filter(pk=user.pk).update(turn_emails=True)
